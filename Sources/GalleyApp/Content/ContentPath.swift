import GalleyWatcher

/// What a file in the content folder is to Galley.
enum FileRole: Equatable {
    /// A JSON data file whose items are documents.
    case dataFile
    /// `galley.json` at the top of the content folder.
    case config
    /// An image that may be an asset: a plain image file or one in an image set.
    case image
    /// An Xcode image set's `Contents.json`.
    case imageSetContents
    case rtf
    /// A file inside an RTFD bundle (`TXT.rtf` or an attachment).
    case rtfdPart(bundle: String)
    case text
    case html
    /// Not content (source code, other catalogs' files…).
    case other
}

/// Paths relative to the content folder, with `/`, and what they hold.
enum ContentPath {
    static func role(of relativePath: String) -> FileRole {
        let components = relativePath.slashSeparatedParts
        guard let name = components.last else { return .other }
        if let bundleIndex = components.lastIndex(where: { $0.lowercased().hasByteSuffix(".rtfd") }), bundleIndex < components.count - 1 {
            return .rtfdPart(bundle: components[...bundleIndex].joined(separator: "/"))
        }
        let lowerName = name.lowercased()
        let inAssetCatalog = components.dropLast().contains { $0.hasByteSuffix(".xcassets") }
        if inAssetCatalog {
            if lowerName == "contents.json" {
                return components.count >= 2 && components[components.count - 2].hasByteSuffix(".imageset") ? .imageSetContents : .other
            }
            return isImage(lowerName) ? .image : .other
        }
        if relativePath == ConfigFile.name { return .config }
        if isImage(lowerName) { return .image }
        switch fileExtension(lowerName) {
        case "json": return .dataFile
        case "rtf": return .rtf
        case "txt": return .text
        case "html", "htm": return .html
        default: return .other
        }
    }

    static func isImage(_ lowerName: String) -> Bool {
        ["png", "jpg", "jpeg", "gif", "webp", "svg"].contains(fileExtension(lowerName))
    }

    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The folder holding `relativePath` ("" at the top).
    static func folder(of relativePath: String) -> String {
        guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(decoding: relativePath.utf8[..<slash], as: UTF8.self)
    }

    /// `name` (relative, may hold `..`) resolved against `folder`, both
    /// relative to the content folder; nil when it would leave the folder.
    static func joined(_ folder: String, _ name: String) -> String? {
        guard !name.hasBytePrefix("/") else { return nil }
        var components = folder.slashSeparatedParts
        for component in name.slashSeparatedParts {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// Whether `path` names an RTFD bundle (a folder that is one document).
    static func isBundle(_ path: String) -> Bool {
        let trimmed = path.removingByteSuffix("/") ?? path
        return trimmed.lowercased().hasByteSuffix(".rtfd")
    }

    /// The file name without folders and extension, a fallback title.
    static func baseName(_ relativePath: String) -> String {
        let name = relativePath.slashSeparatedParts.last ?? relativePath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Folders and files that are never content: hidden ones, VCS folders,
    /// editors' temporaries and dependencies.
    static func isIgnored(name: String) -> Bool {
        name.hasBytePrefix(".") || name == "node_modules" || EditorTemporaryFiles.isTemporary(name: name)
    }

    /// `path` relative to `root`, or nil when it is not inside it.
    static func relative(_ path: String, to root: String) -> String? {
        if path.isByteEqual(to: root) { return "" }
        return path.removingBytePrefix(root.hasByteSuffix("/") ? root : root + "/")
    }
}

/// The project's configuration file, at the top of the content folder.
enum ConfigFile {
    static let name = "galley.json"
}
