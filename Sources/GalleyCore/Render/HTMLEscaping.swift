/// Escapes text for HTML element content and quoted attribute values alike.
package enum HTMLEscaping {
    /// `text` with `& < > "` (and `'` unless `keepingApostrophes`) escaped.
    ///
    /// Keep apostrophes only for values the renderer writes inside double
    /// quotes, such as style attributes whose font names use single quotes.
    package static func escape(_ text: String, keepingApostrophes: Bool = false) -> String {
        escape(text, keepingApostrophes: keepingApostrophes, lineSeparatorsAsBreaks: false)
    }

    /// A run's text as element content: escaped, and each line separator
    /// (U+2028, which an RTF `\line` becomes) written as `<br>`.
    package static func escapeBreakingLines(_ text: String) -> String {
        escape(text, keepingApostrophes: false, lineSeparatorsAsBreaks: true)
    }

    /// U+2028 LINE SEPARATOR in UTF-8.
    private static let lineSeparator: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA8)

    /// Works on the UTF-8 bytes: every character it replaces is ASCII, and
    /// no byte of a longer character is, so the bytes between replacements
    /// are copied as they are, in runs, into a string made at its final size.
    private static func escape(_ text: String, keepingApostrophes: Bool, lineSeparatorsAsBreaks: Bool) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            func replacement(at index: Int) -> StaticString? {
                switch bytes[index] {
                case UInt8(ascii: "&"): return "&amp;"
                case UInt8(ascii: "<"): return "&lt;"
                case UInt8(ascii: ">"): return "&gt;"
                case UInt8(ascii: "\""): return "&quot;"
                case UInt8(ascii: "'") where !keepingApostrophes: return "&#39;"
                case lineSeparator.0
                where lineSeparatorsAsBreaks && index + 2 < bytes.count
                    && bytes[index + 1] == lineSeparator.1 && bytes[index + 2] == lineSeparator.2:
                    return "<br>"
                default: return nil
                }
            }
            func replacedLength(at index: Int) -> Int { bytes[index] == lineSeparator.0 ? 3 : 1 }
            var size = 0
            var index = 0
            var replaced = false
            while index < bytes.count {
                if let replacement = replacement(at: index) {
                    size += replacement.utf8CodeUnitCount
                    index += replacedLength(at: index)
                    replaced = true
                } else {
                    size += 1
                    index += 1
                }
            }
            guard replaced else { return nil }
            return String(unsafeUninitializedCapacity: size) { output in
                var written = 0
                var runStart = 0
                var index = 0
                func copyRun(upTo end: Int) {
                    let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<(written + run.count)]).initialize(from: run)
                    written += run.count
                }
                while index < bytes.count {
                    guard let replacement = replacement(at: index) else {
                        index += 1
                        continue
                    }
                    copyRun(upTo: index)
                    let text = UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
                    _ = UnsafeMutableBufferPointer(rebasing: output[written..<(written + text.count)]).initialize(from: text)
                    written += text.count
                    index += replacedLength(at: index)
                    runStart = index
                }
                copyRun(upTo: bytes.count)
                return written
            }
        }
        return escaped ?? text
    }
}
