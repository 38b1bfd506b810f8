/// Escapes text for HTML element content and quoted attribute values alike.
package enum HTMLEscaping {
    /// `text` with `& < > "` (and `'` unless `keepingApostrophes`) escaped.
    ///
    /// Keep apostrophes only for values the renderer writes inside double
    /// quotes, such as style attributes whose font names use single quotes.
    package static func escape(_ text: String, keepingApostrophes: Bool = false) -> String {
        let needsEscaping = text.utf8.contains { byte in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"")
                || (byte == UInt8(ascii: "'") && !keepingApostrophes)
        }
        guard needsEscaping else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'" where !keepingApostrophes: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
