import GalleyCore

/// The edits made to one editor's buffer since the reading kept of it.
struct BufferEdits {
    /// Changes made to the buffer since it was opened.
    private(set) var version = 0
    /// The version the reading kept was made from; nil when it is not of the
    /// buffer (of the file on disk), or its edits are no longer known.
    private var versionRead: Int?
    /// The edits since the earliest version a reading may still be kept of, in order.
    private var edits: [SourceEdit] = []
    private var firstEditVersion = 0

    mutating func record(_ edit: SourceEdit) {
        edits.append(edit)
        version += 1
    }

    /// The edits since the reading kept, as one, of the buffer now `count`
    /// bytes long; nil when not known.
    func sinceReading(count: Int) -> SourceEdit? {
        guard let versionRead, versionRead >= firstEditVersion else { return nil }
        let since = edits[(versionRead - firstEditVersion)...]
        guard let first = since.first else { return .unchanged(count: count) }
        return since.dropFirst().reduce(first) { $0.followed(by: $1) }
    }

    /// Notes that the reading kept is now of `read` (nil: not of the buffer),
    /// and lets go of the edits before it.
    mutating func read(version read: Int?) {
        versionRead = read
        guard let read, read >= firstEditVersion else { return }
        edits.removeFirst(read - firstEditVersion)
        firstEditVersion = read
    }
}
