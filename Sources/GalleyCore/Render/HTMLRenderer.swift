/// Renders a document as the HTML fragment the preview page shows: one
/// `<article>`, the title's header, then groups of blocks (`BlockGroups`),
/// one element per block with a stable id.
///
/// A pure function of the document and the context: what it finds on the
/// way (images missing, or that cannot be shown as they are) it returns in
/// the rendering, and what it looks up it keeps only while it renders.
package struct HTMLRenderer {
    package let context: RenderContext
    /// Counts the blocks rendered anew (not copied from a previous rendering).
    private let counter: WorkCounter?
    /// Counts the pieces of the previous rendering's HTML copied into the new one.
    private let copies: WorkCounter?

    package init(context: RenderContext, counter: WorkCounter? = nil, copies: WorkCounter? = nil) {
        self.context = context
        self.counter = counter
        self.copies = copies
    }

    /// What rendering the blocks carries from one to the next: the fonts
    /// looked up so far, and why files of the images resolved cannot be
    /// shown as they are, by path.
    private struct Pass {
        let lines: TextViewLines
        var fonts: FontLookups
        var imageProblems: [String: String] = [:]
    }

    package func render(_ document: Document) -> RenderedDocument {
        render(document, reusing: nil)
    }

    /// Renders `document`, copying the HTML of blocks that are unchanged
    /// since `previous` (and of blocks with images, when the context is the
    /// same) instead of rendering them again: a one-word edit in
    /// a long rich-text document then costs a comparison per block, not a
    /// rendering, and groups that did not change are copied whole. Says in
    /// `changes` which children and blocks were kept, moved or are new.
    package func render(_ document: Document, reusing previous: PreviousRendering?) -> RenderedDocument {
        // The direction on the article mirrors the page around it too (documentPage.js).
        let direction = context.direction.map { " dir=\"\($0.rawValue)\"" } ?? ""
        let articleTag = "<article class=\"galley-doc kind-\(document.kind.rawValue)\"\(direction)>"
        var html = articleTag + "\n"
        // Growing a big document's string step by step costs page faults; the
        // last rendering's size is known, a first one's only guessed, and a
        // guess kept by each of 10,000 documents after start-up costs more.
        if let previous { html.reserveCapacity(256 + previous.rendered.html.utf8.count) }
        var elements: [RenderedDocument.Element] = []
        elements.reserveCapacity(document.blocks.count + 1)
        let earlier = previous?.rendered
        var children: [ArticleChanges.Child] = []
        if let bar = document.shownNavigationBar {
            let start = html.utf8.count
            html += "<header class=\"navbar\" data-display-mode=\"\(bar.displayMode.rawValue)\">"
            html += "<h1>\(HTMLEscaping.escape(bar.title))</h1></header>"
            elements.append(.init(id: nil, range: start..<html.utf8.count))
            if let earlier {
                let same =
                    earlier.headerCount == 1
                    && earlier.html.utf8Slice(earlier.elements[0].range).isByteEqual(to: html.utf8Slice(start..<html.utf8.count))
                children.append(same ? .kept(from: 0, shift: .none) : .new(blocks: nil))
            }
            html += "\n"
        }
        var pass = Pass(lines: TextViewLines(kind: document.kind), fonts: FontLookups(faceMetrics: context.faceMetrics))
        let prepared = prepareBlocks(of: document, reusing: previous, pass: &pass)
        let groupRanges = BlockGroups.ranges(ofBlocksWithContent: prepared.blocks.map(\.rendered.base))
        var writer = GroupWriter(document: document, earlier: earlier, prepared: prepared, copies: copies)
        var groups: [RenderedDocument.Group] = []
        groups.reserveCapacity(groupRanges.count)
        for range in groupRanges {
            let child = writer.write(range, into: &html, elements: &elements, groups: &groups)
            if earlier != nil { children.append(child) }
        }
        html += "</article>\n"
        return RenderedDocument(
            html: html, articleTag: articleTag, elements: elements, groups: groups, missingImages: prepared.missing,
            imageProblems: pass.imageProblems, blocks: writer.blocks, scripts: prepared.scripts,
            changes: earlier.map { ArticleChanges(basis: $0.identity, children: children) })
    }

    /// Each block, copied from the previous rendering or rendered anew,
    /// before the groups are cut and written.
    private func prepareBlocks(of document: Document, reusing previous: PreviousRendering?, pass: inout Pass) -> PreparedBlocks {
        let reuse = previous.map { BlockReuse(previous: $0, blocks: document.blocks) }
        var prepared = PreparedBlocks()
        prepared.blocks.reserveCapacity(document.blocks.count)
        // Bound once: a long document passes through this loop thousands of times.
        let blocks = document.blocks
        let earlierBlocks = previous?.rendered.blocks ?? []
        let earlierElements = previous?.rendered.elements ?? []
        let earlierHeaderCount = previous?.rendered.headerCount ?? 0
        let earlierHTML = previous?.rendered.html ?? ""
        let earlierMissing = previous?.rendered.missingImages ?? []
        var occurrences = BlockOccurrences(previous: earlierBlocks)
        let sameContext = previous?.sameContext == true
        let earlierMissingImages = Dictionary(grouping: earlierMissing.indices, by: { earlierMissing[$0].blockID })
        // Asked of every unchanged block: most documents show no missing image, and then no id is looked up.
        func reusability(of earlierIndex: Int, at index: Int) -> Reusability {
            if earlierBlocks[earlierIndex].dependsOnlyOnItself { return .reusable }
            guard sameContext else { return .notReusable }
            guard !earlierMissingImages.isEmpty, let id = earlierElements[earlierHeaderCount + earlierIndex].id,
                let shown = earlierMissingImages[id]
            else { return .reusable }
            // An image block's missing image is where the block now starts;
            // one nested in a table is found where it now is by rendering the table again.
            guard case .image = blocks[index].content, shown.count == 1 else { return .notReusable }
            return .showingMissingImage(shown[0])
        }
        var elsewhere = EarlierBlocks(earlierBlocks, blockCount: blocks.count)
        // By index: taking each block out of the array retained and released its kind and content.
        for index in blocks.indices {
            let earlierIndex = reuse?.earlierIndex(ofBlockAt: index)
            if let earlierIndex, case let reusability = reusability(of: earlierIndex, at: index), reusability != .notReusable {
                let earlier = earlierBlocks[earlierIndex]
                var rendered = earlier
                rendered.occurrence = occurrences.next(earlier.base, matching: earlierIndex)
                prepared.scripts.formUnion(earlier.scripts)
                let missingImage = reusability.missingImage.map { earlierMissing[$0] }
                if rendered.occurrence == earlier.occurrence {
                    // The very same element, wherever it now is.
                    prepared.blocks.append(PreparedBlock(rendered: rendered, source: .same(earlierIndex)))
                } else {
                    prepared.appendContent(
                        earlierHTML.utf8Slice(earlier.inner), id: Self.blockID(earlier.base, rendered.occurrence),
                        missingImage: missingImage != nil, rendered: rendered)
                }
                if let missingImage {
                    prepared.missing.append(
                        .init(name: missingImage.name, location: blocks[index].location, blockID: prepared.id(ofBlockAt: index)))
                }
                continue
            }
            counter?.add(1)
            let block = blocks[index]
            var missingHere: [MissingImageInBlock] = []
            let content = renderContent(of: block, pass: &pass, missingImages: &missingHere)
            // Identity from content, so a block keeps its id while blocks
            // around it are inserted or edited.
            var hash = ContentHash()
            hash.combine(block.kind.rawValue)
            hash.combine(CollectionOfOne(0))
            hash.combine(content)
            let occurrence = occurrences.next(hash.folded, matching: earlierIndex)
            let blockScripts = DocumentLanguage.Scripts(in: block)
            prepared.scripts.formUnion(blockScripts)
            let blockID = Self.blockID(hash.folded, occurrence)
            var rendered = RenderedDocument.RenderedBlock(
                base: hash.folded, occurrence: occurrence, inner: 0..<0,
                dependsOnlyOnItself: BlockReuse.dependsOnlyOnItself(block), scripts: blockScripts)
            // A block moved from elsewhere in the document (two paragraphs
            // swapped, an item moved): the very same element, if its HTML is.
            if previous != nil, missingHere.isEmpty, earlierMissingImages[blockID] == nil,
                let earlierIndex = elsewhere.index(of: hash.folded, occurrence: occurrence, near: index),
                earlierHTML.utf8Slice(earlierBlocks[earlierIndex].inner).isByteEqual(to: content)
            {
                rendered.inner = earlierBlocks[earlierIndex].inner
                prepared.blocks.append(PreparedBlock(rendered: rendered, source: .same(earlierIndex)))
                continue
            }
            prepared.appendContent(Substring(content), id: blockID, missingImage: !missingHere.isEmpty, rendered: rendered)
            for image in missingHere { prepared.missing.append(.init(name: image.name, location: image.location, blockID: blockID)) }
        }
        return prepared
    }

    /// Whether an unchanged block's previous HTML may be copied into a new rendering.
    private enum Reusability: Equatable {
        case reusable
        /// Copied, and the image it shows, which does not resolve (the
        /// previous rendering's missing image at this index), reported where the block now starts.
        case showingMissingImage(Int)
        /// Rendered again: it resolves images in another context, or a missing image nested in it moved.
        case notReusable

        var missingImage: Int? {
            if case .showingMissingImage(let index) = self { return index }
            return nil
        }
    }

    /// A block's element id: its content hash, then how many blocks before
    /// it have the same content, which tells repeated content apart.
    static func blockID(_ base: UInt32, _ occurrence: Int) -> String {
        "b-" + ContentHash.shortHex(base) + "-" + String(occurrence)
    }

    /// An image that did not resolve, in a block or nested in it.
    private struct MissingImageInBlock {
        var name: String
        var location: SourceLocation
    }

    /// The block's HTML; images that do not resolve, its own or nested ones
    /// (an image in a table cell), are added to `missingImages`.
    private func renderContent(of block: Block, pass: inout Pass, missingImages: inout [MissingImageInBlock]) -> String {
        switch block.content {
        case .paragraph(let paragraph):
            return renderParagraph(paragraph, pass: &pass)
        case .image(let image):
            var missingName: String?
            var html = renderImage(image, missingImage: &missingName, problems: &pass.imageProblems)
            if let missingName { missingImages.append(MissingImageInBlock(name: missingName, location: block.location)) }
            if image.alignment != .leading || image.direction != nil {
                // Placed in its line as its paragraph's text would be.
                let direction = image.direction.map { " dir=\"\($0.rawValue)\"" } ?? ""
                let alignment = textAlignCSS(image.alignment).map { " style=\"\($0)\"" } ?? ""
                html = "<div class=\"attachment-line\"\(direction)\(alignment)>\(html)</div>"
            }
            return html
        case .divider:
            return "<hr>"
        case .table(let rows):
            var html = "<table>"
            for row in rows {
                html += "<tr>"
                for cell in row {
                    let width = cell.widthPoints.map { " style=\"width:\(formatPoints($0))\"" } ?? ""
                    html += "<td\(width)>"
                    for nested in cell.blocks {
                        html += renderContent(of: nested, pass: &pass, missingImages: &missingImages)
                    }
                    html += "</td>"
                }
                html += "</tr>"
            }
            return html + "</table>"
        }
    }

    private func renderParagraph(_ paragraph: Paragraph, pass: inout Pass) -> String {
        var html = "<p"
        if paragraph.listMarker != nil { html += " class=\"list-item\"" }
        let direction = paragraph.style?.direction
        if let direction { html += " dir=\"\(direction.rawValue)\"" }
        // A font shared by every run is said once, on the paragraph.
        let family = paragraph.runs.first?.style.fontFamily
        let sharedFamily = family != nil && paragraph.runs.allSatisfy { $0.style.fontFamily == family } ? family : nil
        let size = paragraph.runs.first?.style.fontSize
        let sharedSize = size != nil && paragraph.runs.allSatisfy { $0.style.fontSize == size } ? size : nil
        let textLines = pass.lines
        let lines = textLines.lines(of: paragraph, &pass.fonts)
        var css: [String] = []
        if let style = paragraph.style ?? (paragraph.listMarker != nil ? ParagraphStyle() : nil) {
            let listLevel = paragraph.listMarker == nil ? nil : paragraph.listLevel
            let paragraphCSS = paragraphCSS(style, listLevel: listLevel, spacing: lines.spacing)
            if !paragraphCSS.isEmpty { css.append(paragraphCSS) }
        }
        if let lineHeight = textLines.paragraphDeclaration(family: sharedFamily, lines, &pass.fonts) { css.append(lineHeight) }
        css += fontCSS(family: sharedFamily, size: sharedSize, &pass.fonts)
        if !css.isEmpty { html += " style=\"\(HTMLEscaping.escape(css.joined(separator: ";"), keepingApostrophes: true))\"" }
        html += ">"
        if let marker = paragraph.listMarker {
            html += "<span class=\"list-marker\">\(HTMLEscaping.escape(marker))</span>"
        }
        for run in paragraph.runs {
            var style = run.style
            if sharedFamily != nil { style.fontFamily = nil }
            if sharedSize != nil { style.fontSize = nil }
            let lineHeight = textLines.runDeclaration(
                family: style.fontFamily, hasOwnSize: style.fontSize != nil,
                paragraphFamily: sharedFamily, lines, &pass.fonts)
            html += renderRun(TextRun(run.text, style: style), lineHeight: lineHeight, inParagraphOf: direction, &pass.fonts)
        }
        if paragraph.runs.allSatisfy({ $0.text.isEmpty }) { html += "<br>" }
        return html + "</p>"
    }

    /// A run's HTML; one whose direction differs from its paragraph's is
    /// isolated in a `dir` of its own (a left-to-right `\ltrch`, which Word
    /// writes before nearly every run, is news only in a right-to-left paragraph).
    private func renderRun(
        _ run: TextRun, lineHeight: String?, inParagraphOf paragraphDirection: WritingDirection?,
        _ fonts: inout FontLookups
    ) -> String {
        let style = run.style
        // Line breaks inside a paragraph (RTF \line) arrive as U+2028.
        var text = HTMLEscaping.escapeBreakingLines(run.text)
        if style.bold { text = "<b>\(text)</b>" }
        if style.italic { text = "<i>\(text)</i>" }
        if style.underline { text = "<u>\(text)</u>" }
        if style.strikethrough { text = "<s>\(text)</s>" }
        switch style.baseline {
        case .superscript: text = "<sup>\(text)</sup>"
        case .subscript: text = "<sub>\(text)</sub>"
        case .normal: break
        }
        var css = fontCSS(family: style.fontFamily, size: style.fontSize, &fonts)
        if let lineHeight { css.append(lineHeight) }
        if let color = style.color { css.append("color:\(color.hex)") }
        if let background = style.background { css.append("background-color:\(background.hex)") }
        if !css.isEmpty {
            text = "<span style=\"\(HTMLEscaping.escape(css.joined(separator: ";"), keepingApostrophes: true))\">\(text)</span>"
        }
        if let link = style.link, let safe = SafeLink.href(link) {
            text = "<a href=\"\(HTMLEscaping.escape(safe))\" rel=\"noopener noreferrer\" target=\"_blank\">\(text)</a>"
        }
        if let direction = style.direction, direction != (paragraphDirection ?? .leftToRight) {
            text = "<span dir=\"\(direction.rawValue)\">\(text)</span>"
        }
        return text
    }

    private func fontCSS(family: String?, size: Double?, _ fonts: inout FontLookups) -> [String] {
        var css: [String] = []
        if let family { css.append("font-family:\(fonts.declaration(of: family))") }
        if let size { css.append("font-size:calc(var(--text-scale,1)*\(formatNumber(size))px)") }
        return css
    }

    /// Its indents, alignment and the margins that put `spacing` (points
    /// below each line, `TextViewLines`) where TextKit puts it.
    private func paragraphCSS(_ style: ParagraphStyle, listLevel: Int?, spacing: Double) -> String {
        var css: [String] = []
        if let alignment = textAlignCSS(style.alignment) { css.append(alignment) }
        let listIndent = listLevel.map { Double($0 + 1) * 18 } ?? 0
        if style.leftIndent != 0 || listIndent != 0 { css.append("margin-left:\(formatPoints(max(style.leftIndent, listIndent)))") }
        if style.rightIndent != 0 { css.append("margin-right:\(formatPoints(style.rightIndent))") }
        if style.firstLineIndent != 0 { css.append("text-indent:\(formatPoints(style.firstLineIndent))") }
        // TextKit puts `lineSpacing` below every line fragment, the
        // paragraph's last included; CSS splits a line's extra height above
        // and below it. Half of it moved from above the first line to below
        // the last gives TextKit's lines: the same height, the glyphs s/2 higher.
        let halfSpacing = spacing / 2
        if style.spaceBefore - halfSpacing != 0 { css.append("margin-top:\(formatPoints(style.spaceBefore - halfSpacing))") }
        if style.spaceAfter + halfSpacing != 0 { css.append("margin-bottom:\(formatPoints(style.spaceAfter + halfSpacing))") }
        return css.joined(separator: ";")
    }

    /// `text-align` for an alignment other than the leading one, which
    /// `start` (the style sheets' default) already gives in either direction.
    private func textAlignCSS(_ alignment: TextAlignment) -> String? {
        switch alignment {
        case .leading: nil
        case .center: "text-align:center"
        case .trailing: "text-align:end"
        case .justified: "text-align:justify"
        }
    }

    private func sizeLabel(_ image: ImageBlock) -> String {
        guard let width = image.widthPoints, let height = image.heightPoints else { return "" }
        return " (\(formatNumber(width))×\(formatNumber(height)) pt)"
    }

    /// Whether every image `document` shows resolves, so that rendering it
    /// would find no image missing: what the problems of a document rendered
    /// later, when a page asks, depend on. Embedded pictures always do. With
    /// why files of the images resolved cannot be shown as they are, by
    /// path, as a rendering would find them (the look stops at the first missing).
    package static func resolvesEveryImage(of document: Document, in context: RenderContext)
        -> (resolves: Bool, imageProblems: [String: String])
    {
        var problems: [String: String] = [:]
        let resolves = document.imageReferences.allSatisfy { reference in
            let resolved: ResolvedImage?
            switch reference.source {
            case .asset(let name): resolved = context.resolveAsset(name)
            case .file(let name): resolved = context.resolveFile(name)
            case .embedded: return true
            }
            problems.merge(resolved?.problems ?? [:]) { first, _ in first }
            return resolved != nil
        }
        return (resolves, problems)
    }

    private func renderImage(_ image: ImageBlock, missingImage: inout String?, problems: inout [String: String]) -> String {
        let resolved: ResolvedImage?
        let label: String
        switch image.source {
        case .asset(let name):
            resolved = context.resolveAsset(name)
            label = image.accessibilityLabel ?? name
        case .file(let name):
            resolved = context.resolveFile(name)
            label = name
        case .embedded(let mimeType, let bytes):
            let size = ImageDimensions.read(bytes)
            resolved = ResolvedImage(url: "data:\(mimeType);base64,\(Base64.encode(bytes))", width: size?.width, height: size?.height)
            label = "embedded picture"
        }
        guard let resolved else {
            missingImage = label
            return "<div class=\"missing-asset\">missing image “\(HTMLEscaping.escape(label))”\(sizeLabel(image))</div>"
        }
        problems.merge(resolved.problems) { first, _ in first }
        if let placeholder = resolved.placeholder {
            return "<div class=\"attachment-placeholder\">\(HTMLEscaping.escape(placeholder))\(sizeLabel(image))</div>"
        }
        var html = "<img src=\"\(HTMLEscaping.escape(resolved.url))\""
        if let width = resolved.width, let height = resolved.height { html += " width=\"\(width)\" height=\"\(height)\"" }
        html += " alt=\"\(HTMLEscaping.escape(label))\""
        // The page picks the file of the device and appearance it simulates.
        for variant in resolved.variants {
            html += " data-src-\(variant.key)=\"\(HTMLEscaping.escape(variant.url))\""
            if let width = variant.width, let height = variant.height { html += " data-size-\(variant.key)=\"\(width) \(height)\"" }
        }
        if let width = image.widthPoints {
            html += " style=\"width:min(100%, \(formatPoints(width)))\""
        }
        html += ">"
        guard resolved.isTemplate else { return html }
        // A template image is its shape filled with the kind's colour: the
        // invisible picture keeps the size, a mask of it takes the colour.
        return
            "<span class=\"template-image\" style=\"--template-mask:url(&quot;\(HTMLEscaping.escape(resolved.url))&quot;)\">\(html)</span>"
    }
}

func formatNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String((value * 100).rounded() / 100)
}

/// `value` to `places` decimals, without a trailing `.0`: CSS lengths and
/// factors that must not lose the precision `formatNumber`'s two places do.
func formatDecimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return rounded == rounded.rounded() && abs(rounded) < 1e9 ? String(Int(rounded)) : String(rounded)
}

func formatPoints(_ value: Double) -> String {
    formatNumber(value) + "px"
}
