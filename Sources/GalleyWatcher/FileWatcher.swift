import Dispatch
import GalleyCore

/// What the app needs from a watcher, whether it listens to inotify or polls.
package protocol FileWatcher: AnyObject, Sendable {
    /// The absolute, normalised root every reported path starts with.
    var root: AbsolutePath { get }
    /// The regular files below the root (absolute paths) seen while the
    /// watch was set up, so that the first reading of the folder need not
    /// walk it again; nil when some folder could not be listed. Handed over
    /// once, before `start`.
    func takeFilesFoundAtStart() -> [AbsolutePath]?
    /// The symlinks the walk at start skipped because they lead outside the
    /// root (absolute paths), handed over once like the files.
    func takeLinksLeadingOutsideAtStart() -> [AbsolutePath]
    func start(queue: DispatchQueue, onBatch: @escaping @Sendable (WatchBatch) -> Void, onWarning: @escaping @Sendable (String) -> Void)
    func stop()
}

extension DirectoryWatcher: FileWatcher {}
