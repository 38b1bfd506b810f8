/// Finds a block of the previous rendering by what its id is made of: its
/// content hash and occurrence (`HTMLRenderer.blockID`). An edit leaves the
/// blocks before it where they were and those after it shifted by the number
/// added or removed, so those two places are tried before the rest.
struct EarlierBlocks {
    /// Blocks looked for elsewhere before a table of every block is built:
    /// an edit's new blocks are in no table, and comparing two numbers a
    /// block costs far less than hashing thousands.
    private static let scansBeforeTable = 8

    private let blocks: [RenderedDocument.RenderedBlock]
    private let countDifference: Int
    private var indexOfKey: [UInt64: Int]?
    private var scans = 0

    /// The blocks of the previous rendering, for a rendering of `blockCount` blocks.
    init(_ blocks: [RenderedDocument.RenderedBlock], blockCount: Int) {
        self.blocks = blocks
        countDifference = blocks.count - blockCount
    }

    /// The index of the previous block with content `base` occurring for the
    /// `occurrence`th time, looked for first at the new block's `index` and
    /// where it would be had it moved with the edit.
    mutating func index(of base: UInt32, occurrence: Int, near index: Int) -> Int? {
        if has(base, occurrence, at: index) { return index }
        if has(base, occurrence, at: index + countDifference) { return index + countDifference }
        if indexOfKey == nil, scans < Self.scansBeforeTable {
            scans += 1
            return blocks.firstIndex { $0.base == base && $0.occurrence == occurrence }
        }
        if indexOfKey == nil {
            var table: [UInt64: Int] = [:]
            table.reserveCapacity(blocks.count)
            for (index, block) in blocks.enumerated() { table[Self.key(block.base, block.occurrence)] = index }
            indexOfKey = table
        }
        return indexOfKey?[Self.key(base, occurrence)]
    }

    private func has(_ base: UInt32, _ occurrence: Int, at index: Int) -> Bool {
        index >= 0 && index < blocks.count && blocks[index].base == base && blocks[index].occurrence == occurrence
    }

    private static func key(_ base: UInt32, _ occurrence: Int) -> UInt64 {
        UInt64(base) << 32 | UInt64(truncatingIfNeeded: occurrence)
    }
}
