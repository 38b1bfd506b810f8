import GalleyCore

/// A file being saved in place, read when it was written to, before its writer closed it
/// (`WatchEvent.Kind.written`): the workspace took in what the file held then, and what that changed waits for the
/// close. The close reads the file again (a file written since differs, and its difference is taken in then) and
/// confirms it; any other work first undoes it, so that nothing read before a writer's close reaches a page.
struct ReadAhead {
    let file: ContentFile
    /// The reading taken in before the write: what an undo goes back to.
    let before: SourceCache.KeptReading
    /// What taking in the file as written changed, held from pages until the close confirms it.
    var changes: WorkspaceChanges
    /// How long taking it in took, every read ahead of this write together (the lane times it): work a save did
    /// before its close, which the time from the close leaves out.
    var workTime: Duration = .zero

    /// How far from the size of its last reading a file being written may be and still be read ahead. A typed
    /// change is a few dozen bytes; a file written in parts (4 KiB and more at a time) passes through sizes
    /// kilobytes short of its last, and is not read until it nears it.
    static let largestSizeChange = 256

    /// Whether a file now `size` bytes long, last read at `lastSize`, is worth reading ahead.
    static func isNear(size: Int, lastSize: Int) -> Bool {
        abs(size - lastSize) <= largestSizeChange
    }
}
