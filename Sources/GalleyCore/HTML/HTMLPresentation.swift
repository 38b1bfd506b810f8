/// What one element contributes to the formatting of its content: its tag's
/// defaults, its legacy attributes (`align`, `<font color>`), then its `style`.
struct HTMLPresentation {
    /// A font size as CSS gives it: fixed, or relative to the inherited size.
    enum FontSize: Equatable {
        case points(Double)
        case scale(Double)
    }

    /// CSS pixels to points: a text view's HTML import lays pages out at
    /// 96 pixels to the inch and sizes fonts in 72-per-inch points, so a page's
    /// default 16 px text becomes 12 pt.
    static let pointsPerPixel = 0.75
    /// The size text has when nothing sets one, in points.
    static let defaultFontSize = 12.0

    var bold: Bool?
    var italic: Bool?
    var underline = false
    var strikethrough = false
    var baseline: CharacterStyle.Baseline?
    var fontFamily: String?
    var fontSize: FontSize?
    var color: RGBColor?
    var background: RGBColor?
    /// Only links `SafeLink` accepts are ever set.
    var link: String?
    var alignment: TextAlignment?
    /// Added to the left and right indents of the content (a `blockquote`'s margins).
    var blockIndent = 0.0
    /// Space above and below the element's paragraphs, in ems of their font size.
    var verticalMarginEms: Double?
    var preservesWhitespace: Bool?
    var blockKind: KindName?
    var isHidden = false

    /// Later values win, as a `style` attribute wins over its tag's defaults.
    mutating func merge(_ other: HTMLPresentation) {
        bold = other.bold ?? bold
        italic = other.italic ?? italic
        underline = underline || other.underline
        strikethrough = strikethrough || other.strikethrough
        baseline = other.baseline ?? baseline
        fontFamily = other.fontFamily ?? fontFamily
        fontSize = other.fontSize ?? fontSize
        color = other.color ?? color
        background = other.background ?? background
        link = other.link ?? link
        alignment = other.alignment ?? alignment
        blockIndent += other.blockIndent
        verticalMarginEms = other.verticalMarginEms ?? verticalMarginEms
        preservesWhitespace = other.preservesWhitespace ?? preservesWhitespace
        blockKind = other.blockKind ?? blockKind
        isHidden = isHidden || other.isHidden
    }

    /// The presentation of `tag`, `style` attribute included.
    static func of(_ tag: HTMLStartTag) -> HTMLPresentation {
        var presentation = defaults(for: tag.name)
        presentation.merge(legacyAttributes(of: tag))
        if let style = tag.value(of: "style") { presentation.merge(HTMLInlineStyle.parse(style)) }
        if tag.value(of: "hidden") != nil { presentation.isHidden = true }
        return presentation
    }

    private static func defaults(for name: String) -> HTMLPresentation {
        var presentation = HTMLPresentation()
        switch name {
        case "b", "strong":
            presentation.bold = true
        case "i", "em", "cite", "dfn", "var", "address":
            presentation.italic = true
        case "u", "ins":
            presentation.underline = true
        case "s", "strike", "del":
            presentation.strikethrough = true
        case "sub":
            presentation.baseline = .subscript
        case "sup":
            presentation.baseline = .superscript
        case "code", "kbd", "samp", "tt":
            presentation.fontFamily = monospaceFamily
        case "small":
            presentation.fontSize = .scale(1 / 1.2)
        case "big":
            presentation.fontSize = .scale(1.2)
        case "mark":
            presentation.background = RGBColor(red: 255, green: 255, blue: 0)
            presentation.color = RGBColor(red: 0, green: 0, blue: 0)
        case "p":
            presentation.verticalMarginEms = 1
        case "pre", "listing", "xmp", "plaintext", "textarea":
            presentation.fontFamily = monospaceFamily
            presentation.preservesWhitespace = true
            presentation.blockKind = "preformatted"
            presentation.verticalMarginEms = name == "textarea" ? nil : 1
        case "blockquote", "figure":
            presentation.blockIndent = 40 * pointsPerPixel
            presentation.verticalMarginEms = 1
        case "dd":
            presentation.blockIndent = 40 * pointsPerPixel
        case "center":
            presentation.alignment = .center
        case "th":
            presentation.bold = true
            presentation.alignment = .center
        case "caption":
            presentation.alignment = .center
        default:
            if let level = HTMLElements.headingLevels[name] {
                let scales = [2, 1.5, 1.17, 1, 0.83, 0.67]
                let margins = [0.67, 0.83, 1, 1.33, 1.67, 2.33]
                presentation.bold = true
                presentation.fontSize = .scale(scales[level - 1])
                presentation.verticalMarginEms = margins[level - 1]
                presentation.blockKind = "heading"
            }
            if HTMLElements.hidden.contains(name) { presentation.isHidden = true }
        }
        return presentation
    }

    /// The presentational attributes of HTML 3 that old pages and generators still write.
    private static func legacyAttributes(of tag: HTMLStartTag) -> HTMLPresentation {
        var presentation = HTMLPresentation()
        if let align = tag.value(of: "align") { presentation.alignment = alignment(named: align) }
        guard tag.name == "font" else { return presentation }
        if let color = tag.value(of: "color") { presentation.color = HTMLColor.parse(color, allowsBareHex: true) }
        if let face = tag.value(of: "face") { presentation.fontFamily = family(fromList: face) }
        if let size = tag.value(of: "size") { presentation.fontSize = fontSize(forFontElementSize: size) }
        return presentation
    }

    /// `<font size>`: 1 to 7, or relative to the default 3 (`+1`, `-2`).
    private static func fontSize(forFontElementSize text: String) -> FontSize? {
        let trimmed = text.trimmingSpaces
        guard let number = Int(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) else { return nil }
        let level = trimmed.hasPrefix("+") || trimmed.hasPrefix("-") ? 3 + number : number
        let pixels: [Double] = [10, 13, 16, 18, 24, 32, 48]
        return .points(pixels[max(1, min(7, level)) - 1] * pointsPerPixel)
    }

    static let monospaceFamily = "Courier"

    /// `text-align` and the `align` attribute; nil for values that change nothing.
    static func alignment(named name: String) -> TextAlignment? {
        switch name.trimmingSpaces.lowercased() {
        case "left", "start": return .leading
        case "center", "middle", "-webkit-center": return .center
        case "right", "end": return .trailing
        case "justify": return .justified
        default: return nil
        }
    }

    /// The first family of a CSS font-family list, generic names mapped to the faces a text view picks.
    static func family(fromList list: String) -> String? {
        guard let first = list.split(separator: ",").first else { return nil }
        let name = first.trimmingAny(of: "\"' \t\n")
        switch name.lowercased() {
        case "": return nil
        case "serif": return "Times"
        case "sans-serif": return "Helvetica"
        case "monospace": return monospaceFamily
        case "inherit", "initial", "unset", "revert": return nil
        default: return name
        }
    }
}

extension Substring {
    /// The text without leading and trailing characters from `set`.
    func trimmingAny(of set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
