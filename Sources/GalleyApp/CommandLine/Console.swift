import GalleySystem
import Glibc

/// Where commands write: standard output and standard error by their
/// descriptors, never through C's `stdout` and `stderr` (which Swift 6
/// treats as shared mutable state, and whose buffered writes fail unseen).
enum Console {
    /// Writes `text` and a line break; its own line breaks stay, every
    /// other control character is shown escaped, and no line reads as a CI
    /// runner's command (`TerminalText.shown`).
    static func error(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.shown(String($0)) }
        // Nowhere to tell that standard error failed.
        try? FileDescriptor.standardError.writeAll((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Writes all of `text` to standard output, as it is. When that fails
    /// (a full disk, a pipe closed while SIGPIPE is ignored) it says so on
    /// standard error and returns false: the command then exits non-zero,
    /// rather than leave a reader with part of its output and a success.
    static func output(_ text: String) -> Bool {
        do {
            try FileDescriptor.standardOutput.writeAll(text.utf8, path: "standard output")
            return true
        } catch {
            Console.error("galley: cannot write the output: \(error)")
            return false
        }
    }
}
