import Dispatch
import GalleyCore
import GalleySystem
import GalleyWatcher

/// Keeps the content folder watched for the workspace: hands each batch of
/// changes to it, replaces the watcher when the folder goes and comes back,
/// and stops on request from any thread, without waiting for a long rescan
/// on the workspace queue.
final class WatcherSupervisor: Sendable {
    private enum State {
        case idle
        case watching(any FileWatcher)
        /// The folder is gone; the workspace queue looks for it once a second.
        case waitingForFolder(DispatchWorkItem)
        case stopped
    }

    private let state = Locked(State.idle)
    private let lane: WorkspaceLane
    private let root: String
    private let log: Log
    private let makeWatcher: @Sendable () throws -> any FileWatcher

    init(root: String, lane: WorkspaceLane, log: Log, makeWatcher: @escaping @Sendable () throws -> any FileWatcher) {
        self.root = root
        self.lane = lane
        self.log = log
        self.makeWatcher = makeWatcher
    }

    /// Starts handing `watcher`'s batches to the workspace (unless stopped meanwhile).
    func watch(with watcher: any FileWatcher) {
        let stopped = state.withLock { state in
            if case .stopped = state { return true }
            state = .watching(watcher)
            return false
        }
        guard !stopped else { return watcher.stop() }
        watcher.start(
            queue: lane.queue,
            onBatch: { [weak self] batch in
                self?.take(batch, from: watcher)
            },
            onWarning: { [log] message in
                log.warning(message)
            })
    }

    /// Stops watching, and looking for a removed folder.
    func stop() {
        let previous = state.withLock { state in
            defer { state = .stopped }
            return state
        }
        switch previous {
        case .watching(let watcher): watcher.stop()
        case .waitingForFolder(let look): look.cancel()
        case .idle, .stopped: break
        }
    }

    /// Runs on the workspace queue for every batch of file changes.
    private func take(_ batch: WatchBatch, from watcher: any FileWatcher) {
        let current = state.withLock { state in
            if case .watching(let current) = state { return current === watcher }
            return false
        }
        guard current else { return }
        let started = ContinuousClock.now
        switch batch {
        case .rescanNeeded:
            log.warning("the kernel's event queue overflowed; rescanning the content folder")
            lane.perform(["(rescan)"], started: started) { $0.apply(.rescan) }
        case .events(let events):
            let files = events.compactMap { event in ContentPath.relative(event.path, to: watcher.root).map { (kind: event.kind, path: $0) }
            }
            if files.contains(where: { $0.kind == .directoryRemoved && $0.path.isEmpty }) {
                return waitForContentFolder()
            }
            let written = files.filter { $0.kind == .written }
            let saved = files.filter { $0.kind != .written }
            defer { if written.count == 1 { lane.readAhead(RelativePath(rawValue: written[0].path)) } }
            guard !saved.isEmpty else { return }
            let closed = Set(saved.filter { $0.kind == .changed }.map { RelativePath(rawValue: $0.path) })
            lane.perform(saved.filter { $0.kind != .directoryRemoved }.map(\.path), started: started, closed: closed) { workspace in
                var changes = WorkspaceChanges()
                var changed: [String] = []
                var removed: [String] = []
                for file in saved {
                    switch file.kind {
                    case .changed: changed.append(file.path)
                    case .removed: removed.append(file.path)
                    case .directoryRemoved: changes.append(workspace.apply(.folderRemoved(file.path)))
                    case .written: break
                    }
                }
                let (changedFiles, removedFiles) = (changed.map(RelativePath.init(rawValue:)), removed.map(RelativePath.init(rawValue:)))
                changes.append(workspace.apply(changed: changedFiles, removed: removedFiles))
                return changes
            }
        }
    }

    /// The content folder itself went away: show every page that its
    /// document is gone, and look once a second for the folder to return
    /// (only while it is missing, so an idle daemon still never wakes).
    private func waitForContentFolder() {
        let gone: (any FileWatcher)? = state.withLock { state in
            guard case .watching(let watcher) = state else { return nil }
            state = .waitingForFolder(lookAgainLater())
            return watcher
        }
        guard let gone else { return }
        gone.stop()
        lane.perform(["(content folder removed)"]) { $0.apply(.folderRemoved("")) }
        log.warning("the content folder \(root) was removed; waiting for it to come back")
    }

    /// Looks for the folder in a second, on the workspace queue.
    private func lookAgainLater() -> DispatchWorkItem {
        let look = DispatchWorkItem { [weak self] in self?.lookForContentFolder() }
        lane.queue.asyncAfter(deadline: .now() + 1, execute: look)
        return look
    }

    private func lookForContentFolder() {
        let back = FileSystem.isDirectory(root)
        let waiting = state.withLock { state in
            guard case .waitingForFolder = state else { return false }
            state = back ? .idle : .waitingForFolder(lookAgainLater())
            return true
        }
        guard waiting, back else { return }
        do {
            let watcher = try makeWatcher()
            lane.perform(["(content folder back)"]) { $0.apply(.everything) }
            watch(with: watcher)
            log.info("the content folder is back")
        } catch {
            log.error("\(error)")
        }
    }
}
