/// Which blocks of a new version of a document were already rendered in the
/// previous one.
///
/// An edit touches one stretch of a document, so the blocks before it and
/// after it are matched from either end; everything between is rendered
/// anew. Comparing blocks costs far less than rendering them.
struct BlockReuse {
    private let previous: PreviousRendering
    /// New blocks before this index equal the previous version's first ones.
    private let unchangedPrefix: Int
    /// New blocks from this index on equal the previous version's last ones.
    private let unchangedSuffixStart: Int
    /// Added to a new block's index in the suffix to find its previous index.
    private let suffixShift: Int

    init(previous: PreviousRendering, blocks: [Block]) {
        self.previous = previous
        let old = previous.document.blocks
        let shortest = min(old.count, blocks.count)
        var prefix = 0
        while prefix < shortest, Self.sameContent(old[prefix], blocks[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix, Self.sameContent(old[old.count - 1 - suffix], blocks[blocks.count - 1 - suffix]) { suffix += 1 }
        unchangedPrefix = prefix
        unchangedSuffixStart = blocks.count - suffix
        suffixShift = old.count - blocks.count
    }

    /// The previous rendering of the block at `index` of the new version, if
    /// it is unchanged and its rendering depended on nothing else.
    func earlierRendering(ofBlockAt index: Int) -> RenderedDocument.ReusableBlock? {
        let reusable = previous.rendered.reusableBlocks
        let earlier: Int
        if index < unchangedPrefix {
            earlier = index
        } else if index >= unchangedSuffixStart {
            earlier = index + suffixShift
        } else {
            return nil
        }
        return reusable.indices.contains(earlier) ? reusable[earlier] : nil
    }

    /// Whether rendering `block` needs nothing but the block: no image to
    /// resolve, directly or inside a table.
    static func dependsOnlyOnItself(_ block: Block) -> Bool {
        switch block.content {
        case .paragraph, .divider: true
        case .image, .table: false
        }
    }

    /// Equal but for where the block sits in the source.
    private static func sameContent(_ first: Block, _ second: Block) -> Bool {
        first.kind == second.kind && first.content == second.content
    }
}
