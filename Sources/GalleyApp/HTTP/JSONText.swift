import GalleyCore

/// Builds JSON text directly, because API bodies are made on every save and
/// the shape is fixed (no generic encoder on the hot path).
enum JSONText {
    /// Bytes that need attention: quote, backslash, controls, '<' and the
    /// lead byte of U+2028/U+2029 (0xE2).
    private static let special: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0xE2
    }

    static func quoted(_ value: String) -> String {
        var value = value
        return value.withUTF8 { quoted($0) }
    }

    /// UTF-8 text as a JSON string.
    static func quoted(_ source: UnsafeBufferPointer<UInt8>) -> String {
        var output = [UInt8]()
        output.reserveCapacity(source.count + source.count / 16 + 2)
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        special.withUnsafeBufferPointer { special in
            // Copy runs of bytes that need no escape in one step.
            while index < source.count {
                let byte = source[index]
                guard special[Int(byte)] else {
                    index += 1
                    continue
                }
                if byte == 0xE2 {
                    // U+2028 and U+2029 (E2 80 A8/A9) end lines in old JavaScript parsers.
                    guard index + 2 < source.count, source[index + 1] == 0x80, source[index + 2] == 0xA8 || source[index + 2] == 0xA9 else {
                        index += 1
                        continue
                    }
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                appendEscape(for: byte, next: byte == 0xE2 ? source[index + 2] : 0, to: &output)
                index += byte == 0xE2 ? 3 : 1
                runStart = index
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        output.append(UInt8(ascii: "\""))
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendEscape(for byte: UInt8, next: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output += [0x5C, 0x22]
        case UInt8(ascii: "\\"): output += [0x5C, 0x5C]
        case UInt8(ascii: "\n"): output += [0x5C, UInt8(ascii: "n")]
        case UInt8(ascii: "\r"): output += [0x5C, UInt8(ascii: "r")]
        case UInt8(ascii: "\t"): output += [0x5C, UInt8(ascii: "t")]
        // '<' escaped so a body can never close a <script> if embedded.
        case UInt8(ascii: "<"): output += Array(#"\u003c"#.utf8)
        case 0xE2: output += Array((next == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
        default: output += Array("\\u00".utf8) + [hexDigit(byte >> 4), hexDigit(byte & 0xF)]
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
