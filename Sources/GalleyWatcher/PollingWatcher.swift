import Dispatch
import GalleyCore
import GalleySystem
import Glibc

/// Watches a tree by comparing what `stat` says every interval: for file
/// systems where inotify sees nothing (network mounts, some container and
/// WSL mounts), and for the folders inotify had no watches left for. A file
/// counts as changed when its size, modification time or inode differ; new
/// folders are found on the next pass.
package final class PollingWatcher: FileWatcher, @unchecked Sendable {
    package var root: AbsolutePath { AbsolutePath(rawValue: tree.root) }
    private let tree: ConfinedTree
    private let interval: Double
    private let isIgnored: @Sendable (String) -> Bool
    private enum Lifecycle { case idle, running, stopped }

    private let timerQueue = DispatchQueue(label: "galley.polling-watcher")
    private let timer: any DispatchSourceTimer
    private let lifecycle = Locked(Lifecycle.idle)
    /// Used only on `timerQueue`.
    private var known = FileSignatures()
    /// The folders whose trees are compared (the root, or those inotify
    /// could not watch); used only on `timerQueue` once started.
    private var folders: [String]

    package func takeFilesFoundAtStart() -> [AbsolutePath]? {
        known.paths.map(AbsolutePath.init(rawValue:))
    }

    /// None: the polling walk records files only, so under `--poll` such links go unknown.
    package func takeLinksLeadingOutsideAtStart() -> [AbsolutePath] {
        []
    }

    /// Polls the whole tree of `root`.
    package convenience init(root: String, interval: Double, isIgnored: @escaping @Sendable (String) -> Bool) throws {
        try self.init(root: root, polling: nil, interval: interval, isIgnored: isIgnored)
    }

    /// Polls only the trees of `folders`, absolute paths below `root`: the
    /// files already there are the starting point, not changes.
    package convenience init(root: String, folders: [String], interval: Double, isIgnored: @escaping @Sendable (String) -> Bool) throws {
        try self.init(root: root, polling: folders, interval: interval, isIgnored: isIgnored)
    }

    private init(root: String, polling folders: [String]?, interval: Double, isIgnored: @escaping @Sendable (String) -> Bool) throws {
        var info = stat()
        guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw SystemCallError(call: "stat", path: root, errno: errno == 0 ? ENOTDIR : errno)
        }
        tree = try ConfinedTree(root: FilePath.absolute(root))
        self.folders = folders ?? [tree.root]
        self.interval = max(0.05, interval)
        self.isIgnored = isIgnored
        timer = DispatchSource.makeTimerSource(queue: timerQueue)
        known = scan()
    }

    deinit {
        stop()
    }

    package func start(
        queue: DispatchQueue, onBatch: @escaping @Sendable (WatchBatch) -> Void, onWarning: @escaping @Sendable (String) -> Void
    ) {
        let source = timer
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        source.setEventHandler { [weak self] in
            guard let self else { return }
            let events = self.compare()
            guard !events.isEmpty else { return }
            // Wait for the consumer, like the inotify watcher, so passes never overlap its work.
            queue.sync { onBatch(.events(events)) }
        }
        let starts = lifecycle.withLock { state -> Bool in
            guard state == .idle else { return false }
            state = .running
            return true
        }
        if starts { source.activate() }
    }

    /// Polls `folder`'s tree too, from the next pass; the files already in it
    /// count as changed then, because they may have been written just now.
    package func add(folder: String) {
        timerQueue.async { [self] in
            if !folders.contains(folder) { folders.append(folder) }
        }
    }

    /// Idempotent; no batch is delivered after it returns, except one already being handed over.
    package func stop() {
        let previous = lifecycle.withLock { state -> Lifecycle in
            defer { state = .stopped }
            return state
        }
        switch previous {
        case .idle:
            // A source must be activated before it may be cancelled and released.
            timer.activate()
            timer.cancel()
        case .running:
            timer.cancel()
        case .stopped:
            break
        }
    }

    /// What changed since the last pass.
    private func compare() -> [WatchEvent] {
        let now = scan()
        defer { known = now }
        return known.changes(to: now)
    }

    /// Every file below the polled folders with its signature.
    private func scan() -> FileSignatures {
        FileSignatures.take(of: tree, folders: folders, isIgnored: isIgnored)
    }
}
