import GalleyCore
import GalleySystem
import Glibc

/// Turns the inotify records of one burst into batches, keeping the watched tree in step as folders appear, move and go.
struct BatchAssembler {
    private let tree: WatchedTree
    private var coalescer = EventCoalescer()
    /// A folder's `IN_MOVED_FROM` waits for the `IN_MOVED_TO` with the same cookie, which the kernel queues right after it
    /// when the folder stays inside the tree; anything else means the folder left.
    private var pendingFolderMove: (cookie: UInt32, path: String)?
    private var overflowed = false

    /// Starts a burst with the removals an earlier burst could not yet confirm.
    init(tree: WatchedTree, carriedRemovals: [AbsolutePath]) {
        self.tree = tree
        for path in carriedRemovals { coalescer.add(WatchEvent(path: path, kind: .removed)) }
    }

    mutating func consume(_ event: InotifyEvent) {
        if overflowed { return }
        if event.has(IN_Q_OVERFLOW) {
            overflowed = true
            return
        }
        if let pending = pendingFolderMove, !(event.has(IN_MOVED_TO) && event.cookie == pending.cookie) {
            finishFolderMoveOut()
        }
        guard let folder = tree.path(of: event.watch) else { return } // a watch already dropped
        if event.name.isEmpty {
            consumeEventAboutWatchedFolder(event, folder: folder)
        } else {
            consumeEventAboutEntry(event, path: folder.slashJoined(event.name))
        }
    }

    /// True when the burst so far removes a file that has not been created again. Editors and `git` delete or rename
    /// a file away and create it again microseconds later; the watcher waits briefly for that before reporting a removal.
    var hasUnconfirmedRemovals: Bool {
        !overflowed && coalescer.hasRemovals
    }

    /// The batches decided so far, everything but the unconfirmed removals, which stay for `finish`.
    mutating func takeDecidedBatches() -> [WatchBatch] {
        if pendingFolderMove != nil { finishFolderMoveOut() }
        let removals = coalescer.takeRemovals()
        defer { for path in removals { report(path.rawValue, .removed) } }
        return coalescer.takeBatches()
    }

    /// The batches of the burst, and the removals held back for the next burst when `carryingRemovals`
    /// (more records are queued, so that burst will come). After an overflow, the tree is walked again and the
    /// consumer told to rescan.
    mutating func finish(carryingRemovals: Bool) -> (batches: [WatchBatch], carriedRemovals: [AbsolutePath]) {
        if pendingFolderMove != nil { finishFolderMoveOut() }
        if overflowed {
            tree.rewatchEverything()
            return ([.rescanNeeded], [])
        }
        let carried = carryingRemovals ? coalescer.takeRemovals() : []
        return (coalescer.takeBatches(), carried)
    }

    private mutating func consumeEventAboutWatchedFolder(_ event: InotifyEvent, folder: String) {
        let isGone = event.has(IN_DELETE_SELF) || event.has(IN_IGNORED) || event.has(IN_UNMOUNT)
        if folder == tree.root && (isGone || event.has(IN_MOVE_SELF)) {
            coalescer.add(WatchEvent(path: AbsolutePath(rawValue: folder), kind: .directoryRemoved))
            tree.dropEverything()
        } else if isGone {
            removeFolder(at: folder)
        }
        // A subfolder's IN_MOVE_SELF needs nothing: its parent's IN_MOVED_FROM and IN_MOVED_TO describe the move.
    }

    private mutating func consumeEventAboutEntry(_ event: InotifyEvent, path: String) {
        if tree.isIgnored(path) { return }
        // A followed symlink to a folder has no IN_ISDIR but is in the table.
        let isFolder = event.has(IN_ISDIR) || tree.isWatchedFolder(path)
        if event.has(IN_CLOSE_WRITE) {
            if !isFolder { report(path, .changed) }
        } else if event.has(IN_CREATE) {
            if isFolder { watchNewFolder(at: path) } else { reportArrival(at: path, announcedByCreate: true) }
        } else if event.has(IN_DELETE) {
            if isFolder { removeFolder(at: path) } else { report(path, .removed) }
        } else if event.has(IN_MOVED_FROM) {
            if isFolder { pendingFolderMove = (event.cookie, path) } else { report(path, .removed) }
        } else if event.has(IN_MODIFY) {
            if !isFolder { report(path, .written) }
        } else if event.has(IN_ATTRIB) {
            // Permissions, times or links changed: reported only when the file
            // became readable or unreadable (a touch, or an editor setting a
            // saved file's mode, changes nothing a reader sees).
            if !isFolder, tree.readabilityChanged(at: path) { report(path, .changed) }
        } else if event.has(IN_MOVED_TO) {
            if let pending = pendingFolderMove {
                pendingFolderMove = nil
                report(pending.path, .directoryRemoved)
                tree.moveFolder(from: pending.path, to: path) { report($0, .changed) }
            } else if isFolder {
                watchNewFolder(at: path)
            } else {
                reportArrival(at: path, announcedByCreate: false)
            }
        }
    }

    /// A file announced by IN_CREATE is reported only when complete at once (a link); otherwise its IN_CLOSE_WRITE
    /// follows, and until then the file is not gone: a removal of the same path is withdrawn.
    private mutating func reportArrival(at path: String, announcedByCreate: Bool) {
        switch tree.arrival(at: path) {
        case .folder:
            watchNewFolder(at: path)
        case .file(let complete):
            if complete || !announcedByCreate {
                report(path, .changed)
            } else {
                coalescer.withdrawRemoval(of: AbsolutePath(rawValue: path))
            }
        case .nothing:
            break
        }
    }

    private mutating func watchNewFolder(at path: String) {
        tree.watchNewFolder(at: path) { report($0, .changed) }
    }

    private mutating func removeFolder(at path: String) {
        report(path, .directoryRemoved)
        tree.dropFolder(at: path)
    }

    private mutating func finishFolderMoveOut() {
        guard let pending = pendingFolderMove else { return }
        pendingFolderMove = nil
        removeFolder(at: pending.path)
    }

    private mutating func report(_ path: String, _ kind: WatchEvent.Kind) {
        coalescer.add(WatchEvent(path: AbsolutePath(rawValue: path), kind: kind))
    }
}
