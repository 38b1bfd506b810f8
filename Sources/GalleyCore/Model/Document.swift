/// What kind of source a document was read from.
public enum DocumentKind: String, Sendable, Hashable, Codable {
    case tagged     // an item of a JSON data file, or a tagged .txt file
    case rtf
    case rtfd
    case text
    case html
}

extension DocumentKind {
    /// Rich text, which writes its own colours into itself.
    public var setsOwnColours: Bool { self == .rtf || self == .rtfd || self == .html }
}

/// One previewable page: a title and its blocks, in reading order.
public struct Document: Equatable, Sendable {
    public var title: String
    public var kind: DocumentKind
    public var blocks: [Block]
    /// For tagged content: how each image block's name is written, by the
    /// block's location, for fixes of missing images.
    public var imageNamings: ImageNamings

    public init(title: String, kind: DocumentKind, blocks: [Block], imageNamings: ImageNamings = ImageNamings()) {
        self.title = title
        self.kind = kind
        self.blocks = blocks
        self.imageNamings = imageNamings
    }

    /// The document with every block `lines` further down its file.
    public func movedDown(by lines: Int) -> Document {
        var moved = self
        moved.blocks = blocks.map { $0.movedDown(by: lines) }
        moved.imageNamings = imageNamings.movedDown(by: lines)
        return moved
    }
}
