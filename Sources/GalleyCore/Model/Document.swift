/// What kind of source a document was read from.
package enum DocumentKind: String, Sendable, Hashable, Codable {
    case tagged // an item of a JSON data file, or a tagged .txt file
    case rtf
    case rtfd
    case text
    case html
}

extension DocumentKind {
    /// Rich text, which writes its own colours into itself.
    package var setsOwnColours: Bool { self == .rtf || self == .rtfd || self == .html }
}

/// One previewable page: a title and its blocks, in reading order.
package struct Document: Equatable, Sendable {
    package var title: String
    package var kind: DocumentKind
    package var blocks: [Block]
    /// For tagged content: how each image block's name is written, by the
    /// block's location, for fixes of missing images.
    package var imageNamings: ImageNamings
    /// The bar above the document as the app shows it; nil for none.
    package var navigationBar: NavigationBar? {
        get { ownNavigationBar?.value }
        set { ownNavigationBar = newValue.map(OutOfLine.init) }
    }
    /// Out of line: most documents have none, and a document is held whole
    /// in several tables (its source, its last rendering, its rendering
    /// while it waits), each of which its inline title and mode made larger.
    private var ownNavigationBar: OutOfLine<NavigationBar>?

    package init(
        title: String, kind: DocumentKind, blocks: [Block], imageNamings: ImageNamings = ImageNamings(),
        navigationBar: NavigationBar? = nil
    ) {
        self.title = title
        self.kind = kind
        self.blocks = blocks
        self.imageNamings = imageNamings
        ownNavigationBar = navigationBar.map(OutOfLine.init)
    }

    /// The bar the page shows above the document: its own, or for a rich
    /// text or other text document the inline bar with its title that the
    /// app's text view sits under. A tagged document whose schema names no
    /// title has none.
    package var shownNavigationBar: NavigationBar? {
        navigationBar ?? (kind == .tagged ? nil : NavigationBar(title: title, displayMode: .inline))
    }

    /// The document with every block `lines` further down its file.
    package func movedDown(by lines: Int) -> Document {
        var moved = self
        moved.blocks = blocks.map { $0.movedDown(by: lines) }
        moved.imageNamings = imageNamings.movedDown(by: lines)
        return moved
    }
}
