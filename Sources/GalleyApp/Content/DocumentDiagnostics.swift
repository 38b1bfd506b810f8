import GalleyCore

/// Every problem a document's page shows, from all the places that find
/// them: its reader, its file's error, `galley.json` and the style, the
/// asset catalog, images that cannot be shown or are missing, its copies in
/// other languages, and the app's strings its title names; in document order.
struct DocumentDiagnostics {
    let source: DocumentSource
    let catalog: AssetCatalog
    let traits: AssetTraits
    /// The images the document shows.
    let images: Set<ImageDependency>

    func assemble(style: PageStyle, failure: Diagnostic?, assetDiagnostics: [Diagnostic], imageProblems: [String: String],
                  missingImages: [RenderedDocument.MissingImage], localized: [Diagnostic], strings: [Diagnostic]) -> [Diagnostic] {
        var diagnostics = source.diagnostics + style.configDiagnostics + (source.document.kind == .tagged ? style.styleDiagnostics : [])
        if let failure { diagnostics.insert(failure, at: 0) }
        diagnostics += assetDiagnostics
        if !imageProblems.isEmpty {
            for reference in source.document.imageReferences {
                let path: String?
                switch reference.source {
                case .asset(let name): path = catalog.image(named: name, for: traits)?.path
                case .file(let name): path = source.imageFilePath(name)
                case .embedded: path = nil
                }
                if let path, let problem = imageProblems[path] {
                    diagnostics.append(Diagnostic(path: source.path, id: .unreadableImage, at: reference.location, severity: .warning, message: problem))
                }
            }
        }
        for missing in missingImages {
            diagnostics.append(images.contains(.asset(missing.name))
                ? catalog.missingImage(missing.name, path: source.path, at: missing.location, naming: source.document.imageNamings[missing.location])
                : Diagnostic(path: source.path, id: .missingImage, at: missing.location, severity: .warning, message: "missing image '\(missing.name)'"))
        }
        if !localized.isEmpty {
            // One problem, one line: a localisation warning explains the warning
            // its spot already has (a caption left without its image).
            diagnostics.removeAll { old in old.severity == .warning && localized.contains { $0.path == old.path && $0.location == old.location } }
            diagnostics += localized
        }
        diagnostics += strings
        return diagnostics.sortedForDocument(at: source.path)
    }
}
