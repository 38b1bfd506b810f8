import GalleyCore

/// The words the index page searches for one rendering of a document
/// (`Document.searchableText`). A save's are collected the first time the
/// index is built after it, not on the save path, where collecting them
/// was 40 % of a save of the example; a first rendering's (start-up, a new
/// file) at once, on the cores the load renders on, so that the first
/// index page does not collect 10,000 documents' words on one. Shared by
/// every copy of the published document.
final class SearchableWords: Sendable {
    private let document: Document
    private let collected: Locked<String?>

    init(of document: Document, collectingNow: Bool) {
        self.document = document
        collected = Locked(collectingNow ? document.searchableText() : nil)
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
