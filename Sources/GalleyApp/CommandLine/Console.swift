import Glibc

/// Writes to standard error without touching C's global `stderr` (which
/// Swift 6 treats as shared mutable state).
enum Console {
    /// Writes `text` and a line break; its own line breaks stay, every
    /// other control character is shown escaped (`TerminalText.shown`).
    static func error(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.shown(String($0)) }
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return write(2, base + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Flushes standard output, so a reader of a pipe sees the URL line now.
    static func flushOutput() {
        fflush(nil)
    }
}
