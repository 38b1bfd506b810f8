import GalleyCore
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
        let components = relativePath.split(separator: "/")
        guard let name = components.last else { return .other }
        if let bundleIndex = components.lastIndex(where: { $0.lowercased().hasSuffix(".rtfd") }), bundleIndex < components.count - 1 {
            return .rtfdPart(bundle: components[...bundleIndex].joined(separator: "/"))
        }
        let lowerName = name.lowercased()
        let inAssetCatalog = components.dropLast().contains { $0.hasSuffix(".xcassets") }
        if inAssetCatalog {
            if lowerName == "contents.json" {
                return components.count >= 2 && components[components.count - 2].hasSuffix(".imageset") ? .imageSetContents : .other
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
        ImageFileTypes.format(forPath: lowerName) != nil
    }

    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The folder holding `relativePath` ("" at the top).
    static func folder(of relativePath: String) -> String {
        guard let slash = relativePath.lastIndex(of: "/") else { return "" }
        return String(relativePath[..<slash])
    }

    /// `name` (relative, may hold `..`) resolved against `folder`, both
    /// relative to the content folder; nil when it would leave the folder.
    static func joined(_ folder: String, _ name: String) -> String? {
        guard !name.hasPrefix("/") else { return nil }
        var components = folder.split(separator: "/").map(String.init)
        for component in name.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(String(component))
            }
        }
        return components.isEmpty ? nil : components.joined(separator: "/")
    }

    /// Whether `path` names an RTFD bundle (a folder that is one document).
    static func isBundle(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.lowercased().hasSuffix(".rtfd")
    }

    /// The file name without folders and extension, a fallback title.
    static func baseName(_ relativePath: String) -> String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Folders and files that are never content: hidden ones, VCS folders,
    /// editors' temporaries and dependencies.
    static func isIgnored(name: String) -> Bool {
        name.hasPrefix(".") || name == "node_modules" || EditorTemporaryFiles.isTemporary(name: name)
    }

    /// `path` relative to `root`, or nil when it is not inside it.
    static func relative(_ path: String, to root: String) -> String? {
        if path == root { return "" }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }
}

/// The project's configuration file, at the top of the content folder.
enum ConfigFile {
    static let name = "galley.json"
}
