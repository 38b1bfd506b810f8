/// A Galley diagnostic as the protocol's `Diagnostic`: the one place that
/// says how severity, range, code and message reach the editor. The range
/// and the code are the diagnostic's own fields, and its fix-its travel as
/// `data`, which the client sends back with a code action request.
enum LanguageServerDiagnostic {
    static func json(_ diagnostic: Diagnostic, in document: OpenTextDocument, encoding: PositionEncoding) -> JSONOutput {
        func range(_ range: SourceRange) -> JSONOutput {
            TextRange(
                start: document.position(ofOffset: document.offset(of: range.start), encoding: encoding),
                end: document.position(ofOffset: document.offset(of: range.end), encoding: encoding)
            ).json
        }
        let fixIts: [JSONOutput] = diagnostic.fixIts.map { fixIt in
            .object([
                ("title", .string(fixIt.message)),
                ("edits", .array(fixIt.edits.map { .object([("range", range($0.range)), ("newText", .string($0.replacement))]) })),
            ])
        }
        return .object([
            ("range", range(diagnostic.range)),
            ("severity", .int(DiagnosticSeverity(diagnostic.severity).rawValue)),
            ("code", .string(diagnostic.id.rawValue)),
            ("source", .string("galley")),
            ("message", .string(diagnostic.message)),
            ("data", .object([("fixIts", .array(fixIts))])),
        ])
    }
}
