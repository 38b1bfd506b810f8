/// Where a diagnostic's underline ends, and what kind of problem it is, for
/// editors: Galley's diagnostics carry a start only, so the span is the
/// JSON string that starts there, or the rest of the line.
public enum DiagnosticSpan {
    /// Byte range of the diagnostic at `location` in `document`.
    public static func byteRange(of location: SourceLocation, in document: OpenTextDocument) -> Range<Int> {
        let bytes = document.bytes
        let start = document.offset(of: location)
        let lineEnd = document.lineEnd(document.lineIndex(containing: start))
        guard start < lineEnd else { return start..<start }
        if bytes[start] == UInt8(ascii: "\"") {
            var index = start + 1
            while index < lineEnd {
                if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
                if bytes[index] == UInt8(ascii: "\"") { return start..<(index + 1) }
                index += 1
            }
            return start..<lineEnd
        }
        var end = lineEnd
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start..<max(end, start + UTF8ByteCount.ofScalar(lead: bytes[start]))
    }

    /// A stable name for the kind of problem, shown by editors beside the message.
    public static func code(for diagnostic: Diagnostic) -> String {
        let message = diagnostic.message
        if message.contains("matches no block kind") { return "unknown-tag" }
        if message.contains("has full-width brackets") { return "full-width-tag" }
        if message.contains("' is closed by '") || message.hasPrefix("unclosed '<") || message.contains("' without an opening '") { return "mismatched-tag" }
        if message.hasPrefix("unknown key ") { return "unknown-key" }
        if message.hasPrefix("duplicate key ") { return "duplicate-key" }
        if message.hasPrefix("missing image ") || message.hasPrefix("no image set ") { return "missing-image" }
        if message.contains("does not directly follow") { return "misplaced-block" }
        let syntaxPrefixes = ["unexpected ", "missing ','", "expected ", "unterminated string", "invalid literal", "invalid number", "invalid escape", "invalid '\\u'", "incomplete '\\u'", "control character", "nesting deeper"]
        if diagnostic.severity == .error, syntaxPrefixes.contains(where: message.hasPrefix) { return "json-syntax" }
        return diagnostic.severity == .error ? "error" : "warning"
    }

    /// The name a "did you mean" message suggests, and the name it replaces.
    public static func suggestion(in message: String) -> (wrong: String, right: String)? {
        guard let hint = message.range(of: "did you mean '", options: .backwards) else { return nil }
        let rest = message[hint.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        var right = String(rest[..<close])
        guard let open = message.firstIndex(of: "'") else { return nil }
        let afterOpen = message[message.index(after: open)...]
        guard let end = afterOpen.firstIndex(of: "'") else { return nil }
        var wrong = String(afterOpen[..<end])
        // Tags are quoted with their brackets; the fix changes the name.
        for (prefix, suffix) in [("</", ">"), ("<", ">")] where wrong.hasPrefix(prefix) && wrong.hasSuffix(suffix) {
            wrong = String(wrong.dropFirst(prefix.count).dropLast(suffix.count))
            if right.hasPrefix(prefix) && right.hasSuffix(suffix) { right = String(right.dropFirst(prefix.count).dropLast(suffix.count)) }
            break
        }
        guard !wrong.isEmpty, !right.isEmpty, wrong != right else { return nil }
        return (wrong, right)
    }

    /// `text` with the wrong name replaced where it stands as a whole token
    /// (between quotes, tag brackets or spaces). An image name may appear
    /// only by its suffix (`<image>04</image>` for `littlepenguin_04`), so
    /// the longest suffix found is replaced with the same suffix of the fix.
    public static func applying(_ suggestion: (wrong: String, right: String), to text: String) -> String? {
        let wrong = Array(suggestion.wrong.unicodeScalars)
        let right = Array(suggestion.right.unicodeScalars)
        for dropped in 0..<wrong.count {
            guard dropped == 0 || (right.count > dropped && Array(right[..<dropped]) == Array(wrong[..<dropped])) else { break }
            let token = String(String.UnicodeScalarView(wrong[dropped...]))
            let replacement = String(String.UnicodeScalarView(right[dropped...]))
            if let replaced = replaceTokens(token, with: replacement, in: text) { return replaced }
        }
        return nil
    }

    private static func replaceTokens(_ token: String, with replacement: String, in text: String) -> String? {
        let delimiters: Set<Character> = ["\"", "<", ">", "/", " ", "\t"]
        var result = ""
        var index = text.startIndex
        var found = false
        while let range = text[index...].range(of: token) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            result += text[index..<range.lowerBound]
            if before.map(delimiters.contains) ?? true, after.map(delimiters.contains) ?? true {
                result += replacement
                found = true
            } else {
                result += text[range]
            }
            index = range.upperBound
        }
        result += text[index...]
        return found ? result : nil
    }
}
