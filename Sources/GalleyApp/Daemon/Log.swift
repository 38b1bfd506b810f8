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

    /// Problems in the content that one change brought, shown even with
    /// `--quiet`, in the form editors and `galley check` use
    /// (`path:line:column: severity: message`): all of them when they are
    /// few, else a digest (`ProblemDigest`) that says where `seeAll` the rest.
    func problems(_ diagnostics: [Diagnostic], seeAll: String) {
        guard !diagnostics.isEmpty else { return }
        let digest = ProblemDigest(diagnostics, seeAll: seeAll)
        if let heading = digest.heading { write(heading) }
        for diagnostic in digest.shown { Console.error(TerminalText.shown(diagnostic.formatted)) }
        if let remainder = digest.remainder { write(remainder) }
    }

    /// One line, whatever the message holds: its file names and headers
    /// come from outside.
    private func write(_ line: String) {
        Console.error("galley: " + TerminalText.shown(line))
    }
}
