import GalleyCore
import GalleySystem
import Glibc

/// Every file below some folders with what identifies its version without
/// reading it: its size, modification time and inode. Two takes compared
/// say which files changed and which went away: how the polling watcher
/// sees changes pass by pass, and how a reader that looks now and then
/// (the changes view's copy of the folder) finds what changed since it last did.
package struct FileSignatures: Equatable, Sendable {
    struct Signature: Equatable, Sendable {
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
        var inode: UInt64
    }

    /// By absolute path.
    private(set) var files: [String: Signature]

    init(files: [String: Signature] = [:]) {
        self.files = files
    }

    /// The files taken, absolute paths.
    package var paths: [String] { Array(files.keys) }

    /// Every file below `folders` (absolute paths below the tree's root; the root when not given) as it is now.
    package static func take(of tree: ConfinedTree, folders: [String]? = nil, isIgnored: (String) -> Bool) -> FileSignatures {
        var files: [String: Signature] = [:]
        for folder in folders ?? [tree.root] {
            tree.walk(
                from: folder, isIgnored: isIgnored,
                file: { path in
                    guard let info = FileStatus.status(of: path, followingLinks: true) else { return }
                    files[path] = Signature(
                        size: Int64(info.st_size), modifiedSeconds: info.st_mtim.tv_sec,
                        modifiedNanoseconds: info.st_mtim.tv_nsec, inode: UInt64(info.st_ino)
                    )
                })
        }
        return FileSignatures(files: files)
    }

    /// What happened between this take and `now`: files new or different
    /// as changed, then files gone as removed, each in path order.
    package func changes(to now: FileSignatures) -> [WatchEvent] {
        var events: [WatchEvent] = []
        for (path, signature) in now.files.sorted(by: { $0.key < $1.key }) where files[path] != signature {
            events.append(WatchEvent(path: AbsolutePath(rawValue: path), kind: .changed))
        }
        for path in files.keys.sorted() where now.files[path] == nil {
            events.append(WatchEvent(path: AbsolutePath(rawValue: path), kind: .removed))
        }
        return events
    }
}
