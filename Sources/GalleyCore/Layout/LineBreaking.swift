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
public enum LineBreaking {
    /// The lines of `text` in a column `width` points wide, each without
    /// the spaces that hang at its end; `advance` gives a character's
    /// width in points. An empty text is one empty line, as a `Text` is.
    public static func lines(_ text: String, width: Double, advance: (Unicode.Scalar) -> Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.unicodeScalars.split(separator: "\u{2028}", omittingEmptySubsequences: false) {
            lines += breakParagraph(collapsingSpaces(paragraph), width: width, advance: advance)
        }
        return lines
    }

    /// How many lines `text` takes in a column `width` points wide.
    public static func lineCount(_ text: String, width: Double, advance: (Unicode.Scalar) -> Double) -> Int {
        lines(text, width: width, advance: advance).count
    }

    /// A piece between two break opportunities: its characters and their
    /// widths, and whether a space follows them (which hangs at the end of a line).
    private struct Piece {
        var scalars: [Unicode.Scalar] = []
        var widths: [Double] = []
        var spaceAfter = false
        var width: Double { widths.reduce(0, +) }
    }

    private static func breakParagraph(_ scalars: [Unicode.Scalar], width: Double, advance: (Unicode.Scalar) -> Double) -> [String] {
        // A tolerance for sums of fractional advances that reach the edge exactly.
        let edge = width + 1e-6
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        // Without the space that may hang at its end.
        var lineWidth = 0.0
        var spacePending = false
        func endLine() {
            lines.append(String(line))
            line = String.UnicodeScalarView()
            lineWidth = 0
        }
        for var piece in pieces(of: scalars, widths: trimmedWidths(scalars, advance: advance)) {
            let spaceWidth = spacePending ? advance(" ") : 0
            if !line.isEmpty, lineWidth + spaceWidth + piece.width > edge {
                endLine()
            } else if spacePending {
                line.append(" ")
                lineWidth += spaceWidth
            }
            // Opening punctuation that starts a line after the first gives up its blank half (`text-spacing-trim: space-first`).
            if line.isEmpty, !lines.isEmpty, let first = piece.scalars.first, fullWidthOpening.contains(first) { piece.widths[0] /= 2 }
            if line.isEmpty, piece.width > edge {
                // Longer than the line: it breaks between characters, each line taking what fits (one at least).
                for (scalar, scalarWidth) in zip(piece.scalars, piece.widths) {
                    if !line.isEmpty, lineWidth + scalarWidth > edge { endLine() }
                    line.append(scalar)
                    lineWidth += scalarWidth
                }
            } else {
                line.append(contentsOf: piece.scalars)
                lineWidth += piece.width
            }
            spacePending = piece.spaceAfter
        }
        lines.append(String(line))
        return lines
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
            if fullWidthOpening.contains(scalar), fullWidthOpening.contains(previous) || fullWidthClosing.contains(previous) || previous == "\u{3000}" {
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
               current.spaceAfter || breaks(between: previous, and: scalar, before: index >= 2 ? scalars[index - 2] : nil) {
                pieces.append(current)
                current = Piece()
            }
            current.scalars.append(scalar)
            current.widths.append(widths[index])
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
    private static let noLineStart: Set<Unicode.Scalar> = Set("、。，．・：；？！）」』】〕〉》〙〗〟）］｝〜…‥".unicodeScalars)
        .union([")", "]", "}", ",", ".", ":", ";", "!", "?"])
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
