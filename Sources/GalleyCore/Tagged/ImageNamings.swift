/// How the image blocks of a tagged document write their names, by each
/// block's location, asked for only to fix a missing image. A short list in
/// block order: a document names a handful of images, and a dictionary per
/// document took 344 bytes for its one naming (3.4 MB of the heap with
/// 10,000 files, massif).
package struct ImageNamings: Equatable, Sendable {
    private struct Entry: Equatable, Sendable {
        var location: SourceLocation
        var naming: ImageNaming
    }

    private var entries: [Entry] = []

    package init() {}

    /// The naming of the image block at `location`.
    package subscript(location: SourceLocation) -> ImageNaming? {
        entries.first { $0.location == location }?.naming
    }

    /// Adds the naming of the next image block, at `location`.
    mutating func append(_ naming: ImageNaming, at location: SourceLocation) {
        entries.append(Entry(location: location, naming: naming))
    }

    /// These namings, then `later`'s.
    func followed(by later: ImageNamings) -> ImageNamings {
        var both = self
        both.entries += later.entries
        return both
    }

    /// The namings of blocks `lines` further down their file.
    func movedDown(by lines: Int) -> ImageNamings {
        var moved = ImageNamings()
        moved.entries = entries.map { entry in
            Entry(
                location: SourceLocation(line: entry.location.line + lines, column: entry.location.column),
                naming: entry.naming.movedDown(by: lines))
        }
        return moved
    }
}
