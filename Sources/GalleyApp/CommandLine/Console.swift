import GalleySystem
import Glibc

/// Writes to standard error without touching C's global `stderr` (which
/// Swift 6 treats as shared mutable state).
enum Console {
    static func error(_ line: String) {
        // Nowhere to tell that standard error failed.
        try? FileDescriptor.standardError.writeAll((line + "\n").utf8)
    }

    /// Flushes standard output, so a reader of a pipe sees the URL line now.
    static func flushOutput() {
        fflush(nil)
    }
}
