import Foundation
import GalleySystem

/// Where `render -o` may write: never inside the content folder.
enum OutputPath {
    /// Whether `output` (which may not exist yet) resolves inside `folder`
    /// (a real path), following symlinks in the part that exists.
    static func isInside(_ output: String, folder: String) -> Bool {
        let absolute = output.hasBytePrefix("/") ? output : FileManager.default.currentDirectoryPath.slashJoined(output)
        var existing = absolute
        var missing: [String] = []
        while FilePath.realPath(existing) == nil, existing != "/" {
            missing.insert(existing.slashSeparatedParts.last ?? "", at: 0)
            existing = FilePath.parent(of: existing)
        }
        let resolved = ([FilePath.realPath(existing) ?? existing] + missing).joined(separator: "/")
        return FilePath.isSameOrBelow(resolved, folder)
    }
}
