import GalleyCore

/// One thing that happened to a path below the watched root.
package struct WatchEvent: Hashable, Sendable {
    /// What the consumer has to do about the path.
    package enum Kind: Hashable, Sendable {
        /// A file's content may be new: read it again (created, written and closed, moved in).
        case changed
        /// A file is gone (deleted, moved out).
        case removed
        /// A file was written to and its writer may still hold it open: what it holds now may be read ahead, but is
        /// not the save until a `changed` for it follows (the writer's close). An editor saving in place truncates,
        /// writes and closes; reading at the write lets the work overlap the rest of the save (an `fsync`, the close).
        case written
        /// A folder is gone; everything below `path` is gone.
        case directoryRemoved
    }

    /// The absolute path, under the root as the watcher was given it.
    package var path: AbsolutePath
    package var kind: Kind

    package init(path: AbsolutePath, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}
