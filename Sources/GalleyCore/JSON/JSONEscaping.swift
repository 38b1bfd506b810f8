/// How text becomes a JSON string: the one place that decides it.
///
/// Escaped: `"` and `\`, every control character below U+0020 (as `\n`,
/// `\r`, `\t`, `\b`, `\f` or `\u00XX`), `<` (as `\u003c`, so no string can
/// close a `<script>` element it is embedded in), and U+2028/U+2029 (line
/// ends to old JavaScript parsers). Everything else, non-BMP characters
/// included, is copied as UTF-8. Swift strings hold no lone surrogates, so
/// none can be written.
enum JSONEscaping {
    /// Bytes that need attention: controls, quote, backslash, '<' and 0xE2,
    /// the lead byte of U+2028/U+2029.
    private static let special: [Bool] = (0...255).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0xE2
    }

    /// Whether `text` is written in a JSON string as it is.
    static func needsNoEscape(_ text: StaticString) -> Bool {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount).allSatisfy { !special[Int($0)] }
    }

    static func appendQuoted(_ source: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + source.count + source.count / 16 + 2)
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        special.withUnsafeBufferPointer { special in
            // Runs of bytes that need no escape are copied in one step.
            while index < source.count {
                let byte = source[index]
                guard special[Int(byte)] else {
                    index += 1
                    continue
                }
                var length = 1
                if byte == 0xE2 {
                    guard index + 2 < source.count, source[index + 1] == 0x80,
                        source[index + 2] == 0xA8 || source[index + 2] == 0xA9
                    else {
                        index += 1
                        continue
                    }
                    length = 3
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
                appendEscape(for: byte, last: source[index + length - 1], to: &output)
                index += length
                runStart = index
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        output.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string an author writes in a source file, for a
    /// fix-it: only what JSON requires is escaped (`"`, `\`, controls), so
    /// `<image>` stays readable rather than becoming `\u003cimage>`.
    static func sourceQuoted(_ text: String) -> String {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                appendEscape(for: byte, last: byte, to: &output)
            } else {
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
        return String(decoding: output, as: UTF8.self)
    }

    private static func appendEscape(for byte: UInt8, last: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0xE2: output += (last == 0xA8 ? "u2028" : "u2029").utf8
        default:
            // '<' and the other controls.
            output += "u00".utf8
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
