import GalleyCore

/// A document as read from its file, before rendering.
struct DocumentSource: Equatable {
    /// The content file, relative to the content folder.
    var path: String
    /// The item index in a data file; nil for one-document files.
    var item: Int?
    var document: Document
    /// Problems found while reading (rendering adds missing images).
    var diagnostics: [Diagnostic]

    /// Stable across edits and restarts: derived from path and item only.
    var id: String { DocumentSource.id(path: path, item: item) }

    static func id(path: String, item: Int?) -> String {
        var hash = ContentHash()
        hash.combine(path)
        hash.combine([0])
        hash.combine(item.map(String.init) ?? "-")
        return hash.hex
    }
}

/// What reading one content file produced.
enum FileReading {
    /// Documents, in file order.
    case documents([DocumentSource])
    /// The file holds no documents (valid JSON that is not a data file).
    case nothing
    /// The file could not be read or parsed: keep the last good documents.
    case failed(Diagnostic)
}
