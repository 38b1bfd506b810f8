import GalleyCore

/// Builds JSON text directly, because API bodies are made on every save and
/// the shape is fixed (no generic encoder on the hot path).
enum JSONText {
    static func quoted(_ value: String) -> String {
        var value = value
        return value.withUTF8 { source in
            var output = [UInt8]()
            output.reserveCapacity(source.count + source.count / 16 + 2)
            output.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            // Copy runs of bytes that need no escape in one step.
            while index < source.count {
                let byte = source[index]
                let escape: [UInt8]?
                switch byte {
                case UInt8(ascii: "\""): escape = Array(#"\""#.utf8)
                case UInt8(ascii: "\\"): escape = Array(#"\\"#.utf8)
                case UInt8(ascii: "\n"): escape = Array(#"\n"#.utf8)
                case UInt8(ascii: "\r"): escape = Array(#"\r"#.utf8)
                case UInt8(ascii: "\t"): escape = Array(#"\t"#.utf8)
                // '<' escaped so a body can never close a <script> if embedded.
                case UInt8(ascii: "<"): escape = Array(#"\u003c"#.utf8)
                case 0..<0x20: escape = Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
                // U+2028 and U+2029 (E2 80 A8/A9) end lines in old JavaScript parsers.
                case 0xE2 where index + 2 < source.count && source[index + 1] == 0x80 && (source[index + 2] == 0xA8 || source[index + 2] == 0xA9):
                    escape = Array((source[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                default: escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                output.append(contentsOf: escape)
                index += byte == 0xE2 ? 3 : 1
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
            output.append(UInt8(ascii: "\""))
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// `value` as a JSON string, or `null`.
    static func quoted(_ value: String?) -> String {
        value.map { quoted($0) } ?? "null"
    }

    static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }
}
