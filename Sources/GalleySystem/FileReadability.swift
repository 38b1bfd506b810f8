import Glibc

/// Whether a file can be read, the one home of that rule: unreadable to this
/// process, or by its mode to anyone (root reads a file of mode 000, but the
/// author who made it so means it unreadable).
///
/// Each question is one system call: `stat` for root, whom `access` lets
/// read nearly anything, and `access` for anyone else, whom it refuses a
/// file no read bit lets them read. (Root on a network filesystem that
/// squashes root may still be refused a read the mode allows; such a file
/// shows its read error as the document, not as a change of readability.)
package enum FileReadability {
    private static let isRoot = geteuid() == 0

    package static func isUnreadable(_ path: String) -> Bool {
        isUnreadable(name: path, inFolder: AT_FDCWD)
    }

    /// Asked of an entry by name, relative to its open folder, so that the
    /// kernel does not look up the whole path again for every file of a walk.
    static func isUnreadable(name: String, inFolder folder: Int32) -> Bool {
        if isRoot {
            var info = stat()
            guard fstatat(folder, name, &info, 0) == 0 else { return false }
            return info.st_mode & 0o444 == 0
        }
        return faccessat(folder, name, R_OK, 0) != 0 && errno != ENOENT
    }
}
