/// What surrounds the cursor in a JSON buffer, found by scanning bytes so
/// that it works while the author is halfway through typing (the buffer is
/// often not valid JSON then).
package enum JSONCursor {
    /// The string token (with its quotes) that holds `offset` on its line;
    /// an unterminated string runs to the end of the line.
    package static func string(around offset: Int, in document: OpenTextDocument) -> Range<Int>? {
        let bytes = document.bytes
        let line = document.lineIndex(containing: offset)
        let end = document.lineEnd(line)
        var index = document.lineStart(line)
        while index < end {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index
            index += 1
            while index < end, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            // The closing quote's index, or the line's end when there is none.
            let close = min(index, end)
            if start < offset && offset <= close { return start..<(close < end ? close + 1 : end) }
            index = close + 1
        }
        return nil
    }

    /// One enclosing container: the key that holds it (arrays' elements take
    /// their array's key) and whether it is an object.
    package struct Container: Equatable, Sendable {
        package var key: String
        package var isObject: Bool
    }

    /// The containers around `offset`, outermost first.
    package static func containers(at offset: Int, in bytes: [UInt8]) -> [Container] {
        var stack: [Container] = []
        var pendingKey: String?
        var lastString: String?
        var index = 0
        let limit = min(offset, bytes.count)
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let start = index + 1
                index += 1
                while index < limit, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                lastString = String(decoding: bytes[start..<min(index, limit)], as: UTF8.self)
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: ":"): pendingKey = lastString
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                stack.append(Container(key: pendingKey ?? stack.last?.key ?? "", isObject: byte == UInt8(ascii: "{")))
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                pendingKey = nil
            case UInt8(ascii: ","): pendingKey = nil
            default: break
            }
            index += 1
        }
        return stack
    }

    /// Whether the string starting at `stringStart` is a key: it follows
    /// `{` or `,` inside an object.
    package static func isKey(stringAt stringStart: Int, in bytes: [UInt8]) -> Bool {
        guard containers(at: stringStart, in: bytes).last?.isObject == true else { return false }
        var index = stringStart - 1
        while index >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index -= 1 }
        return index >= 0 && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: ","))
    }

    /// The string value of the last `"key": "…"` before `offset` (the
    /// item's image prefix, for instance).
    package static func lastStringValue(of key: String, before offset: Int, in bytes: [UInt8]) -> String? {
        let needle = Array("\"\(key)\"".utf8)
        var start = min(offset, bytes.count) - needle.count
        while start >= 0 {
            if bytes[start] == needle[0], Array(bytes[start..<start + needle.count]) == needle {
                var index = start + needle.count
                while index < bytes.count, [0x20, 0x09].contains(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    start -= 1
                    continue
                }
                index += 1
                while index < bytes.count, [0x20, 0x09].contains(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                let valueStart = index + 1
                guard let valueEnd = bytes[valueStart...].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == 0x0A }) else { return nil }
                return String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self)
            }
            start -= 1
        }
        return nil
    }
}
