import GalleyCore
import Glibc

/// Where the daemon tells the author what it does: one line per event on
/// standard error (standard output carries only the URL line).
struct Log: Sendable {
    enum Level: Int, Comparable, Sendable {
        case quiet, normal, verbose
        static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var level: Level

    func info(_ message: @autoclosure () -> String) {
        if level >= .normal { write(message()) }
    }

    func verbose(_ message: @autoclosure () -> String) {
        if level >= .verbose { write(message()) }
    }

    /// Warnings are shown even with `--quiet`.
    func warning(_ message: String) {
        write("warning: " + message)
    }

    func error(_ message: String) {
        write("error: " + message)
    }

    /// One line, whatever the level and whatever the message holds: its
    /// file names and headers come from outside.
    func write(_ line: String) {
        Console.error("galley: " + TerminalText.shown(line))
    }
}
