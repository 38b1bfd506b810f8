/// Which blocks of a new version of a document were already rendered in the
/// previous one.
///
/// An edit touches one stretch of a document, so the blocks before it and
/// after it are matched from either end; everything between is rendered
/// anew. Comparing blocks costs far less than rendering them.
struct BlockReuse {
    /// New blocks before this index equal the previous version's first ones.
    private let unchangedPrefix: Int
    /// New blocks from this index on equal the previous version's last ones.
    private let unchangedSuffixStart: Int
    /// Added to a new block's index in the suffix to find its previous index.
    private let suffixShift: Int

    init(previous: PreviousRendering, blocks: [Block]) {
        let old = previous.document.blocks
        let rendered = previous.rendered
        // A rendering of some other document (only a caller's mistake) offers nothing.
        let isConsistent = rendered.blocks.count == old.count && rendered.blockCount == old.count
        let shortest = isConsistent ? min(old.count, blocks.count) : 0
        // Compared where they lie: taking each block out of its array
        // retained and released its kind and content, four times a block.
        let (prefix, suffix) = old.withUnsafeBufferPointer { old in
            blocks.withUnsafeBufferPointer { blocks in
                var prefix = 0
                while prefix < shortest, Self.sameContent(old, prefix, blocks, prefix) { prefix += 1 }
                var suffix = 0
                while suffix < shortest - prefix, Self.sameContent(old, old.count - 1 - suffix, blocks, blocks.count - 1 - suffix) { suffix += 1 }
                return (prefix, suffix)
            }
        }
        unchangedPrefix = prefix
        unchangedSuffixStart = blocks.count - suffix
        suffixShift = old.count - blocks.count
    }

    /// Where the block at `index` of the new version was in the previous
    /// version, if it is unchanged there.
    func earlierIndex(ofBlockAt index: Int) -> Int? {
        if index < unchangedPrefix { return index }
        if index >= unchangedSuffixStart { return index + suffixShift }
        return nil
    }

    /// Whether rendering `block` needs nothing but the block: no image to
    /// resolve, directly or inside a table.
    static func dependsOnlyOnItself(_ block: Block) -> Bool {
        !block.containsImage
    }

    /// Equal but for where the block sits in the source.
    private static func sameContent(_ first: UnsafeBufferPointer<Block>, _ firstIndex: Int, _ second: UnsafeBufferPointer<Block>, _ secondIndex: Int) -> Bool {
        first[firstIndex].kind == second[secondIndex].kind && first[firstIndex].content.isSame(as: second[secondIndex].content)
    }
}
