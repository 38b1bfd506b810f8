import GalleyCore

/// How `galley check` writes what it found (`--format`).
enum CheckFormat: String, CaseIterable, Sendable {
    // In alphabetical order, as `--help` lists them.
    /// GitHub Actions workflow commands, which annotate a pull request.
    case github
    /// One JSON array of diagnostics, every field (`Diagnostic.writeFields`).
    case json
    /// SARIF 2.1.0, for code-scanning tools.
    case sarif
    /// `path:line:column: severity: message` lines and a count, for people
    /// and editors: the default.
    case text

    /// The whole output for `diagnostics` found in `fileCount` files. Only
    /// `github` has lines a CI runner obeys (`WorkflowCommandText`).
    func report(_ diagnostics: [CheckedDiagnostic], fileCount: Int) -> String {
        switch self {
        case .text:
            let errors = diagnostics.filter { $0.diagnostic.severity == .error }.count
            let warnings = diagnostics.filter { $0.diagnostic.severity == .warning }.count
            // Text from the content reaches the terminal with its control characters escaped.
            let lines =
                diagnostics.map { TerminalText.shown($0.formatted) } + [
                    "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                        + " in \(fileCount) file\(fileCount == 1 ? "" : "s")"
                ]
            return lines.joined(separator: "\n")
        case .json:
            var json = JSONWriter()
            json.beginArray()
            for checked in diagnostics {
                json.beginObject()
                checked.diagnostic.writeFields(into: &json, naming: checked.shownPath)
                json.endObject()
            }
            json.endArray()
            return WorkflowCommandText.inertJSON(json.text)
        case .github:
            return diagnostics.map { GitHubAnnotation.command(for: $0.diagnostic, file: $0.shownPath) }.joined(separator: "\n")
        case .sarif:
            return WorkflowCommandText.inertJSON(SARIFReport.json(for: diagnostics).text)
        }
    }
}
