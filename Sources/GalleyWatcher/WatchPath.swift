/// Path arithmetic the watcher alone needs; the rest is `FilePath`.
enum WatchPath {
    /// `path` moved from below `oldFolder` to below `newFolder`.
    static func rebase(_ path: String, from oldFolder: String, to newFolder: String) -> String {
        newFolder + String(decoding: path.utf8.dropFirst(oldFolder.utf8.count), as: UTF8.self)
    }
}
