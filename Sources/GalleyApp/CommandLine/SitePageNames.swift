import GalleyCore

/// The file names of a static site's pages: readable (the file's path and
/// the item's title, or its number), safe on every file system (lower-case
/// ASCII letters, digits and hyphens), unique, and the same on every
/// render of the same content, so links to a proof keep working.
enum SitePageNames {
    /// The longest name's stem, in characters, before `-2` and `.html`.
    static let longestStem = 96

    /// One name per document, by id, for documents given in the index's
    /// order (path, then item): a name already taken gets `-2`, `-3`…
    static func names(for documents: [(id: String, path: String, item: Int?, title: String)]) -> [String: String] {
        var itemsPerFile: [String: Int] = [:]
        for document in documents { itemsPerFile[document.path, default: 0] += 1 }
        var taken: Set<String> = ["index"]
        var names: [String: String] = [:]
        for document in documents {
            let folder = RelativePath.folder(of: document.path)
            var stem = slug(folder + " " + RelativePath.baseName(document.path))
            if let item = document.item, itemsPerFile[document.path, default: 0] > 1 || document.title.isEmpty {
                let title = slug(document.title)
                stem += "-" + (title.isEmpty ? String(item + 1) : title)
            }
            stem = String(stem.prefix(longestStem))
            if stem.isEmpty { stem = "document" }
            var name = stem
            var copy = 1
            while taken.contains(name) {
                copy += 1
                name = stem + "-" + String(copy)
            }
            taken.insert(name)
            names[document.id] = name + ".html"
        }
        return names
    }

    /// `Resources/en.lproj/Species Data` → `resources-en-lproj-species-data`.
    static func slug(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            let lowered = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if ("a"..."z").contains(lowered) || ("0"..."9").contains(lowered) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(lowered)
            } else {
                pendingHyphen = true
            }
        }
        return slug
    }
}
