import GalleyCore
import Glibc

/// Path arithmetic on path strings, compared byte by byte (never by
/// grapheme: a name may begin with a combining mark), and the one `realpath`.
package enum FilePath {
    /// The folder holding `path`: "/" for top-level entries of an absolute
    /// path, "" for a relative path without a slash.
    package static func parent(of path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == bytes.startIndex ? "/" : String(path[..<slash])
    }

    /// True when `path` is `folder` or lies somewhere below it.
    package static func isSameOrBelow(_ path: String, _ folder: String) -> Bool {
        // Compared as bytes in place: every event the watcher reports is asked this.
        var (path, folder) = (path, folder)
        return path.withUTF8 { path in
            folder.withUTF8 { folder in
                guard path.count >= folder.count else { return false }
                if let start = path.baseAddress, let prefix = folder.baseAddress, memcmp(start, prefix, folder.count) != 0 { return false }
                if path.count == folder.count || (folder.count == 1 && folder[0] == UInt8(ascii: "/")) { return true }
                return path[folder.count] == UInt8(ascii: "/")
            }
        }
    }

    /// An absolute, lexically normalised path (no ".", "..", repeated or trailing slashes); symlinks are kept.
    package static func absolute(_ path: String) -> String {
        var full = path
        if !path.utf8.starts(with: "/".utf8), let cwd = getcwd(nil, 0) {
            full = String(cString: cwd).slashJoined(path)
            free(cwd)
        }
        var components: [String] = []
        // Bytes, not characters: a combining mark after "/" starts a new name.
        for component in full.utf8.split(separator: UInt8(ascii: "/")).map({ String(decoding: $0, as: UTF8.self) }) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// The path with the symlinks of its folders resolved and its own name
    /// kept as it is (a symlink stays a symlink, to be opened beneath the
    /// folder that holds it); nil when the folder does not exist.
    package static func resolvingFolders(_ path: String) -> String? {
        let full = absolute(path)
        let bytes = full.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != bytes.index(before: bytes.endIndex) else {
            return realPath(full)
        }
        let name = String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
        return realPath(parent(of: full)).map { $0.slashJoined(name) }
    }

    /// The path with every symlink resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
