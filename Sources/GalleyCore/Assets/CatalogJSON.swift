/// A `Contents.json` of an asset catalog, parsed; a file that is not JSON
/// is a warning at the place it breaks, as Xcode would refuse it.
enum CatalogJSON {
    /// `what` names the file in the warning: `image set`, `colour set`.
    static func parse(_ bytes: [UInt8], path: String, lines: SourceLocator, what: String, into diagnostics: inout [Diagnostic]) -> JSONNode? {
        switch JSONReader.parse(bytes) {
        case .success(let node):
            return node
        case .failure(let error):
            var lines = lines
            diagnostics.append(Diagnostic(path: path, location: lines.location(of: error.offset), severity: .warning, message: "\(what) is not valid JSON: \(error.message)"))
            return nil
        }
    }
}
