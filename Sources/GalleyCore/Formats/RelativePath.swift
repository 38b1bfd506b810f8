/// Paths relative to the content folder, with `/`: the rules every part of
/// Galley names files by.
public enum RelativePath {
    /// The folder holding `path` ("" at the top).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// `name` (relative, may hold `..`) resolved against `folder`; nil when
    /// it would leave the content folder.
    public static func joined(_ folder: String, _ name: String) -> String? {
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

    /// The file name without folders and extension, a fallback title.
    public static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// Whether the last component of `path` ends in one of `extensions`
    /// (lowercase), whatever its case. Compared as bytes, as every path rule
    /// is: a combining mark after the dot must not hide or fake an extension.
    public static func hasExtension(_ path: String, in extensions: Set<String>) -> Bool {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return false }
        let afterDot = bytes[bytes.index(after: dot)...]
        guard bytes[bytes.index(before: dot)] != UInt8(ascii: "/"), !afterDot.contains(UInt8(ascii: "/")) else { return false }
        return extensions.contains(String(decoding: afterDot, as: UTF8.self).lowercased())
    }
}
