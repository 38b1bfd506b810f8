/// A Galley diagnostic as the protocol's `Diagnostic`: the one place that
/// says how severity, range, code and message reach the editor.
enum LanguageServerDiagnostic {
    static func json(_ diagnostic: Diagnostic, in document: OpenTextDocument, encoding: PositionEncoding) -> JSONOutput {
        let bytes = DiagnosticSpan.byteRange(of: diagnostic.location, in: document)
        let range = TextRange(start: document.position(ofOffset: bytes.lowerBound, encoding: encoding),
                              end: document.position(ofOffset: bytes.upperBound, encoding: encoding))
        return .object([
            ("range", range.json),
            ("severity", .int(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(DiagnosticSpan.code(for: diagnostic))),
            ("source", .string("galley")),
            ("message", .string(diagnostic.message)),
        ])
    }
}
