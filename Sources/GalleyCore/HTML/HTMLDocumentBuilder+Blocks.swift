/// Paragraphs, images and the other blocks the builder emits.
extension HTMLDocumentBuilder {
    /// Begins a paragraph at the first visible content, taking the pending block's start tag as its location.
    mutating func startParagraphIfNeeded(at offset: Int) {
        guard paragraphStart == nil else { return }
        let context = currentContext
        var location = pendingBlockOffset ?? offset
        var marker: String?
        var level = context.listLevel ?? 0
        if let pending = pendingListMarker {
            marker = pending.marker
            level = pending.level
            location = pending.offset
            pendingListMarker = nil
        }
        paragraphStart = ParagraphStart(
            location: locator.location(of: location), context: context, listMarker: marker, listLevel: level,
            isFirstInBlock: pendingBlockOffset != nil, isFirstLevelHeading: openCounts["h1", default: 0] > 0)
        pendingBlockOffset = nil
    }

    /// Ends the paragraph in progress; `atBlockEnd` says its element closed, so its bottom margin applies.
    mutating func flushParagraph(atBlockEnd: Bool) {
        guard let start = paragraphStart else { return }
        paragraphStart = nil
        let runs = paragraph.runs
        paragraph = HTMLParagraphText()
        guard !runs.isEmpty || start.listMarker != nil else { return }
        let context = start.context
        var style = ParagraphStyle()
        style.alignment = context.alignment ?? .leading
        let isInList = start.listMarker != nil || context.listLevel != nil
        style.leftIndent = context.leftIndent + (isInList ? Double(start.listLevel + 1) * 18 : 0)
        style.rightIndent = context.rightIndent
        if let ems = context.verticalMarginEms {
            let margin = ((context.character.fontSize ?? HTMLPresentation.defaultFontSize) * ems * 100).rounded() / 100
            if start.isFirstInBlock { style.spaceBefore = margin }
            if atBlockEnd { style.spaceAfter = margin }
        }
        let content = Paragraph(
            runs: runs, style: style == ParagraphStyle() ? nil : style,
            listMarker: start.listMarker, listLevel: start.listMarker == nil ? 0 : start.listLevel)
        if start.isFirstLevelHeading, firstHeadingText == nil {
            firstHeadingText = Self.collapsingWhitespace(content.plainText.replacing("\u{2028}", with: " "))
        }
        appendBlock(Block(kind: context.blockKind, location: start.location, content: .paragraph(content)))
    }

    /// Puts a block in the open table cell, else in the document; content
    /// between table tags but outside cells lands before the table, where browsers show it.
    mutating func appendBlock(_ block: Block) {
        for index in tables.indices.reversed() where tables[index].hasOpenCell {
            tables[index].append(block)
            return
        }
        blocks.append(block)
    }

    /// A list item with no content of its own still shows its marker.
    mutating func emitEmptyListItem() {
        guard let pending = pendingListMarker else { return }
        pendingListMarker = nil
        flushParagraph(atBlockEnd: false)
        let content = Paragraph(runs: [], listMarker: pending.marker, listLevel: pending.level)
        appendBlock(Block(kind: "paragraph", location: locator.location(of: pending.offset), content: .paragraph(content)))
    }

    mutating func lineBreak(at offset: Int) {
        let context = currentContext
        guard !context.isHidden else { return }
        startParagraphIfNeeded(at: offset)
        paragraph.appendLineBreak(style: context.character)
    }

    /// Text the page adds around content (the quotes of `<q>`, the brackets of a ruby reading).
    mutating func appendGenerated(_ text: String, at offset: Int) {
        let context = currentContext
        guard !context.isHidden else { return }
        startParagraphIfNeeded(at: offset)
        paragraph.appendGenerated(text, style: context.character)
    }

    /// An `<img>` becomes a block of its own, splitting the paragraph around it; remote images are never loaded.
    mutating func image(_ tag: HTMLStartTag) {
        switch HTMLImageSource.resolve(tag.value(of: "src") ?? "") {
        case .refused(let refusal):
            diagnose(.unsupportedContent, .warning, refusal.description, at: tag.offset)
        case .image(let source):
            flushParagraph(atBlockEnd: false)
            let image = ImageBlock(
                source: source, widthPoints: Self.points(tag.value(of: "width")),
                heightPoints: Self.points(tag.value(of: "height")))
            appendBlock(Block(kind: "image", location: locator.location(of: tag.offset), content: .image(image)))
        }
    }

    /// A `width` or `height` attribute in points; percentages and nonsense give nil.
    static func points(_ attribute: String?) -> Double? {
        guard let text = attribute?.trimmingSpaces, !text.hasSuffix("%") else { return nil }
        let digits = text.hasSuffix("px") ? String(text.dropLast(2)) : text
        guard let pixels = Double(digits), pixels.isFinite, pixels > 0 else { return nil }
        return min(pixels, 100_000) * HTMLPresentation.pointsPerPixel
    }
}
