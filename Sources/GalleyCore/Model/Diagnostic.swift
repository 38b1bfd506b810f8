/// How serious a diagnostic is; `error` makes `galley check` exit 1.
package enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// A problem found in an author's file, returned as a value, never thrown.
///
/// Like swift-syntax's diagnostics, a problem is data: which kind it is
/// (`id`), the source it is about (`range`), and the edits that would fix
/// it (`fixIts`). Editors, the page and CI read those fields; `message` is
/// made from them once, by the producer, for people to read, and nothing
/// parses it back.
///
/// Messages follow compiler style: lowercase, no trailing period, the
/// offending token in quotes.
package struct Diagnostic: Hashable, Sendable {
    /// The file whose bytes the problem is in: for a document read from a
    /// bundle, its text file (`DocumentSource.textPath`), never the bundle.
    package var path: RelativePath
    package var id: DiagnosticID
    /// The source the problem is about: its start is where it is reported.
    package var range: SourceRange
    package var severity: Severity
    package var message: String
    /// Ways to fix the problem, best first; most diagnostics have none.
    package var fixIts: [FixIt]
    /// For a `line-limit` warning: the block's line count at each content
    /// size category, xSmall to AX5, as Galley's measure has it, so that a
    /// tool (or a test against the browser) reads them without the prose.
    /// Empty for every other diagnostic.
    package var lineCounts: [Int] = []

    package init(path: RelativePath, id: DiagnosticID, range: SourceRange, severity: Severity, message: String, fixIts: [FixIt] = []) {
        self.path = path
        self.id = id
        self.range = range
        self.severity = severity
        self.message = message
        self.fixIts = fixIts
    }

    /// A problem with a place but no extent, such as a whole file's.
    package init(path: RelativePath, id: DiagnosticID, at location: SourceLocation, severity: Severity, message: String) {
        self.init(path: path, id: id, range: SourceRange(at: location), severity: severity, message: message)
    }

    /// Where the problem is reported.
    package var location: SourceLocation { range.start }

    /// The form editors and CI parse: `path:line:column: severity: message`.
    package var formatted: String { formatted(naming: path.rawValue) }

    /// The same form with the file named `file`: as the command line named
    /// it, from where the command runs rather than from the content folder.
    /// A path that would start a CI runner's command (`::error …`) is
    /// written `./::error …`, the same file, which no runner obeys.
    package func formatted(naming file: String) -> String {
        let shownPath = WorkflowCommandText.startsCommand(file) ? "./" + file : file
        return "\(shownPath):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    /// The same problem after its source moved: its range and its fixes'.
    package func relocated(_ move: (SourceLocation) -> SourceLocation) -> Diagnostic {
        var moved = self
        moved.range = range.relocated(move)
        moved.fixIts = fixIts.map { $0.relocated(move) }
        return moved
    }
}
