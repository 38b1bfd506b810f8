import GalleyCore

/// A diagnostic as `galley check` tells it: its file named from where the
/// command runs (the folder or file the command line gave, and the path
/// within it), where the diagnostic names it within the content folder.
struct CheckedDiagnostic: Sendable {
    var diagnostic: Diagnostic
    /// The diagnostic's file, as the output names it.
    var shownPath: String

    /// `path:line:column: severity: message`, with the shown path.
    var formatted: String { diagnostic.formatted(naming: shownPath) }
}
