import GalleyCore
import Synchronization

/// The words the index page searches for one rendering of a document
/// (`Document.searchableText`), collected the first time the index is
/// built after the document changed rather than on the save path, where
/// collecting them was 40 % of a save of the example. Shared by every copy
/// of the published document.
final class SearchableWords: Sendable {
    private let document: Document
    private let collected = Mutex<String?>(nil)

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
