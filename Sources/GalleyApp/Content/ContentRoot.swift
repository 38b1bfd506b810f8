/// Finds the folder a content file's assets are looked up in, the way a
/// project keeps them: the nearest ancestor holding an asset catalog or a
/// `galley.json`, else the file's own folder.
enum ContentRoot {
    static func of(file path: String) -> String {
        let absolute = FileSystem.realPath(path) ?? path
        let folder = parent(of: absolute)
        var candidate = folder
        while true {
            if FileSystem.exists(candidate + "/galley.json") || hasAssetCatalog(candidate) { return candidate }
            let up = parent(of: candidate)
            if up == candidate { return folder }
            candidate = up
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.startIndex ? "/" : String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    private static func hasAssetCatalog(_ folder: String) -> Bool {
        FileSystem.listEntries(of: folder).contains { $0.hasByteSuffix(".xcassets") }
    }
}
