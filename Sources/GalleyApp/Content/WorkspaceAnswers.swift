import GalleyCore

/// What the workspace holds, for `check`, `render`, the static site and
/// editors: answers read from its parts, which change nothing.
extension Workspace {
    /// How many documents are published (without sorting them, as `allDocuments` does).
    var documentCount: Int { outbox.count }

    var allDocuments: [PublishedDocument] { outbox.allDocuments }

    /// Bytes of content files parsed so far.
    var bytesParsed: Int { sources.bytesParsed }

    /// How often a save was compared for change so far, at each layer: by
    /// the reader (which says which documents changed), by the index (a
    /// reading whose reader did not say), and by the page (a rendering made
    /// for anything but a changed reading).
    var changeComparisons: (byReader: Int, byIndex: Int, byPage: Int) {
        (sources.readingsCompared, index.sourcesCompared, renderingsCompared)
    }

    /// Item indexes of localised files compared with their other languages'
    /// copies so far: a save compares the items it changed, not the files.
    var localizationItemsCompared: Int { localizations.itemsCompared }

    /// How many pixels wide a column-wide image is on the configured device.
    var shownImageWidth: Int { style.shownImageWidth }

    /// Every image file in the content folder that a page can show (as it is, or drawn).
    var displayableImages: [ServedImage] {
        files.assets.images.values.filter(\.isDisplayable).sorted { $0.path < $1.path }
    }

    /// The device width of `galley.json`, for pages written without the page's script.
    var deviceWidth: Double { style.config.deviceWidth }

    /// The style fonts drawn with another face.
    var fontSubstitutes: [TextFaces.Face] { style.fontSubstitutes }

    /// What an editor completes and looks up.
    var vocabulary: EditorVocabulary {
        EditorVocabulary(schema: style.schema, assets: files.assets, traits: style.previewTraits, strings: appStrings.strings)
    }

    /// The ids of the documents the file at `path` holds, in file order:
    /// an editor names a bundle's text file, whose document is the bundle's.
    func documentIDs(ofFile path: RelativePath) -> [DocumentID] {
        index.documentIDs(ofFile: SourceCache.documentPath(ofBuffer: path))
    }

    /// What `galley check` would say about one file, for the editor.
    func diagnostics(ofFile path: RelativePath) -> [Diagnostic] {
        let strings = appStrings.findings.all.filter { $0.path == path }
        guard path == ConfigFile.name else {
            return outbox.diagnostics(of: documentIDs(ofFile: path), inFile: path) + strings
        }
        // The folder's warnings at galley.json's lines are carried by the first documents to use each kind.
        let carried = outbox.diagnostics(of: index.kindsFirstUsed.keys.sorted(), inFile: path)
        let own = style.configDiagnostics + strings
        return own + carried.filter { !own.contains($0) }
    }

    /// Diagnostics of every document and of the app's strings, for `galley check`.
    var allDiagnostics: [Diagnostic] {
        outbox.allDiagnostics(
            adding: files.assets.catalog.allProblems(for: style.previewTraits) + style.styleDiagnostics + appStrings.findings.all)
    }
}
