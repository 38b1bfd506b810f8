/// Builds the document model from tokens with a stack of open elements, as a
/// browser's tree builder would, but keeps no tree: text goes straight into
/// paragraphs, and blocks into the document or the open table cell.
///
/// Sanitising happens by construction: only what the model can express is
/// kept, so scripts, event handlers, forms and remote loads have nowhere to go.
struct HTMLDocumentBuilder {
    /// Start tags deeper than this are ignored; real documents stay far below it.
    static let maximumDepth = 256
    /// Diagnostics beyond this are dropped, bounding memory on hostile input.
    static let maximumDiagnostics = 100

    // Where searches for an open element stop, by what is searched for.
    static let paragraphScope = HTMLElements.scopeBoundaries.union(["button"])
    static let listItemScope = HTMLElements.scopeBoundaries.union(["ul", "ol"])
    static let definitionScope = HTMLElements.scopeBoundaries.union(["dl"])
    static let rubyScope = HTMLElements.scopeBoundaries.union(["ruby"])
    static let headings = Set(HTMLElements.headingLevels.keys)

    struct OpenElement {
        var name: String
        var offset: Int
        var presentation: HTMLPresentation
        var isBlock: Bool
        /// For `li`: the nesting level of its list.
        var listItemLevel: Int?
        /// The formatting of the element's content.
        var context = HTMLFormattingContext()

        func contentContext(inside parent: HTMLFormattingContext) -> HTMLFormattingContext {
            var context = parent.applying(presentation, isBlock: isBlock)
            if let listItemLevel { context.listLevel = listItemLevel }
            return context
        }
    }

    /// Where the paragraph in progress starts and the formatting it started with.
    struct ParagraphStart {
        var location: SourceLocation
        var context: HTMLFormattingContext
        var listMarker: String?
        var listLevel: Int
        var isFirstInBlock: Bool
        var isFirstLevelHeading: Bool
    }

    let path: RelativePath
    let work: WorkCounter?
    var locator: SourceLocator
    var diagnostics: [Diagnostic] = []
    var reportedUnknownElements: Set<String> = []
    var hasReportedDepthLimit = false

    var elements: [OpenElement] = []
    /// How many elements of each name are open, so most searches of the stack end at once.
    var openCounts: [String: Int] = [:]
    /// End tags still owed to start tags ignored past the depth limit, by name.
    var ignoredOpenElements: [String: Int] = [:]
    /// How many of those hide their content (a `<script>` past the limit must still not show).
    var hiddenPastDepthLimit = 0
    var lists: [HTMLListMarker] = []
    var tables: [HTMLTableAssembly] = []
    var blocks: [Block] = []

    var paragraph = HTMLParagraphText()
    var paragraphStart: ParagraphStart?
    /// The start tag of the block whose first paragraph has not begun yet.
    var pendingBlockOffset: Int?
    /// The marker of a list item whose first paragraph has not begun yet.
    var pendingListMarker: (marker: String, level: Int, offset: Int)?
    /// Browsers drop one line break right after `<pre>`, `<listing>` and `<textarea>`.
    var dropsLeadingNewline = false

    var titleText: String?
    var isInTitle = false
    var isCollectingTitle = false
    var firstHeadingText: String?

    init(path: RelativePath, source: [UInt8], work: WorkCounter? = nil) {
        self.path = path
        self.work = work
        locator = SourceLocator(source)
    }

    var currentContext: HTMLFormattingContext {
        var context = elements.last?.context ?? HTMLFormattingContext()
        if hiddenPastDepthLimit > 0 { context.isHidden = true }
        return context
    }

    // MARK: Tokens

    mutating func consume(_ token: HTMLToken) {
        let dropsNewline = dropsLeadingNewline
        dropsLeadingNewline = false
        switch token {
        case .startTag(let tag): handleStartTag(tag)
        case .endTag(let name, let offset): handleEndTag(name, offset: offset)
        case .text(let text, let offset): handleText(text, offset: offset, dropsLeadingNewline: dropsNewline)
        case .endOfInput: break
        }
    }

    private mutating func handleStartTag(_ original: HTMLStartTag) {
        var tag = original
        // Browsers read the long-gone `<image>` as `<img>`.
        if tag.name == "image" { tag.name = "img" }
        let name = tag.name
        let context = currentContext
        if name == "title" {
            // Only the first title counts; an SVG's `<title>` is a tooltip, not the page's.
            isInTitle = true
            isCollectingTitle = !context.isHidden && titleText == nil
            if isCollectingTitle { titleText = "" }
            return
        }
        if name == "head" || ((name == "html" || name == "body") && openCounts[name, default: 0] > 0) { return }
        if HTMLElements.void.contains(name) {
            handleVoidElement(tag, context: context)
            return
        }
        // Inside SVG and MathML, `<path/>` closes itself; in HTML the slash means nothing.
        if tag.isSelfClosing && (context.isHidden || name == "svg" || name == "math") { return }
        if !context.isHidden { reportIfUnknown(tag) }
        guard closeElementsImplied(byStartOf: tag) else { return }
        guard elements.count < Self.maximumDepth else {
            ignoredOpenElements[name, default: 0] += 1
            if HTMLElements.hidden.contains(name) { hiddenPastDepthLimit += 1 }
            if !hasReportedDepthLimit {
                hasReportedDepthLimit = true
                diagnose(
                    .limitReached, .warning, "elements nested deeper than \(Self.maximumDepth); deeper tags are ignored", at: tag.offset)
            }
            return
        }
        var presentation = HTMLPresentation.of(tag)
        if name == "a", let href = tag.value(of: "href") { presentation.link = safeLink(href, at: tag.offset) }
        let isBlock = HTMLElements.block.contains(name)
        if isBlock {
            flushParagraph(atBlockEnd: false)
            if name != "html" && name != "body" { pendingBlockOffset = tag.offset }
        }
        var listItemLevel: Int?
        if name == "li" { listItemLevel = max(0, lists.count - 1) }
        push(OpenElement(name: name, offset: tag.offset, presentation: presentation, isBlock: isBlock, listItemLevel: listItemLevel))
        didOpen(tag)
    }

    /// Ends what a start tag ends implicitly (`<p>` an open `p`, `<li>` the previous item, `<td>` the previous cell);
    /// false when the tag is ignored, as table parts outside a table are.
    private mutating func closeElementsImplied(byStartOf tag: HTMLStartTag) -> Bool {
        let name = tag.name
        let boundaries = HTMLElements.scopeBoundaries
        if HTMLElements.closesParagraph.contains(name), let index = indexOfOpen(["p"], stoppingAt: Self.paragraphScope) {
            pop(downTo: index)
        }
        switch name {
        case "li":
            if let index = indexOfOpen(["li"], stoppingAt: Self.listItemScope) { pop(downTo: index) }
        case "dt", "dd":
            if let index = indexOfOpen(["dt", "dd"], stoppingAt: Self.definitionScope) { pop(downTo: index) }
        case "rt", "rp":
            if let index = indexOfOpen(["rt", "rp"], stoppingAt: Self.rubyScope) { pop(downTo: index) }
        case "h1", "h2", "h3", "h4", "h5", "h6":
            if let top = elements.last, HTMLElements.headingLevels[top.name] != nil { pop(downTo: elements.count - 1) }
        case "a":
            // Links do not nest; a new one ends the open one.
            if let index = indexOfOpen(["a"], stoppingAt: boundaries) { removeElement(at: index) }
        case "table":
            // A table directly inside another, outside any cell, ends the outer one.
            if let index = indexOfOpen(["table"], stoppingAt: ["td", "th", "caption"]) { pop(downTo: index) }
        case "caption":
            guard !tables.isEmpty else { return false }
            if let index = indexOfOpen(["tr"], stoppingAt: ["table"]) { pop(downTo: index) }
        case "tr", "tbody", "thead", "tfoot", "colgroup":
            guard !tables.isEmpty else { return false }
            if let index = indexOfOpen(["tr", "caption"], stoppingAt: ["table"]) { pop(downTo: index) }
            return name == "tr"
        case "td", "th":
            guard !tables.isEmpty else { return false }
            if let index = indexOfOpen(["td", "th", "caption"], stoppingAt: ["table"]) { pop(downTo: index) }
            if indexOfOpen(["tr"], stoppingAt: ["table"]) == nil {
                push(OpenElement(name: "tr", offset: tag.offset, presentation: HTMLPresentation(), isBlock: true))
                tables[tables.count - 1].startRow()
            }
        default:
            break
        }
        return true
    }

    /// What opening an element starts: a list item's marker, a list, a table, a row, a cell.
    private mutating func didOpen(_ tag: HTMLStartTag) {
        let context = currentContext
        switch tag.name {
        case "li" where !context.isHidden:
            if pendingListMarker != nil { emitEmptyListItem() }
            // An item outside any list still shows a bullet.
            var marker = "•"
            if !lists.isEmpty { marker = lists[lists.count - 1].nextMarker(for: tag) }
            pendingListMarker = (marker, lists.last?.level ?? 0, tag.offset)
        case "ul", "ol", "menu", "dir":
            var listTag = tag
            if tag.name != "ol" { listTag.name = "ul" }
            lists.append(HTMLListMarker(tag: listTag, level: lists.count))
        case "table":
            tables.append(HTMLTableAssembly(location: locator.location(of: tag.offset)))
        case "tr":
            if !tables.isEmpty { tables[tables.count - 1].startRow() }
        case "td", "th":
            if !tables.isEmpty { tables[tables.count - 1].startCell(widthPoints: Self.points(tag.value(of: "width"))) }
        case "pre", "listing", "textarea":
            dropsLeadingNewline = true
        case "q":
            appendGenerated("\u{201C}", at: tag.offset)
        case "rt":
            appendGenerated("(", at: tag.offset)
        default:
            break
        }
    }

    /// What closing an element ends; called for every element leaving the stack, however it leaves.
    private mutating func didClose(_ element: OpenElement) {
        if element.isBlock {
            flushParagraph(atBlockEnd: true)
            pendingBlockOffset = nil
        }
        switch element.name {
        case "li":
            if pendingListMarker?.offset == element.offset { emitEmptyListItem() }
        case "ul", "ol", "menu", "dir":
            _ = lists.popLast()
        case "tr":
            if !tables.isEmpty { tables[tables.count - 1].endRow() }
        case "td", "th":
            if !tables.isEmpty { tables[tables.count - 1].endCell() }
        case "table":
            guard var table = tables.popLast() else { break }
            let rows = table.finish()
            if !rows.isEmpty, !element.context.isHidden {
                appendBlock(Block(kind: "table", location: table.location, content: .table(rows)))
            }
        case "q":
            if paragraphStart != nil, !element.context.isHidden { paragraph.appendGenerated("\u{201D}", style: element.context.character) }
        case "rt":
            if paragraphStart != nil, !element.context.isHidden { paragraph.appendGenerated(")", style: element.context.character) }
        default:
            break
        }
    }

    private mutating func handleVoidElement(_ tag: HTMLStartTag, context: HTMLFormattingContext) {
        switch tag.name {
        case "br":
            lineBreak(at: tag.offset)
        case "hr":
            if let index = indexOfOpen(["p"], stoppingAt: Self.paragraphScope) { pop(downTo: index) }
            guard !currentContext.isHidden else { return }
            flushParagraph(atBlockEnd: false)
            appendBlock(Block(kind: "divider", location: locator.location(of: tag.offset), content: .divider))
        case "img":
            guard !context.isHidden else { return }
            image(tag)
        default:
            // `meta`, `link`, `base`, `input`, `embed`… are never represented.
            break
        }
    }

    private mutating func handleEndTag(_ name: String, offset: Int) {
        if name == "title" {
            isInTitle = false
            return
        }
        if let owed = ignoredOpenElements[name], owed > 0 {
            ignoredOpenElements[name] = owed - 1
            if HTMLElements.hidden.contains(name) { hiddenPastDepthLimit -= 1 }
            return
        }
        let boundaries = HTMLElements.scopeBoundaries
        let index: Int?
        switch name {
        case "html", "body", "head":
            return
        case "br":
            // Browsers read `</br>` as `<br>`.
            lineBreak(at: offset)
            return
        case "li":
            index = indexOfOpen(["li"], stoppingAt: Self.listItemScope)
        case "dt", "dd":
            index = indexOfOpen([name], stoppingAt: Self.definitionScope)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            index = indexOfOpen(Self.headings, stoppingAt: boundaries)
        case "td", "th", "tr", "caption":
            index = indexOfOpen([name], stoppingAt: ["table"])
        case "tbody", "thead", "tfoot":
            guard !tables.isEmpty else { return }
            if let row = indexOfOpen(["tr"], stoppingAt: ["table"]) { pop(downTo: row) }
            return
        case "table":
            index = indexOfOpen(["table"], stoppingAt: ["template", "html"])
        default:
            if HTMLElements.void.contains(name) || name == "colgroup" { return }
            index = indexOfOpen([name], stoppingAt: boundaries)
        }
        guard let index else {
            if !currentContext.isHidden {
                diagnose(.htmlSyntax, .warning, "end tag '</\(name)>' matches no open element", at: offset, length: 2 + name.utf8.count)
            }
            return
        }
        if elements[index].isBlock {
            pop(downTo: index)
        } else {
            removeElement(at: index)
        }
    }

    private mutating func handleText(_ text: String, offset: Int, dropsLeadingNewline: Bool) {
        if isInTitle {
            if isCollectingTitle { titleText? += text }
            return
        }
        let context = currentContext
        guard !context.isHidden else { return }
        if context.preservesWhitespace {
            var content = Substring(text)
            if dropsLeadingNewline {
                if content.hasPrefix("\r\n") {
                    content = content.dropFirst(2)
                } else if content.first == "\n" || content.first == "\r" {
                    content = content.dropFirst()
                }
            }
            guard !content.isEmpty else { return }
            startParagraphIfNeeded(at: offset)
            paragraph.appendPreservingWhitespace(String(content), style: context.character)
            return
        }
        let leadingWhitespace = text.utf8.prefix(while: HTMLTokenizer.isWhitespace).count
        if paragraphStart == nil, leadingWhitespace == text.utf8.count { return }
        startParagraphIfNeeded(at: offset + leadingWhitespace)
        paragraph.appendCollapsingWhitespace(text, style: context.character)
    }

    // MARK: The stack

    /// The topmost open element named in `names`, searching no deeper than the first of `boundaries`.
    func indexOfOpen(_ names: Set<String>, stoppingAt boundaries: Set<String>) -> Int? {
        guard names.contains(where: { openCounts[$0, default: 0] > 0 }) else { return nil }
        for index in elements.indices.reversed() {
            work?.add(1)
            let name = elements[index].name
            if names.contains(name) { return index }
            if boundaries.contains(name) { return nil }
        }
        return nil
    }

    private mutating func push(_ element: OpenElement) {
        var element = element
        element.context = element.contentContext(inside: currentContext)
        elements.append(element)
        openCounts[element.name, default: 0] += 1
    }

    /// Closes the element at `index` and everything opened inside it; inline
    /// formatting left open inside is opened again after it, as browsers do
    /// (`<p><b>x</p>y` leaves `y` bold), except at table parts, which fence formatting in.
    mutating func pop(downTo index: Int, reopeningFormatting: Bool = true) {
        let target = elements[index].name
        let reopens = reopeningFormatting && !["table", "td", "th", "tr", "caption"].contains(target)
        var reopened: [OpenElement] = []
        while elements.count > index {
            guard let element = elements.popLast() else { break }
            work?.add(1)
            openCounts[element.name, default: 1] -= 1
            didClose(element)
            if reopens, elements.count > index, HTMLElements.reopenedFormatting.contains(element.name) {
                reopened.append(element)
            }
        }
        for element in reopened.reversed() { push(element) }
    }

    /// Takes an inline element out of the middle of the stack (`<b>1<i>2</b>3</i>` keeps `3` italic, not bold).
    private mutating func removeElement(at index: Int) {
        let element = elements.remove(at: index)
        openCounts[element.name, default: 1] -= 1
        didClose(element)
        work?.add(elements.count - index)
        for position in index..<elements.count {
            let parent = position > 0 ? elements[position - 1].context : HTMLFormattingContext()
            elements[position].context = elements[position].contentContext(inside: parent)
        }
    }

    /// Closes everything at the end of the input, warning about elements whose end tag is required.
    mutating func finish() -> (document: Document, diagnostics: [Diagnostic]) {
        for (index, element) in elements.enumerated() where !HTMLElements.optionalEndTag.contains(element.name) {
            let isInsideHidden = index > 0 && elements[index - 1].context.isHidden
            if !isInsideHidden {
                diagnose(
                    .htmlSyntax, .warning, "'<\(element.name)>' is never closed", at: element.offset, length: 1 + element.name.utf8.count)
            }
        }
        if !elements.isEmpty { pop(downTo: 0, reopeningFormatting: false) }
        flushParagraph(atBlockEnd: true)
        let title = titleText.map(Self.collapsingWhitespace).flatMap { $0.isEmpty ? nil : $0 } ?? firstHeadingText ?? ""
        return (Document(title: title, kind: .html, blocks: blocks), diagnostics)
    }

    // MARK: Diagnostics

    /// Reports the problem at the byte `offset`, underlining `length` bytes
    /// (a tag's `<name`), or none for a problem told by its place.
    mutating func diagnose(_ id: DiagnosticID, _ severity: Severity, _ message: String, at offset: Int, length: Int = 0) {
        guard diagnostics.count < Self.maximumDiagnostics else { return }
        diagnostics.append(
            Diagnostic(path: path, id: id, range: locator.range(of: offset..<(offset + length)), severity: severity, message: message))
    }

    private mutating func reportIfUnknown(_ tag: HTMLStartTag) {
        let name = tag.name
        // Custom elements have a hyphen in their name and are valid HTML.
        guard !HTMLElements.known.contains(name), !name.contains("-"), diagnostics.count < Self.maximumDiagnostics,
            reportedUnknownElements.insert(name).inserted
        else { return }
        var message = "unknown element '<\(name)>'"
        // `<image>` is only an old alias of `<img>`, the name to suggest.
        if let near = NearestName.find(name, among: HTMLElements.known) {
            message += "; did you mean '<\(near == "image" ? "img" : near)>'?"
        }
        diagnose(.unknownTag, .warning, message, at: tag.offset, length: 1 + name.utf8.count)
    }

    /// The link if the page may follow it; links that could run script are dropped with a warning, their text kept.
    private mutating func safeLink(_ href: String, at offset: Int) -> String? {
        if let safe = SafeLink.href(href) { return safe }
        let trimmed = href.trimmingSpaces
        if HTMLImageSource.scheme(of: trimmed) != nil {
            let shown = trimmed.count > 80 ? String(trimmed.prefix(77)) + "…" : trimmed
            diagnose(.unsupportedContent, .warning, "link '\(shown)' is not kept: only http, https, mailto and tel links are", at: offset)
        }
        return nil
    }

    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).joined(separator: " ")
    }
}
