/// How blocks nest, in one place: every question about "all the blocks of a
/// document" (its images, what it depends on, what is missing) walks the
/// tree through here, so a block inside a table cell is never forgotten.
extension Block {
    /// The blocks directly inside this one, in reading order: the blocks of
    /// a table's cells, row by row. Nesting the model gains (list items,
    /// footnotes) is added here and every walk follows it.
    package var nestedBlocks: [Block] {
        switch content {
        case .paragraph, .image, .divider: []
        case .table(let rows): rows.flatMap { row in row.flatMap(\.blocks) }
        }
    }

    /// Calls `visit` with this block and every block nested in it, depth
    /// first, in reading order.
    package func walk(_ visit: (Block) -> Void) {
        visit(self)
        for nested in nestedBlocks { nested.walk(visit) }
    }

    /// This block with its source line, and those of the blocks nested in
    /// it, `lines` further down (an edit above it added lines).
    package func movedDown(by lines: Int) -> Block {
        relocated { SourceLocation(line: $0.line + lines, column: $0.column) }
    }

    /// This block with its source location, and those of the blocks nested
    /// in it, replaced by `move`'s: where they are in an edited version of the file.
    package func relocated(_ move: (SourceLocation) -> SourceLocation) -> Block {
        var moved = self
        moved.location = move(location)
        if case .table(let rows) = content {
            moved.content = .table(
                rows.map { row in
                    row.map { cell in
                        var cell = cell
                        cell.blocks = cell.blocks.map { $0.relocated(move) }
                        return cell
                    }
                })
        }
        return moved
    }

    /// Whether this block or one nested in it is an image.
    package var containsImage: Bool {
        var found = false
        walk { block in
            if case .image = block.content { found = true }
        }
        return found
    }
}

/// An image a document refers to, wherever it sits.
package struct ImageReference: Equatable, Sendable {
    package var source: ImageBlock.Source
    /// Where the image block is in the source.
    package var location: SourceLocation
    /// The top-level block that holds it (itself, or the table it is in).
    package var topLevelIndex: Int
}

extension Document {
    /// Every image block of the document, nested ones included, in reading order.
    package var imageReferences: [ImageReference] {
        imageReferences(in: blocks.indices)
    }

    /// The image blocks among the top-level blocks `range`, nested ones included, in reading order.
    package func imageReferences(in range: Range<Int>) -> [ImageReference] {
        var references: [ImageReference] = []
        for index in range {
            // Most blocks of a long document are paragraphs, which hold no image: passed by their tag alone.
            if case .paragraph = blocks[index].content { continue }
            blocks[index].walk { block in
                guard case .image(let image) = block.content else { return }
                references.append(ImageReference(source: image.source, location: block.location, topLevelIndex: index))
            }
        }
        return references
    }
}
