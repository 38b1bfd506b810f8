import Dispatch

/// What the app needs from a watcher, whether it listens to inotify or polls.
public protocol FileWatcher: AnyObject, Sendable {
    /// The absolute, normalised root every reported path starts with.
    var root: String { get }
    func start(queue: DispatchQueue, onBatch: @escaping @Sendable (WatchBatch) -> Void, onWarning: @escaping @Sendable (String) -> Void)
    func stop()
}

extension DirectoryWatcher: FileWatcher {}
