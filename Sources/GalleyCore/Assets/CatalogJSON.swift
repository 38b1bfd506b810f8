/// A `Contents.json` of an asset catalog, parsed; a file that is not JSON
/// is a warning at the place it breaks, as Xcode would refuse it.
enum CatalogJSON {
    /// `what` names the file in the warning: `image set`, `colour set`.
    static func parse(
        _ bytes: [UInt8], path: RelativePath, lines: SourceLocator, what: String, into diagnostics: inout [Diagnostic]
    ) -> JSONNode? {
        switch JSONReader.parse(bytes) {
        case .success(let node):
            return node
        case .failure(let error):
            diagnostics.append(
                error.diagnostic(path: path, severity: .warning, prefix: "\(what) is not valid JSON: ", location: lines.location(ofOffset:))
            )
            return nil
        }
    }
}
