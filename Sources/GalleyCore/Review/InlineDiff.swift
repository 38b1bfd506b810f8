/// What changed within one block, for review: its old and new renderings
/// compared word by word, and character by character in text that puts no
/// spaces between its words (`LineBreaking.isIdeographic`), so that a
/// two-character edit of a Japanese paragraph is marked as two characters.
/// The new rendering is returned with what was removed in `<del>` and what
/// was added in `<ins>`.
///
/// The renderings are the renderer's HTML. Its tags and character
/// references are compared whole and never split, and text is copied from
/// a rendering as it is, never unescaped: the marked HTML holds no markup
/// but the renderer's and the marks', and a mark never crosses a tag. A tag
/// that only the old rendering has is left out; its text stays, marked.
package enum InlineDiff {
    /// The block marked, or nil when it is better shown whole (its old
    /// version, then its new one); and the work that took.
    package struct Marking: Equatable, Sendable {
        package var html: String?
        /// Cells of the comparison table filled (`SequenceAlignment.cells`).
        package var cells: Int
    }

    /// The most cells one block's comparison fills: a 1,000-word paragraph
    /// rewritten throughout. Beyond it the block is shown whole.
    package static let largestTable = 1_000_000
    /// The most cells one review fills for all its blocks together, so that
    /// a thousand long paragraphs, each rewritten, are not a billion cells.
    package static let reviewBudget = 16_000_000

    /// `new` marked against `old`, filling at most `budget` cells (and at
    /// most `largestTable`).
    package static func mark(old: Substring, new: Substring, budget: Int) -> Marking {
        let oldBytes = Array(old.utf8)
        let newBytes = Array(new.utf8)
        let oldTokens = tokens(of: oldBytes)
        let newTokens = tokens(of: newBytes)
        // Tokens compared as numbers, one per distinct token, each token's bytes hashed once.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        func number(_ bytes: [UInt8], _ token: Token) -> Int {
            let text = bytes[token.range]
            if let known = numbers[text] { return known }
            numbers[text] = numbers.count
            return numbers.count - 1
        }
        let oldNumbers = oldTokens.map { number(oldBytes, $0) }
        let newNumbers = newTokens.map { number(newBytes, $0) }
        let alignment = SequenceAlignment(oldNumbers, newNumbers, largestTable: min(largestTable, max(budget, 0)))
        guard alignment.aligned, isWorthMarking(alignment.steps, oldTokens, newTokens) else {
            return Marking(html: nil, cells: alignment.cells)
        }
        return Marking(html: marked(alignment.steps, old: (oldBytes, oldTokens), new: (newBytes, newTokens)), cells: alignment.cells)
    }

    /// One tag, character reference, run of white space, word, punctuation
    /// mark or ideographic character: UTF-8 offsets, and what it is.
    struct Token: Equatable {
        enum Kind: Equatable {
            case tag, space, text
        }

        var range: Range<Int>
        var kind: Kind
    }

    /// The tokens of a rendering, in one pass.
    static func tokens(of bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var wordStart: Int?
        func endWord() {
            if let start = wordStart { tokens.append(Token(range: start..<index, kind: .text)) }
            wordStart = nil
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                endWord()
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                tokens.append(Token(range: index..<end, kind: .tag))
                index = end
            } else if byte == UInt8(ascii: "&") {
                endWord()
                let end = referenceEnd(in: bytes, at: index)
                tokens.append(Token(range: index..<end, kind: .text))
                index = end
            } else if isSpace(byte) {
                endWord()
                var end = index + 1
                while end < bytes.count, isSpace(bytes[end]) { end += 1 }
                tokens.append(Token(range: index..<end, kind: .space))
                index = end
            } else if isPunctuation(byte) {
                endWord()
                tokens.append(Token(range: index..<(index + 1), kind: .text))
                index += 1
            } else if byte >= 0x80, let (scalar, length) = scalar(in: bytes, at: index), LineBreaking.isIdeographic(scalar) {
                endWord()
                let end = characterEnd(in: bytes, after: index + length)
                tokens.append(Token(range: index..<end, kind: .text))
                index = end
            } else {
                if wordStart == nil { wordStart = index }
                index += 1
            }
        }
        endWord()
        return tokens
    }

    /// Whether marks within the block say more than the block shown whole:
    /// some text changed, and at least half of the longer version's text is kept.
    private static func isWorthMarking(_ steps: [SequenceAlignment.Step], _ old: [Token], _ new: [Token]) -> Bool {
        var kept = 0
        var removed = 0
        var added = 0
        for step in steps {
            switch step {
            case .kept(_, let index) where new[index].kind == .text: kept += new[index].range.count
            case .removed(let index) where old[index].kind == .text: removed += old[index].range.count
            case .added(let index) where new[index].kind == .text: added += new[index].range.count
            default: continue
            }
        }
        return removed + added > 0 && kept * 2 >= kept + max(removed, added)
    }

    private enum Mark: String {
        case del, ins
    }

    private static func marked(
        _ steps: [SequenceAlignment.Step], old: (bytes: [UInt8], tokens: [Token]), new: (bytes: [UInt8], tokens: [Token])
    ) -> String {
        var html: [UInt8] = []
        html.reserveCapacity(new.bytes.count + 64)
        var open: Mark?
        func set(_ mark: Mark?) {
            guard mark != open else { return }
            if let open { html += Array("</\(open.rawValue)>".utf8) }
            if let mark { html += Array("<\(mark.rawValue)>".utf8) }
            open = mark
        }
        for step in steps {
            switch step {
            case .kept(_, let index):
                set(nil)
                html += new.bytes[new.tokens[index].range]
            case .removed(let index):
                // The old version's tags would open or close what the new one does not.
                guard old.tokens[index].kind != .tag else { continue }
                set(.del)
                html += old.bytes[old.tokens[index].range]
            case .added(let index):
                set(new.tokens[index].kind == .tag ? nil : .ins)
                html += new.bytes[new.tokens[index].range]
            }
        }
        set(nil)
        return String(decoding: html, as: UTF8.self)
    }

    /// The end of the character reference at `start` (`&amp;`, `&#39;`), or
    /// just after the ampersand when none is there.
    private static func referenceEnd(in bytes: [UInt8], at start: Int) -> Int {
        var end = start + 1
        while end < bytes.count, end - start <= 32, bytes[end] == UInt8(ascii: "#") || isLetterOrDigit(bytes[end]) { end += 1 }
        return end < bytes.count && bytes[end] == UInt8(ascii: ";") ? end + 1 : start + 1
    }

    /// The end of the character that starts before `index`: the marks and
    /// joiners that extend it are part of it (a variation selector stays on its ideograph).
    private static func characterEnd(in bytes: [UInt8], after index: Int) -> Int {
        var end = index
        while end < bytes.count, bytes[end] >= 0x80, let (scalar, length) = scalar(in: bytes, at: end),
            scalar.properties.isGraphemeExtend || scalar == "\u{200D}"
        {
            end += length
        }
        return end
    }

    /// The scalar whose UTF-8 starts at `index`, and its length in bytes.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard index + length <= bytes.count else { return nil }
        var decoder = Unicode.UTF8()
        var iterator = bytes[index..<(index + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, length)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// ASCII that is neither a letter, a digit nor white space: a word of its own.
    private static func isPunctuation(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !isLetterOrDigit(byte)
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
