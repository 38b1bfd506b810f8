/// How documents are named: their titles and ids.
package enum DocumentNaming {
    /// The title `galley.json` gives the file, else the document's own, else
    /// the file name.
    package static func title(of document: Document, path: String, config: GalleyConfig) -> String {
        configuredTitle(path: path, config: config)?.title ?? (document.title.isEmpty ? RelativePath.baseName(path) : document.title)
    }

    /// The title `galley.json` gives the file at `path`, by its own path or,
    /// for a localisation, by its group's (`*.lproj/Help.rtf`), with the
    /// path it is given under.
    package static func configuredTitle(path: String, config: GalleyConfig) -> (title: String, givenFor: String)? {
        if let title = config.titles[path] { return (title, path) }
        guard let group = LocalizedPath(path)?.group, let title = config.titles[group] else { return nil }
        return (title, group)
    }

    /// `document` with its title decided by `title(of:path:config:)`.
    package static func titled(_ document: Document, path: String, config: GalleyConfig) -> Document {
        var document = document
        document.title = title(of: document, path: path, config: config)
        return document
    }

    /// Stable across edits and restarts: derived from path and item only.
    /// Fifteen hex digits (60 bits), so that it is a small string, held
    /// inline: every table of the workspace and the publisher is keyed by
    /// it, and with sixteen each id was an object of its own (10,000
    /// documents' ids were 0.64 MB, massif) counted at every copy.
    package static func id(path: String, item: Int?) -> String {
        var hash = ContentHash()
        hash.combine(path)
        hash.combine(CollectionOfOne(0))
        hash.combine(item.map(String.init) ?? "-")
        return hash.hex(digits: 15)
    }
}
