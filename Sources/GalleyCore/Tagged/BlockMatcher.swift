import Foundation

/// A tag name with its opening and closing tags as UTF-8, made once per
/// kind rather than for every string matched.
public struct TagNotation: Sendable, Equatable, ExpressibleByStringLiteral {
    public let name: String
    let open: [UInt8]
    let close: [UInt8]

    public init(_ name: String) {
        self.name = name
        open = Array("<\(name)>".utf8)
        close = Array("</\(name)>".utf8)
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }
}

/// Decides whether a whole string is a block of some kind, and extracts its content.
public enum BlockMatcher: @unchecked Sendable {
    /// `^<name>.*</name>$`: the seed's notation, matched without a regex engine.
    case tag(TagNotation)
    /// A pattern from `galley.json`; capture group 1 is the content when present.
    case regex(NSRegularExpression)
    /// The fallback kind (body text): matches every string.
    case always

    /// Builds a matcher from a pattern, using the fast tag form when the
    /// pattern is exactly the seed's shape.
    public static func compile(pattern: String) throws -> BlockMatcher {
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

    /// The block's content if `text` is of this kind, else nil.
    public func content(of text: String) -> String? {
        switch self {
        case .always:
            return text
        case .tag(let tag):
            // Compared as UTF-8 bytes, as the regex engine compares code
            // points (Swift's hasPrefix would compare grapheme clusters).
            let bytes = text.utf8
            guard bytes.count >= tag.open.count + tag.close.count, bytes.starts(with: tag.open),
                  bytes.suffix(tag.close.count).elementsEqual(tag.close) else { return nil }
            let inner = bytes.dropFirst(tag.open.count).dropLast(tag.close.count)
            // NSRegularExpression's '.' does not cross line terminators.
            if inner.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return nil }
            let content = String(decoding: inner, as: UTF8.self)
            if content.unicodeScalars.contains(where: BlockMatcher.isLineTerminator) { return nil }
            return content
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
    public static func stripTags(_ text: String) -> String {
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

    static func isLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
