/// How documents are named: their titles and ids.
package enum DocumentNaming {
    /// The title `galley.json` gives the file, else the document's own, else
    /// the file name.
    package static func title(of document: Document, path: DocumentPath, config: GalleyConfig) -> String {
        configuredTitle(path: path, config: config) ?? (document.title.isEmpty ? RelativePath.baseName(path.rawValue) : document.title)
    }

    /// The title `galley.json` gives the file at `path`, by its own path or,
    /// for a localisation, by its group's (`*.lproj/Help.rtf`).
    package static func configuredTitle(path: DocumentPath, config: GalleyConfig) -> String? {
        if let title = config.titles[path.rawValue] { return title }
        guard let group = LocalizedPath(path.rawValue)?.group else { return nil }
        return config.titles[group]
    }

    /// `document` with its title decided by `title(of:path:config:)`.
    package static func titled(_ document: Document, path: DocumentPath, config: GalleyConfig) -> Document {
        var document = document
        document.title = title(of: document, path: path, config: config)
        return document
    }

    /// Stable across edits and restarts: derived from path and item only.
    /// Fifteen hex digits (60 bits), so that it is a small string, held
    /// inline: every table of the workspace and the publisher is keyed by
    /// it, and with sixteen each id was an object of its own (10,000
    /// documents' ids were 0.64 MB, massif) counted at every copy.
    package static func id(path: DocumentPath, item: Int?) -> DocumentID {
        var hash = ContentHash()
        hash.combine(path.rawValue)
        hash.combine(CollectionOfOne(0))
        hash.combine(item.map(String.init) ?? "-")
        return DocumentID(rawValue: hash.hex(digits: 15))
    }
}
