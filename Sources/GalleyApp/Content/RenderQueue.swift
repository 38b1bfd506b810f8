import GalleyCore

/// The documents waiting to be rendered. Documents whose source or
/// surroundings changed wait until the end of a round, so that big rounds
/// render on every core. Documents whose reading changed are noted until
/// their rendering is published: the reading decided that they changed, and
/// their pages are told without comparing the rendering with the last.
struct RenderQueue {
    private var waiting: Set<DocumentID> = []
    private var sourceChanged: Set<DocumentID> = []

    mutating func add(_ ids: some Sequence<DocumentID>, sourceChanged changed: Bool = false) {
        waiting.formUnion(ids)
        if changed { sourceChanged.formUnion(ids) }
    }

    /// Whether `id` waited because its reading changed; it is no longer noted.
    mutating func takeSourceChanged(_ id: DocumentID) -> Bool {
        sourceChanged.remove(id) != nil
    }

    mutating func remove(_ ids: some Sequence<DocumentID>) {
        waiting.subtract(ids)
    }

    /// The waiting documents, in id order; none wait afterwards.
    mutating func takeWaiting() -> [DocumentID] {
        defer { waiting = [] }
        return waiting.sorted()
    }

    mutating func forget(_ id: DocumentID) {
        waiting.remove(id)
        sourceChanged.remove(id)
    }
}
