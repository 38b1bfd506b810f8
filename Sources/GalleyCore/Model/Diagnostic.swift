/// How serious a diagnostic is; `error` makes `galley check` exit 1.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// A problem found in an author's file, returned as a value, never thrown.
///
/// Messages follow compiler style: lowercase, no trailing period, the
/// offending token in quotes.
public struct Diagnostic: Hashable, Sendable {
    /// The file, relative to the content folder, with `/` separators.
    public var path: String
    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(path: String, location: SourceLocation, severity: Severity, message: String) {
        self.path = path
        self.location = location
        self.severity = severity
        self.message = message
    }

    /// The form editors and CI parse: `path:line:column: severity: message`.
    public var formatted: String {
        "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
}
