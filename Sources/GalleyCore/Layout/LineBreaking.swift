/// Where a paragraph's lines break in a column, greedily, as a browser
/// breaks the page's text (`white-space: normal`, `overflow-wrap:
/// break-word`): each line takes every word that fits, spaces at the end of
/// a line hang past the edge, and a word longer than the line starts a line
/// of its own and breaks between characters where it reaches the edge.
///
/// Break opportunities are after spaces (runs of spaces, tabs and newlines
/// count as one, and none starts a line), after a hyphen between letters,
/// after a zero-width space, and around ideographs and kana, except before
/// closing punctuation and after opening punctuation; U+2028 (the
/// renderer's `<br>`) ends a line. Full-width punctuation next to other
/// full-width punctuation, and opening punctuation that starts a line
/// after the first, loses its blank half, as the browser's default
/// `text-spacing-trim` has it.
///
/// What it leaves out: the rest of Unicode's line-breaking rules (UAX #14:
/// quotation marks, numbers with their signs, slashes), hyphenation, and
/// the shaping and kerning `TextMeasure` leaves out.
///
/// A text is measured once and broken at any width: advances given in ems
/// break at a size `s` in a column `w` points wide as they do in one `w / s`
/// ems wide, so the twelve text sizes cost twelve greedy passes, not twelve
/// measures.
package struct LineBreaking: Sendable {
    /// A piece between two break opportunities: its characters and their
    /// widths, and whether a space follows them (which hangs at the end of a line).
    private struct Piece: Sendable {
        var scalars: [Unicode.Scalar] = []
        var widths: [Double] = []
        var spaceAfter = false
        var width = 0.0
        /// What it gives up when it starts a line after the first: the blank
        /// half of its opening punctuation (`text-spacing-trim: space-first`).
        var trimAtLineStart = 0.0
    }

    /// The pieces of each paragraph (U+2028 separates them).
    private let paragraphs: [[Piece]]
    private let spaceWidth: Double

    /// `text` measured with `advance`, a character's width (in points, or in
    /// ems to break at any size).
    package init(_ text: String, advance: (Unicode.Scalar) -> Double) {
        paragraphs = text.unicodeScalars.split(separator: "\u{2028}", omittingEmptySubsequences: false).map { paragraph in
            let scalars = Self.collapsingSpaces(paragraph)
            return Self.pieces(of: scalars, widths: Self.trimmedWidths(scalars, advance: advance))
        }
        spaceWidth = advance(" ")
    }

    /// The lines in a column `width` wide, each without the spaces that hang
    /// at its end. An empty text is one empty line, as a `Text` is.
    package func lines(width: Double) -> [String] {
        var lines: [String] = []
        for pieces in paragraphs {
            var line = String.UnicodeScalarView()
            breakLines(pieces, width: width) { newLine, spaced, piece, scalar in
                if newLine {
                    lines.append(String(line))
                    line = String.UnicodeScalarView()
                }
                if spaced { line.append(" ") }
                if let scalar { line.append(scalar) } else { line.append(contentsOf: pieces[piece].scalars) }
            }
            lines.append(String(line))
        }
        return lines
    }

    /// How many lines it takes in a column `width` wide.
    package func lineCount(width: Double) -> Int {
        paragraphs.reduce(0) { count, pieces in
            var starts = 1
            breakLines(pieces, width: width) { newLine, _, _, _ in if newLine { starts += 1 } }
            return count + starts
        }
    }

    /// The greedy pass over one paragraph: tells `place` each piece placed
    /// whole (scalar nil) or, for a piece longer than a line, each of its
    /// characters; whether a new line starts with it, and whether a space
    /// stands before it on its line.
    private func breakLines(
        _ pieces: [Piece], width: Double,
        place: (_ newLine: Bool, _ spaced: Bool, _ piece: Int, _ scalar: Unicode.Scalar?) -> Void
    ) {
        // A tolerance for sums of fractional advances that reach the edge exactly.
        let edge = width * (1 + 1e-9) + 1e-9
        var lineWidth = 0.0
        var lineIsEmpty = true
        var isFirstLine = true
        var spacePending = false
        for (index, piece) in pieces.enumerated() {
            var newLine = false
            var spaced = false
            if !lineIsEmpty, lineWidth + (spacePending ? spaceWidth : 0) + piece.width > edge {
                newLine = true
                isFirstLine = false
                lineWidth = 0
                lineIsEmpty = true
            } else if spacePending, !lineIsEmpty {
                lineWidth += spaceWidth
                spaced = true
            }
            let trim = lineIsEmpty && !isFirstLine ? piece.trimAtLineStart : 0
            if lineIsEmpty, piece.width - trim > edge {
                // Longer than the line: it breaks between characters, each line taking what fits (one at least).
                for (offset, scalar) in piece.scalars.enumerated() {
                    let scalarWidth = piece.widths[offset] - (offset == 0 ? trim : 0)
                    var starts = newLine && offset == 0
                    if !lineIsEmpty, lineWidth + scalarWidth > edge {
                        starts = true
                        isFirstLine = false
                        lineWidth = 0
                    }
                    place(starts, false, index, scalar)
                    lineWidth += scalarWidth
                    lineIsEmpty = false
                }
            } else {
                place(newLine, spaced, index, nil)
                lineWidth += piece.width - trim
                lineIsEmpty = false
            }
            spacePending = piece.spaceAfter
        }
    }

    /// Each character's advance, with the blank half of full-width
    /// punctuation taken out between two of them, as the browser's default
    /// `text-spacing-trim` (`trim-adjacent`) does: a closing mark before
    /// another closing mark or a dot, an opening mark after any of them or
    /// after an ideographic space.
    private static func trimmedWidths(_ scalars: [Unicode.Scalar], advance: (Unicode.Scalar) -> Double) -> [Double] {
        var widths = scalars.map(advance)
        for index in scalars.indices.dropFirst() {
            let previous = scalars[index - 1]
            let scalar = scalars[index]
            if fullWidthClosing.contains(previous), fullWidthClosing.contains(scalar) {
                widths[index - 1] = advance(previous) / 2
            }
            if fullWidthOpening.contains(scalar),
                fullWidthOpening.contains(previous) || fullWidthClosing.contains(previous) || previous == "\u{3000}"
            {
                widths[index] = advance(scalar) / 2
            }
        }
        return widths
    }

    /// The pieces of a paragraph whose spaces are collapsed.
    private static func pieces(of scalars: [Unicode.Scalar], widths: [Double]) -> [Piece] {
        var pieces: [Piece] = []
        var current = Piece()
        for (index, scalar) in scalars.enumerated() {
            if scalar == " " {
                current.spaceAfter = true
                continue
            }
            let previous = index > 0 ? scalars[index - 1] : nil
            if let previous, !current.scalars.isEmpty || current.spaceAfter,
                current.spaceAfter || breaks(between: previous, and: scalar, before: index >= 2 ? scalars[index - 2] : nil)
            {
                pieces.append(current)
                current = Piece()
            }
            if current.scalars.isEmpty, fullWidthOpening.contains(scalar) { current.trimAtLineStart = widths[index] / 2 }
            current.scalars.append(scalar)
            current.widths.append(widths[index])
            current.width += widths[index]
        }
        if !current.scalars.isEmpty { pieces.append(current) }
        return pieces
    }

    /// Whether a line may break between `previous` and `next` (neither a space).
    private static func breaks(between previous: Unicode.Scalar, and next: Unicode.Scalar, before earlier: Unicode.Scalar?) -> Bool {
        if previous == "\u{200B}" { return true }
        if previous == "-" || previous == "\u{2010}" {
            // "well-known" breaks after its hyphen; "-5" and "x-1" keep theirs.
            guard let earlier, earlier.properties.isAlphabetic else { return false }
            return next.properties.numericType != .decimal
        }
        guard isIdeographic(previous) || isIdeographic(next) else { return false }
        return !noLineStart.contains(next) && !noLineEnd.contains(previous)
    }

    /// Characters between which East Asian text breaks anywhere: ideographs,
    /// kana, and CJK and full-width punctuation.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x2FFF, 0x3000...0x303F, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Closing punctuation, which a line does not start with (kinsoku, as
    /// CSS's `line-break: normal` has it: small kana and the prolonged
    /// sound mark may start a line, as the browser lets them).
    private static let noLineStart: Set<Unicode.Scalar> = Set(
        ("、。，．・：；？！）」』】" + "〕〉》〙〗〟）］｝〜…‥").unicodeScalars
    ).union([")", "]", "}", ",", ".", ":", ";", "!", "?"])
    /// Full-width closing punctuation and dots, whose glyphs fill the left
    /// half of their em; and opening punctuation, which fills the right half.
    private static let fullWidthClosing: Set<Unicode.Scalar> = Set("、。，．」』）】〕〉》〙〗〟］｝".unicodeScalars)
    private static let fullWidthOpening: Set<Unicode.Scalar> = Set("「『（【〔〈《〘〖〝［｛".unicodeScalars)

    /// Opening punctuation, which a line does not end with.
    private static let noLineEnd: Set<Unicode.Scalar> = Set("（「『【〔〈《〘〖〝（［｛".unicodeScalars).union(["(", "[", "{"])

    /// Runs of collapsible white space as one space, none at the start.
    private static func collapsingSpaces(_ scalars: Substring.UnicodeScalarView.SubSequence) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for scalar in scalars {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                if let last = result.last, last != " " { result.append(" ") }
            } else {
                result.append(scalar)
            }
        }
        return result
    }
}
