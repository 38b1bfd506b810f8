import Glibc

/// Path arithmetic on absolute path strings, without touching the disk (except `absolute` and `realPath`).
enum WatchPath {
    static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The folder holding `path`; "/" for top-level entries.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// True when `path` is `folder` or lies somewhere below it.
    static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        guard path.hasPrefix(folder) else { return false }
        if path.count == folder.count || folder == "/" { return true }
        return path[path.index(path.startIndex, offsetBy: folder.count)] == "/"
    }

    /// `path` moved from below `oldFolder` to below `newFolder`.
    static func rebase(_ path: String, from oldFolder: String, to newFolder: String) -> String {
        newFolder + path.dropFirst(oldFolder.count)
    }

    /// An absolute, lexically normalised path (no ".", "..", repeated or trailing slashes); symlinks are kept.
    static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasPrefix("/"), let cwd = getcwd(nil, 0) {
            full = String(cString: cwd) + "/" + path
            free(cwd)
        }
        var components: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The path with every symlink resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
