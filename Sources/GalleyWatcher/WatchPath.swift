import GalleyCore
import Glibc

/// Path arithmetic on absolute path strings, without touching the disk (except `absolute` and `realPath`).
enum WatchPath {
    static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The folder holding `path`; "/" for top-level entries.
    static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return slash == path.startIndex ? "/" : String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// True when `path` is `folder` or lies somewhere below it.
    static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        guard let rest = path.removingBytePrefix(folder) else { return false }
        return rest.isEmpty || folder == "/" || rest.hasBytePrefix("/")
    }

    /// `path` moved from below `oldFolder` to below `newFolder`.
    static func rebase(_ path: String, from oldFolder: String, to newFolder: String) -> String {
        newFolder + String(decoding: path.utf8.dropFirst(oldFolder.utf8.count), as: UTF8.self)
    }

    /// An absolute, lexically normalised path (no ".", "..", repeated or trailing slashes); symlinks are kept.
    static func absolute(_ path: String) -> String {
        var full = path
        if !path.hasBytePrefix("/"), let cwd = getcwd(nil, 0) {
            full = String(cString: cwd) + "/" + path
            free(cwd)
        }
        var components: [String] = []
        for component in full.slashSeparatedParts {
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
