/// The runs of one paragraph as text arrives, with white space collapsed as browsers collapse it.
///
/// Outside `pre`, every run of spaces, tabs and line breaks becomes one space,
/// and spaces at the start and end of a line disappear. A collapsed space is
/// held back until visible text follows, so trailing spaces never get in.
struct HTMLParagraphText {
    private(set) var runs: [TextRun] = []
    private var pendingSpaceStyle: CharacterStyle?
    private var isAtLineStart = true

    mutating func appendCollapsingWhitespace(_ text: String, style: CharacterStyle) {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if HTMLTokenizer.isWhitespace(utf8[index]) {
                if !isAtLineStart, pendingSpaceStyle == nil { pendingSpaceStyle = style }
                index = utf8.index(after: index)
                continue
            }
            var end = utf8.index(after: index)
            while end < utf8.endIndex, !HTMLTokenizer.isWhitespace(utf8[end]) { end = utf8.index(after: end) }
            if let spaceStyle = pendingSpaceStyle {
                append(" ", style: spaceStyle)
                pendingSpaceStyle = nil
            }
            append(Substring(text.utf8[index..<end]), style: style)
            isAtLineStart = false
            index = end
        }
    }

    /// Adds `pre` text: spaces and tabs kept, each line break a U+2028 the renderer shows as `<br>`.
    mutating func appendPreservingWhitespace(_ text: String, style: CharacterStyle) {
        var line = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if scalar == "\n" || scalar == "\r" {
                line.unicodeScalars.append("\u{2028}")
            } else {
                line.unicodeScalars.append(scalar)
            }
        }
        guard !line.isEmpty else { return }
        append(Substring(line), style: style)
        isAtLineStart = false
    }

    /// A `<br>`: spaces before it are dropped, and so are those after it.
    mutating func appendLineBreak(style: CharacterStyle) {
        pendingSpaceStyle = nil
        append("\u{2028}", style: style)
        isAtLineStart = true
    }

    /// Adds text that is not source text (the quotes of `<q>`), taking any held-back space first.
    mutating func appendGenerated(_ text: String, style: CharacterStyle) {
        if let spaceStyle = pendingSpaceStyle {
            append(" ", style: spaceStyle)
            pendingSpaceStyle = nil
        }
        append(Substring(text), style: style)
        isAtLineStart = false
    }

    private mutating func append(_ text: Substring, style: CharacterStyle) {
        if let last = runs.indices.last, runs[last].style == style {
            runs[last].text += text
        } else {
            runs.append(TextRun(String(text), style: style))
        }
    }
}
