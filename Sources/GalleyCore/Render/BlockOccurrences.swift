/// How often each block's content occurred before it in the document: the
/// number that tells repeated content apart in block ids (`b-1a2b3c4d-2`).
///
/// Counted as a difference from the previous rendering, whose blocks carry
/// their own counts, so that a block matched with one of them costs a
/// comparison, and only the blocks around an edit cost a lookup.
struct BlockOccurrences {
    private let previous: [RenderedDocument.RenderedBlock]
    /// The previous blocks before this index have been passed: matched, or dropped.
    private var previousCursor = 0
    /// Per content: how many times more it occurred so far in the new
    /// version than before the cursor in the previous one; zero entries
    /// may remain.
    private var difference: [UInt32: Int] = [:]
    /// One bit per content in `difference` (by its low six bits), so that
    /// most blocks skip the lookup.
    private var differenceBits: UInt64 = 0
    /// Where each content occurs in the previous version, built only when
    /// scanning backwards for it would cost more.
    private var positions: [UInt32: [Int]]?
    /// Steps left for backward scans before `positions` is built instead.
    private var scanBudget: Int

    init(previous: [RenderedDocument.RenderedBlock]) {
        self.previous = previous
        scanBudget = 4 * previous.count + 64
    }

    /// The occurrence of a block with content `base` that comes next; it
    /// matches the previous version's block at `earlierIndex`, if any.
    /// Matched blocks must come in the order of their earlier indices.
    mutating func next(_ base: UInt32, matching earlierIndex: Int?) -> Int {
        guard let earlierIndex else {
            let occurrence = previousCount(of: base, before: previousCursor) + differenceOf(base)
            note(base, by: 1)
            return occurrence
        }
        // Blocks of the previous version between the last match and this one are gone.
        while previousCursor < earlierIndex {
            note(previous[previousCursor].base, by: -1)
            previousCursor += 1
        }
        previousCursor = earlierIndex + 1
        let earlier = previous[earlierIndex]
        if earlier.base == base { return earlier.occurrence + differenceOf(base) }
        let occurrence = previousCount(of: base, before: earlierIndex) + differenceOf(base)
        note(base, by: 1)
        note(earlier.base, by: -1)
        return occurrence
    }

    private func differenceOf(_ base: UInt32) -> Int {
        differenceBits & (1 << UInt64(base & 63)) == 0 ? 0 : difference[base, default: 0]
    }

    private mutating func note(_ base: UInt32, by change: Int) {
        differenceBits |= 1 << UInt64(base & 63)
        difference[base, default: 0] += change
    }

    /// How many blocks of the previous version before `end` have content `base`.
    private mutating func previousCount(of base: UInt32, before end: Int) -> Int {
        if positions == nil, scanBudget >= end {
            scanBudget -= end
            var index = end - 1
            while index >= 0 {
                if previous[index].base == base { return previous[index].occurrence + 1 }
                index -= 1
            }
            return 0
        }
        if positions == nil {
            var built: [UInt32: [Int]] = [:]
            for (index, block) in previous.enumerated() { built[block.base, default: []].append(index) }
            positions = built
        }
        guard let found = positions?[base] else { return 0 }
        // The first position at or after `end`, by halving.
        var low = 0
        var high = found.count
        while low < high {
            let middle = (low + high) / 2
            if found[middle] < end { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
