/// Fits words into lines of a terminal's width, for `--help`.
enum TextLayout {
    static let width = 80

    /// `text` wrapped at `width`, the first line after `lead`, the others after `indent` spaces.
    static func wrap(_ text: String, lead: String = "", indent: Int = 0, width: Int = TextLayout.width) -> [String] {
        wrap(words: text.split(separator: " ").map(String.init), lead: lead, indent: indent, width: width)
    }

    static func wrap(words: [String], lead: String = "", indent: Int = 0, width: Int = TextLayout.width) -> [String] {
        var lines: [String] = []
        var line = lead
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
