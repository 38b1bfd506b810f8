/// Which blocks of a new version of a document were already rendered in the
/// previous one: its unchanged blocks, when the previous rendering is of
/// the previous version.
struct BlockReuse {
    private let unchanged: UnchangedBlocks?

    init(previous: PreviousRendering, blocks: [Block]) {
        let old = previous.document.blocks
        let rendered = previous.rendered
        // A rendering of some other document (only a caller's mistake) offers nothing.
        guard rendered.blocks.count == old.count && rendered.blockCount == old.count else {
            unchanged = nil
            return
        }
        if let found = previous.unchanged, found.matches(earlierCount: old.count, count: blocks.count) {
            unchanged = found
        } else {
            unchanged = UnchangedBlocks(earlier: old, blocks: blocks)
        }
    }

    /// Where the block at `index` of the new version was in the previous
    /// version, if it is unchanged there.
    func earlierIndex(ofBlockAt index: Int) -> Int? {
        unchanged?.earlierIndex(ofBlockAt: index)
    }

    /// Whether rendering `block` needs nothing but the block: no image to
    /// resolve and no face's line height, directly or inside a table.
    static func dependsOnlyOnItself(_ block: Block) -> Bool {
        guard !block.containsImage else { return false }
        var needsFaces = false
        block.walk { block in
            if case .paragraph(let paragraph) = block.content, TextViewLines.dependOnFaces(paragraph) { needsFaces = true }
        }
        return !needsFaces
    }
}
