/// Turning finished paragraphs, images and table cells into blocks.
extension RTFParser {
    /// Ends the paragraph in progress (`\par`, Cocoa's backslash-newline).
    mutating func endParagraph() {
        guard state.destination.isDocumentText else { return }
        flushPendingText()
        let continues = paragraphContinuesAfterBlock
        paragraphContinuesAfterBlock = false
        let part = paragraph.take()
        // The tail after an inline image is dropped when empty: the image already took the line.
        // So is an empty paragraph after the document's last brace, which no writer means.
        if continues || hasClosedRootGroup, part.runs.isEmpty { return }
        addParagraph(part, continuing: continues, endOffset: lexer.tokenStart)
    }

    /// Places an image block, splitting the paragraph around it so reading order is kept.
    mutating func addImage(_ image: ImageBlock, offset: Int) {
        flushPendingText()
        let part = paragraph.take()
        if !part.runs.isEmpty {
            addParagraph(part, continuing: paragraphContinuesAfterBlock, endOffset: offset)
        }
        paragraphContinuesAfterBlock = true
        var image = image
        image.alignment = state.paragraph.alignment.relative(to: state.paragraph.direction)
        image.direction = state.paragraph.direction
        let block = Block(kind: "image", location: locator.location(of: offset), content: .image(image))
        assembler.add(block, tableDepth: currentTableDepth)
    }

    mutating func endTableCell(depth: Int) {
        flushPendingText()
        let part = paragraph.take()
        let continues = paragraphContinuesAfterBlock
        paragraphContinuesAfterBlock = false
        if !part.runs.isEmpty || part.marker != nil {
            addParagraph(part, continuing: continues, endOffset: lexer.tokenStart, tableDepth: depth)
        }
        assembler.endCell(depth: depth, location: locator.location(of: lexer.tokenStart), widths: cellWidths)
    }

    mutating func endTableRow(depth: Int) {
        flushPendingText()
        if !paragraph.isEmpty { endTableCell(depth: depth) }
        assembler.endRow(depth: depth, location: locator.location(of: lexer.tokenStart), widths: cellWidths)
    }

    private var currentTableDepth: Int {
        assembler.isInFootnote ? 0 : state.paragraph.effectiveTableDepth
    }

    /// Widths of the current row's cells in points, from its `\cellx` right edges.
    private var cellWidths: [Double] {
        var left = rowLeft
        var widths: [Double] = []
        widths.reserveCapacity(rowBoundaries.count)
        for right in rowBoundaries {
            widths.append(Double(right - left) / 20)
            left = right
        }
        return widths
    }

    private mutating func addParagraph(
        _ part: (runs: [TextRun], startOffset: Int?, marker: String?), continuing: Bool,
        endOffset: Int, tableDepth: Int? = nil
    ) {
        let format = state.paragraph
        let listItem = continuing || part.runs.isEmpty ? nil : listMarker(format: format, explicit: part.marker)
        let content = Paragraph(
            runs: part.runs, style: format.paragraphStyle(),
            listMarker: listItem?.marker, listLevel: listItem?.level ?? 0)
        let kind: KindName = assembler.isInFootnote ? "footnote" : "paragraph"
        let location = locator.location(of: part.startOffset ?? endOffset)
        let depth = tableDepth ?? currentTableDepth
        assembler.add(Block(kind: kind, location: location, content: .paragraph(content)), tableDepth: depth)
        if depth == 0, !assembler.isInFootnote { isAtParagraphBoundary = true }
    }

    /// The list marker and level of a paragraph: the writer's own marker when given, else one counted from the list definition.
    private mutating func listMarker(format: RTFParagraphFormat, explicit: String?) -> (marker: String, level: Int)? {
        let level = format.listLevel
        if format.listOverride > 0 {
            let levels = listTable.levels(forOverride: format.listOverride)
            let counters = listNumbering.advance(list: format.listOverride, level: level) { index in
                guard let levels, index < levels.count else { return 1 }
                return levels[index].startAt
            }
            if let explicit { return (explicit, level) }
            if let levels { return (RTFListNumbering.marker(levels: levels, level: level, counters: counters), level) }
            if format.legacyNumbering >= 0, format.legacyNumbering < legacyNumberings.count {
                let legacy = legacyNumberings[format.legacyNumbering]
                return (RTFListNumbering.marker(legacy: legacy, counter: counters[min(level, counters.count - 1)]), level)
            }
            return ("•", level)
        }
        if format.legacyNumbering >= 0, format.legacyNumbering < legacyNumberings.count {
            let legacy = legacyNumberings[format.legacyNumbering]
            // Old-style numbering has no list identity; paragraphs sharing one definition count together.
            let counters = listNumbering.advance(list: -1 - format.legacyNumbering, level: legacy.level) { _ in legacy.startAt }
            let marker = explicit ?? RTFListNumbering.marker(legacy: legacy, counter: counters[legacy.level])
            return (marker, legacy.level)
        }
        if let explicit { return (explicit, level) }
        return nil
    }
}
