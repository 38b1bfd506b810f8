import GalleyCore
import GalleySystem

/// Where the language server may root a preview of its own: a preview
/// serves every document of its folder and watches every subfolder, so a
/// file opened from `/usr/share/doc` must not make it serve and watch that.
enum PreviewRoot {
    /// The folder to preview `file` (real path) in: the workspace folder
    /// (real paths) that holds it, the deepest when they nest; with no
    /// workspace folders, the file's own folder. Refused outside the
    /// workspace, and for a folder too wide to serve (`isTooWide`) unless
    /// `hasConfig` says it holds a `galley.json`.
    static func folder(
        for file: String, workspaceFolders: [String], home: String?,
        hasConfig: (String) -> Bool
    ) -> Result<AbsolutePath, PreviewRefusal> {
        let folder: String
        if workspaceFolders.isEmpty {
            folder = FilePath.parent(of: file)
        } else {
            let holding = workspaceFolders.filter { FilePath.isSameOrBelow(file, $0) && file != $0 }
            guard let deepest = holding.max(by: { $0.utf8.count < $1.utf8.count }) else {
                let folders = workspaceFolders.map(AbsolutePath.init(rawValue:))
                return .failure(.outsideWorkspace(file: AbsolutePath(rawValue: file), workspaceFolders: folders))
            }
            folder = deepest
        }
        if isTooWide(folder, home: home), !hasConfig(folder) { return .failure(.tooWide(folder: AbsolutePath(rawValue: folder))) }
        return .success(AbsolutePath(rawValue: folder))
    }

    /// Trees that hold the system's files, not an author's content.
    static let systemTrees = [
        "/usr", "/etc", "/proc", "/sys", "/dev", "/boot", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
        "/libx32", "/run", "/var/lib", "/var/cache", "/var/log", "/var/spool", "/var/mail", "/var/backups",
    ]

    /// Whether `folder` (a real path) is too wide to preview whole: `/`, a
    /// folder just below it (`/home`, `/tmp`, `/opt`), the home folder or
    /// one above it, or anywhere in a system tree.
    static func isTooWide(_ folder: String, home: String?) -> Bool {
        let components = folder.utf8.split(separator: UInt8(ascii: "/"))
        if components.count <= 1 { return true }
        if let home, FilePath.isSameOrBelow(home, folder) { return true }
        return systemTrees.contains { FilePath.isSameOrBelow(folder, $0) }
    }
}
