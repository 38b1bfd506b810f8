import GalleySystem
import Glibc

/// The folders under watch: each folder's watch is added before the folder is listed, symlinked folders are followed
/// only while they stay inside the root, and subtrees move or go as their folders do.
///
/// Not thread-safe: the watcher uses it from its own queue only.
final class WatchedTree {
    /// The root as an absolute path; every reported path starts with it.
    let root: String
    let isIgnored: @Sendable (String) -> Bool
    private let tree: ConfinedTree
    private let inotify: Inotify
    private var table = WatchTable()
    private var warnings: [String] = []
    /// Folders the kernel had no watch left for, not yet handed to the poller.
    private var foldersBeyondLimit: [String] = []
    /// The watch limit is explained once; later folders beyond it are polled silently.
    private var hasWarnedOfLimit = false
    /// Files that could not be read when last seen, so that the one made
    /// readable again (`chmod 644` after `chmod 000`) is reported.
    private var unreadableFiles: Set<String> = []
    /// The files the first walk found, until handed over; nil when it could not list some folder.
    private var filesFoundAtStart: [String]? = []
    /// The symlinks the first walk skipped because they lead outside the root, until handed over.
    private var linksLeadingOutsideAtStart: [String] = []

    /// What turned up at a path that is not a real folder.
    enum Arrival: Equatable {
        /// A symlink to a folder inside the root: watch it like a new folder.
        case folder
        /// A file; `complete` when its content is already final (a symlink or a hard link), not still being written.
        case file(complete: Bool)
        /// Nothing to report: gone already, not a file, or a symlink leading outside the root.
        case nothing
    }

    /// Watches `root` and every folder below it that is not ignored; throws when the root itself cannot be watched.
    init(root: String, inotify: Inotify, isIgnored: @escaping @Sendable (String) -> Bool) throws(SystemCallError) {
        self.root = FilePath.absolute(root)
        self.inotify = inotify
        self.isIgnored = isIgnored
        let rootWatch = try inotify.addWatch(folder: self.root)
        tree = try ConfinedTree(root: self.root)
        _ = table.insert(rootWatch, path: self.root)
        var found: [String] = []
        var leadingOutside: [String] = []
        let complete = watchTree(
            at: self.root, reportingFilesTo: { found.append($0) },
            noteUnreadable: { self.unreadableFiles.insert($0) }, noteLeadingOutside: { leadingOutside.append($0) })
        filesFoundAtStart = complete ? found : nil
        linksLeadingOutsideAtStart = leadingOutside
    }

    /// The symlinks the walk in `init` skipped (see `FileWatcher.takeLinksLeadingOutsideAtStart`).
    func takeLinksLeadingOutsideAtStart() -> [String] {
        defer { linksLeadingOutsideAtStart = [] }
        return linksLeadingOutsideAtStart
    }

    /// The files the walk in `init` found (see `FileWatcher.takeFilesFoundAtStart`).
    func takeFilesFoundAtStart() -> [String]? {
        defer { filesFoundAtStart = nil }
        return filesFoundAtStart
    }

    /// Whether the file at `path` became readable or unreadable since it was last seen.
    func readabilityChanged(at path: String) -> Bool {
        FileReadability.isUnreadable(path) ? unreadableFiles.insert(path).inserted : unreadableFiles.remove(path) != nil
    }

    func path(of watch: WatchDescriptor) -> String? { table.path(of: watch) }

    func isWatchedFolder(_ path: String) -> Bool { table.descriptor(of: path) != nil }

    /// Watches a folder that appeared (created, moved in, a symlink to a folder) and everything below it,
    /// reporting every file already there: they may have been written before the watch existed.
    func watchNewFolder(at path: String, reportingFilesTo report: (String) -> Void) {
        watchTree(at: path, reportingFilesTo: report)
    }

    /// Follows a folder renamed inside the tree: its watches stay, their paths change; reports every file under the new path.
    func moveFolder(from oldPath: String, to newPath: String, reportingFilesTo report: (String) -> Void) {
        for replaced in table.moveSubtree(from: oldPath, to: newPath) { inotify.removeWatch(replaced) }
        watchTree(at: newPath, reportingFilesTo: report)
    }

    /// Stops watching a folder that went away, and everything below it.
    func dropFolder(at path: String) {
        for watch in table.removeSubtree(at: path) { inotify.removeWatch(watch) }
    }

    /// Stops watching altogether (the root went away).
    func dropEverything() {
        for watch in table.removeAll() { inotify.removeWatch(watch) }
    }

    /// Walks the whole tree again after events were lost, watching folders that were missed
    /// and dropping watches of folders that are no longer there.
    func rewatchEverything() {
        let previous = table
        table = WatchTable()
        watchTree(at: root, reportingFilesTo: { _ in })
        for watch in previous.descriptors where table.path(of: watch) == nil { inotify.removeWatch(watch) }
    }

    /// Decides what an entry that appeared without `IN_ISDIR` is.
    func arrival(at path: String) -> Arrival {
        switch FileStatus.kind(ofEntryAt: path) {
        case .symbolicLink:
            switch tree.kind(of: .symbolicLink, at: path) {
            case .folder: return .folder
            case .file: return .file(complete: true)
            case .symbolicLink, .other: return .nothing
            }
        case .file: return .file(complete: FileStatus.isHardLinkedFile(path))
        case .folder, .other: return .nothing
        }
    }

    /// The folders met since the last call that inotify could not watch for
    /// want of watches (each unlisted, so its whole tree is unwatched).
    func takeFoldersBeyondLimit() -> [String] {
        defer { foldersBeyondLimit = [] }
        return foldersBeyondLimit
    }

    /// The problems met since the last call, as human-readable lines.
    func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// Returns whether every folder reached was listed.
    @discardableResult
    private func watchTree(
        at top: String, reportingFilesTo report: (String) -> Void, noteUnreadable: ((String) -> Void)? = nil,
        noteLeadingOutside: (String) -> Void = { _ in }
    ) -> Bool {
        var limitErrors: [SystemCallError] = []
        var complete = true
        tree.walk(
            from: top, isIgnored: isIgnored,
            enter: { folder in
                let watched = watch(folder, limitErrors: &limitErrors)
                if !watched { complete = false }
                return watched
            },
            file: report,
            unreadable: noteUnreadable,
            // A folder removed right after its watch was added reports its own deletion.
            failed: { error in
                complete = false
                if error.errno != ENOENT { warnings.append(error.description) }
            },
            leadsOutside: noteLeadingOutside
        )
        foldersBeyondLimit += limitErrors.compactMap(\.path)
        if let first = limitErrors.first, !hasWarnedOfLimit {
            hasWarnedOfLimit = true
            let others = limitErrors.count - 1
            let seconds = DirectoryWatcher.beyondLimitPollSeconds
            warnings.append(
                (others == 0 ? first.description : "\(first)\n\(others) more folders are not watched for the same reason.")
                    + "\nGalley looks for changes in those folders every \(seconds == 1 ? "second" : "\(seconds) seconds") instead.")
        }
        return complete
    }

    /// Adds the folder's watch; false when the folder must not be listed (an alias of a watched folder, or the watch failed).
    private func watch(_ folder: String, limitErrors: inout [SystemCallError]) -> Bool {
        let watch: WatchDescriptor
        do {
            watch = try inotify.addWatch(folder: folder)
        } catch {
            if error.isWatchLimit {
                limitErrors.append(error)
            } else if error.errno == ENOENT || error.errno == ENOTDIR {
                warnings.append("\(folder) vanished while it was being watched: \(error)")
            } else {
                warnings.append(error.description)
            }
            return false
        }
        // The same inode under another name is a symlink to a folder already watched, or a loop.
        if let known = table.path(of: watch), known != folder { return false }
        for replaced in table.insert(watch, path: folder) { inotify.removeWatch(replaced) }
        return true
    }
}
