import GalleyCore

/// A diagnostic as a GitHub Actions workflow command, which the runner
/// shows as an annotation on the file and line:
/// `::warning file=a.json,line=2,col=3,endLine=2,endColumn=22,title=unknown-tag::message`.
///
/// Escaping as GitHub's runner reads it: in the message `%`, CR and LF; in
/// property values also `:` and `,`, which separate properties.
enum GitHubAnnotation {
    /// The command for `diagnostic`, its file named `file` (from where the check runs).
    static func command(for diagnostic: Diagnostic, file: String) -> String {
        let level =
            switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
        let range = diagnostic.range
        let properties = [
            ("file", file), ("line", "\(range.start.line)"), ("col", "\(range.start.column)"),
            ("endLine", "\(range.end.line)"), ("endColumn", "\(range.end.column)"), ("title", diagnostic.id.rawValue),
        ].map { "\($0.0)=\(escapedProperty($0.1))" }
        return "::\(level) \(properties.joined(separator: ","))::\(escapedData(diagnostic.message))"
    }

    static func escapedData(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    static func escapedProperty(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}

extension String {
    /// Each scalar that is a key replaced by its value, in one pass (so the
    /// `%` of one escape is never escaped again). Scalars, not characters:
    /// CR LF is one `Character`.
    fileprivate func replacingEvery(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
