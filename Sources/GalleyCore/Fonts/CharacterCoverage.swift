/// The characters some installed face draws: the union of every face's
/// character set as fontconfig lists it (`fc-list` with `formatArguments`).
///
/// A value the shell fills from fontconfig's answer, so that the check of
/// a document (`MissingGlyphs`) is pure and tested from strings. One bit
/// per code point (136 KB): a machine with Noto's faces lists some 75,000
/// ranges, which a bitmap takes in without sorting and answers at once.
package struct CharacterCoverage: Sendable, Equatable {
    private var words = [UInt64](repeating: 0, count: Int(Self.codePointCount / 64))
    /// Whether fontconfig answered at all: without it nothing is known to be missing.
    package private(set) var isKnown = false

    private static let codePointCount: UInt32 = 0x110000

    package init(ranges: [ClosedRange<UInt32>]) {
        for range in ranges { insert(range.lowerBound, range.upperBound) }
    }

    /// The arguments to `fc-list` whose output `init(charsets:)` reads: each
    /// face's character set on a line, as hexadecimal code points and ranges.
    package static let formatArguments = ["--format", "%{charset}\n"]

    /// Reads `fc-list`'s answer to `formatArguments` (`20-7e a0-17f 192 …`),
    /// byte by byte; a token it cannot read is skipped.
    package init(charsets: String) {
        var low: UInt32?
        var value: UInt32 = 0
        var digits = 0
        var readable = true
        for byte in charsets.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"):
                if readable, digits > 0 { insert(low ?? value, value) }
                (low, value, digits, readable) = (nil, 0, 0, true)
            case UInt8(ascii: "-"):
                if digits > 0, low == nil { low = value } else { readable = false }
                (value, digits) = (0, 0)
            default:
                guard let digit = RTFLexer.hexValue(byte), digits < 8 else {
                    readable = false
                    continue
                }
                value = value << 4 | UInt32(digit)
                digits += 1
            }
        }
        if readable, digits > 0 { insert(low ?? value, value) }
    }

    /// Marks `low...high` covered, a word at a time; code points past Unicode's are left out.
    private mutating func insert(_ low: UInt32, _ high: UInt32) {
        guard low <= high, low < Self.codePointCount else { return }
        let high = min(high, Self.codePointCount - 1)
        isKnown = true
        let first = Int(low / 64)
        let last = Int(high / 64)
        for index in first...last {
            let from = index == first ? low % 64 : 0
            let to = index == last ? high % 64 : 63
            let span = to - from + 1
            words[index] |= (span == 64 ? UInt64.max : ((1 << UInt64(span)) - 1)) << UInt64(from)
        }
    }

    /// Whether some face draws every printable ASCII character (`!` to `~`):
    /// then text of ASCII alone has nothing missing, and is not walked.
    package var coversPrintableASCII: Bool {
        let low: UInt64 = ~((1 << 33) - 1) // U+0021 to U+003F
        let high: UInt64 = (1 << 63) - 1 // U+0040 to U+007E
        return words[0] & low == low && words[1] & high == high
    }

    /// Whether some installed face has a glyph for `scalar`.
    package func covers(_ scalar: Unicode.Scalar) -> Bool {
        words[Int(scalar.value / 64)] & (1 << UInt64(scalar.value % 64)) != 0
    }
}
