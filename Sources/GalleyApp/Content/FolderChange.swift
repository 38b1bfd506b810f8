import GalleyCore

/// A change to the content folder that names no single file: what a
/// command, the watcher's supervision or a signal asks the workspace to
/// take in. `FolderFiles.paths(of:)` says which files it changes.
enum FolderChange {
    /// Every file below the root, read for the first time.
    case everything
    /// The files a walk of the folder just found, and the symlinks it
    /// skipped because they lead outside the folder (relative paths).
    case found([String], leadingOutside: [String])
    /// The images, the config and only the content at a path (a file or an
    /// RTFD bundle): what `render` and `check` of one file need.
    case onlyContent(at: DocumentPath)
    /// Everything below a removed folder (`""`: the whole content folder).
    case folderRemoved(String)
    /// The disk compared with what is loaded (after an event queue overflow).
    case rescan
    /// `galley.json` read again on request (SIGHUP).
    case configuration
}
