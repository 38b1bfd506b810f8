import Glibc

/// What a directory entry is.
package enum FileKind: Equatable, Sendable {
    case folder, file, symbolicLink, other
}

/// What `lstat` and `stat` say about a path, reduced to what Galley decides on.
package enum FileStatus {
    /// The entry itself, without following a symlink; `.other` when it is gone.
    package static func kind(ofEntryAt path: String) -> FileKind {
        guard let info = status(of: path, followingLinks: false) else { return .other }
        return kind(of: info)
    }

    /// What a symlink (or any path) leads to; `.other` when the target is gone.
    package static func kind(ofTargetAt path: String) -> FileKind {
        guard let info = status(of: path, followingLinks: true) else { return .other }
        return kind(of: info)
    }

    /// True for a regular file with more than one name: a hard link, complete the moment it appears.
    package static func isHardLinkedFile(_ path: String) -> Bool {
        guard let info = status(of: path, followingLinks: false) else { return false }
        return kind(of: info) == .file && info.st_nlink > 1
    }

    /// `stat` (following links) or `lstat`; nil when the path is gone.
    package static func status(of path: String, followingLinks: Bool) -> stat? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? info : nil
    }

    private static func kind(of info: stat) -> FileKind {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
