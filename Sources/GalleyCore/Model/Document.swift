/// What kind of source a document was read from.
public enum DocumentKind: String, Sendable, Hashable, Codable {
    case tagged     // an item of a JSON data file, or a tagged .txt file
    case rtf
    case rtfd
    case text
    case html
}

/// One previewable page: a title and its blocks, in reading order.
public struct Document: Equatable, Sendable {
    public var title: String
    public var kind: DocumentKind
    public var blocks: [Block]

    public init(title: String, kind: DocumentKind, blocks: [Block]) {
        self.title = title
        self.kind = kind
        self.blocks = blocks
    }
}
