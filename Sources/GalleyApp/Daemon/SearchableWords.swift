import GalleyCore

/// The words the index page searches for one rendering of a document
/// (`Document.searchableText`), collected the first time the index is
/// built after it, on every core (`PublishedDocument.indexJSON`): not on the
/// save path, where collecting them was 40 % of a save of the example, nor
/// at start-up, where collecting 10,000 documents' words before the URL was
/// printed was a third of the load. Shared by every copy of the published
/// document.
final class SearchableWords: Sendable {
    private let document: Document
    private let collected = Locked<String?>(nil)

    init(of document: Document) {
        self.document = document
    }

    /// Whether the words were asked for (and so collected) yet.
    var isCollected: Bool { collected.withLock { $0 != nil } }

    var text: String {
        collected.withLock { collected in
            if let collected { return collected }
            let text = document.searchableText()
            collected = text
            return text
        }
    }
}
