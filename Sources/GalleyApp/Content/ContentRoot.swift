import GalleySystem

/// Finds the folder a content file's assets are looked up in, the way a
/// project keeps them: the nearest ancestor holding an asset catalog or a
/// `galley.json`, else the file's own folder.
enum ContentRoot {
    static func of(file path: String) -> String {
        // The file's own name is not resolved: a symlink that leads out of
        // its folder must not move the content folder to where it leads.
        let absolute = FilePath.resolvingFolders(path) ?? path
        let folder = FilePath.parent(of: absolute)
        var candidate = folder
        while true {
            if FileSystem.exists(candidate + "/galley.json") || hasAssetCatalog(candidate) { return candidate }
            let up = FilePath.parent(of: candidate)
            if up == candidate { return folder }
            candidate = up
        }
    }

    private static func hasAssetCatalog(_ folder: String) -> Bool {
        (try? DirectoryListing.entries(of: folder))?.contains { $0.name.hasSuffix(".xcassets") } ?? false
    }
}
