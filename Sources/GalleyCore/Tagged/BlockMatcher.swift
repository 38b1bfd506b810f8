import Foundation

/// A tag name with its opening and closing tags as UTF-8, made once per
/// kind rather than for every string matched.
package struct TagNotation: Sendable, Equatable, ExpressibleByStringLiteral {
    package let name: String
    /// `<name>` and `</name>`.
    let opening: String
    let closing: String
    let open: [UInt8]
    let close: [UInt8]

    package init(_ name: String) {
        self.name = name
        opening = "<\(name)>"
        closing = "</\(name)>"
        open = Array(opening.utf8)
        close = Array(closing.utf8)
    }

    package init(stringLiteral name: String) {
        self.init(name)
    }

    /// The offsets of what lies between the tags when `bytes` (valid UTF-8)
    /// are `<name>…</name>` with no line terminator inside (NSRegularExpression's
    /// '.' crosses none), else nil. One pass over the bytes: in valid UTF-8
    /// U+0085, U+2028 and U+2029 are only ever the sequences C2 85, E2 80 A8
    /// and E2 80 A9, and no tag byte is part of a longer scalar.
    func inner(of bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard bytes.count >= open.count + close.count,
            bytes.prefix(open.count).elementsEqual(open), bytes.suffix(close.count).elementsEqual(close)
        else { return nil }
        let inner = open.count..<(bytes.count - close.count)
        for index in inner {
            switch bytes[index] {
            case 0x0A, 0x0D: return nil
            case 0xC2 where index + 1 < inner.upperBound && bytes[index + 1] == 0x85: return nil
            case 0xE2
            where index + 2 < inner.upperBound && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return nil
            default: continue
            }
        }
        return inner
    }
}

/// Decides whether a whole string is a block of some kind, and extracts its content.
package enum BlockMatcher: @unchecked Sendable {
    /// `^<name>.*</name>$`: the seed's notation, matched without a regex engine.
    case tag(TagNotation)
    /// A pattern from `galley.json`; capture group 1 is the content when present.
    case regex(NSRegularExpression)
    /// The fallback kind (body text): matches every string.
    case always

    /// Builds a matcher from a pattern, using the fast tag form when the
    /// pattern is exactly the seed's shape.
    package static func compile(pattern: String) throws -> BlockMatcher {
        if let tag = tagName(ofSeedPattern: pattern) { return .tag(TagNotation(tag)) }
        return .regex(try NSRegularExpression(pattern: pattern))
    }

    private static func tagName(ofSeedPattern pattern: String) -> String? {
        for (prefix, middle) in [("^<", ">.*</"), ("^<", ">(.*)</")] {
            guard pattern.hasPrefix(prefix), pattern.hasSuffix(">$") else { continue }
            let inner = pattern.dropFirst(prefix.count).dropLast(2)
            guard let split = inner.range(of: middle) else { continue }
            let open = inner[..<split.lowerBound]
            let close = inner[split.upperBound...]
            if open == close, !open.isEmpty, open.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                return String(open)
            }
        }
        return nil
    }

    /// Whether this is the fallback kind's matcher, which every string matches.
    package var isAlways: Bool {
        if case .always = self { return true }
        return false
    }

    /// Whether only a string holding a "<" can match: the tag form opens with one, a pattern may match anything.
    package var needsOpeningBracket: Bool {
        if case .tag = self { return true }
        return false
    }

    /// The block's content if `text` is of this kind, else nil.
    package func content(of text: String) -> String? {
        switch self {
        case .always:
            return text
        case .tag(let tag):
            // Compared as UTF-8 bytes, as the regex engine compares code
            // points (Swift's hasPrefix would compare grapheme clusters).
            // A string read from a file is contiguous UTF-8 already.
            var text = text
            text.makeContiguousUTF8()
            guard let inner = text.utf8.withContiguousStorageIfAvailable({ tag.inner(of: $0) }) ?? nil else { return nil }
            let utf8 = text.utf8
            // Slicing a valid string where a tag starts or ends copies it without decoding it again.
            return String(
                Substring(
                    utf8[utf8.index(utf8.startIndex, offsetBy: inner.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: inner.upperBound)])
            )
        case .regex(let expression):
            let range = NSRange(text.startIndex..., in: text)
            guard let match = expression.firstMatch(in: text, range: range) else { return nil }
            if match.numberOfRanges > 1, let group = Range(match.range(at: 1), in: text) {
                return String(text[group])
            }
            return BlockMatcher.stripTags(text)
        }
    }

    /// The seed's `strip()`: removes `^<\w+>` and `</\w+>$`.
    package static func stripTags(_ text: String) -> String {
        var result = Substring(text)
        if result.first == "<", let end = result.firstIndex(of: ">") {
            let name = result[result.index(after: result.startIndex)..<end]
            if !name.isEmpty, name.allSatisfy(isWordCharacter) { result = result[result.index(after: end)...] }
        }
        if result.last == ">", let start = result.range(of: "</", options: .backwards) {
            let name = result[start.upperBound..<result.index(before: result.endIndex)]
            if !name.isEmpty, name.allSatisfy(isWordCharacter) { result = result[..<start.lowerBound] }
        }
        return String(result)
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
