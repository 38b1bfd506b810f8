extension Array where Element == Diagnostic {
    /// The order a document's page and `galley check` list its problems in:
    /// the document's own file first, then others (`galley.json`); by
    /// position within each, errors before warnings at the same place.
    package func sortedForDocument(at path: RelativePath) -> [Diagnostic] {
        func key(_ diagnostic: Diagnostic) -> (Int, SourceLocation, Int) {
            (diagnostic.path != path ? 1 : 0, diagnostic.location, diagnostic.severity == .error ? 0 : 1)
        }
        return sorted { key($0) < key($1) }
    }
}
