/// Rejects request paths that could name something outside the content
/// folder, however they are written.
enum SafePath {
    /// Whether `path` (already URL-decoded once) is a plain relative path.
    static func isClean(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasBytePrefix("/"), path.utf8.count <= 4096 else { return false }
        for scalar in path.unicodeScalars {
            // NUL, backslashes and characters that end a path early in some
            // layer (';', '?', '#', '%' after decoding) never appear in names we serve.
            if scalar.value < 0x20 || scalar == "\\" || scalar == "\u{7F}" || scalar == "%" || scalar == ";" || scalar == "?"
                || scalar == "#"
            {
                return false
            }
        }
        for segment in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map({
            String(decoding: $0, as: UTF8.self)
        }) {
            if segment.isEmpty || segment == "." || segment == ".." { return false }
        }
        return true
    }
}
