import GalleySystem
import Glibc

/// Writes to standard error without touching C's global `stderr` (which
/// Swift 6 treats as shared mutable state).
enum Console {
    /// Writes `text` and a line break; its own line breaks stay, every
    /// other control character is shown escaped (`TerminalText.shown`).
    static func error(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.shown(String($0)) }
        // Nowhere to tell that standard error failed.
        try? FileDescriptor.standardError.writeAll((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Flushes standard output, so a reader of a pipe sees the URL line now.
    static func flushOutput() {
        fflush(nil)
    }
}
