import Foundation

/// Where `render -o` may write: never inside the content folder.
enum OutputPath {
    /// Whether `output` (which may not exist yet) resolves inside `folder`
    /// (a real path), following symlinks in the part that exists.
    static func isInside(_ output: String, folder: String) -> Bool {
        let absolute = output.hasBytePrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
        var existing = absolute
        var missing: [String] = []
        while FileSystem.realPath(existing) == nil, existing != "/" {
            missing.insert(existing.slashSeparatedParts.last ?? "", at: 0)
            existing = ContentRoot.parent(of: existing)
        }
        let resolved = ([FileSystem.realPath(existing) ?? existing] + missing).joined(separator: "/")
        return resolved.isByteEqual(to: folder) || resolved.hasBytePrefix(folder.hasByteSuffix("/") ? folder : folder + "/")
    }
}
