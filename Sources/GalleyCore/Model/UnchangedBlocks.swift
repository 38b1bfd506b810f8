/// Which blocks of a new version of a document are, unchanged, blocks of the
/// version before it: what rendering and checking the new version may take
/// over from the last.
///
/// An edit touches one stretch of a document, so the blocks before it and
/// after it are matched from either end; everything between counts as new.
/// Comparing blocks costs far less than rendering or judging them again.
package struct UnchangedBlocks: Sendable, Equatable {
    /// New blocks before this index equal the earlier version's first ones.
    package let prefix: Int
    /// New blocks from this index on equal the earlier version's last ones.
    package let suffixStart: Int
    /// Added to a new block's index in the suffix to find its earlier index.
    package let suffixShift: Int
    /// How many blocks each version has: a match found for other versions is not used.
    let earlierCount: Int
    let count: Int

    package init(earlier old: [Block], blocks: [Block]) {
        let shortest = min(old.count, blocks.count)
        // Compared where they lie: taking each block out of its array
        // retained and released its kind and content, four times a block.
        let (prefix, suffix) = old.withUnsafeBufferPointer { old in
            blocks.withUnsafeBufferPointer { blocks in
                var prefix = 0
                while prefix < shortest, Self.sameContent(old, prefix, blocks, prefix) { prefix += 1 }
                var suffix = 0
                while suffix < shortest - prefix, Self.sameContent(old, old.count - 1 - suffix, blocks, blocks.count - 1 - suffix) {
                    suffix += 1
                }
                return (prefix, suffix)
            }
        }
        self.prefix = prefix
        suffixStart = blocks.count - suffix
        suffixShift = old.count - blocks.count
        earlierCount = old.count
        count = blocks.count
    }

    /// Whether this match is between versions of these sizes.
    package func matches(earlierCount: Int, count: Int) -> Bool {
        self.earlierCount == earlierCount && self.count == count
    }

    /// The new blocks that are not earlier ones.
    package var changed: Range<Int> { prefix..<suffixStart }

    /// The earlier version's blocks that the new version does not keep.
    package var earlierChanged: Range<Int> { prefix..<(suffixStart + suffixShift) }

    /// Where the block at `index` of the new version was in the earlier
    /// version, if it is unchanged there.
    package func earlierIndex(ofBlockAt index: Int) -> Int? {
        if index < prefix { return index }
        if index >= suffixStart { return index + suffixShift }
        return nil
    }

    /// Equal but for where the block sits in the source.
    private static func sameContent(
        _ first: UnsafeBufferPointer<Block>, _ firstIndex: Int, _ second: UnsafeBufferPointer<Block>, _ secondIndex: Int
    ) -> Bool {
        first[firstIndex].kind == second[secondIndex].kind && first[firstIndex].content.isSame(as: second[secondIndex].content)
    }
}
