/// The documents waiting to be rendered. Documents whose source or
/// surroundings changed wait until the end of a round, so that big rounds
/// render on every core. Documents whose reading changed are noted until
/// their rendering is published: the reading decided that they changed, and
/// their pages are told without comparing the rendering with the last.
struct RenderQueue {
    private var waiting: Set<String> = []
    private var sourceChanged: Set<String> = []

    mutating func add(_ ids: some Sequence<String>, sourceChanged changed: Bool = false) {
        waiting.formUnion(ids)
        if changed { sourceChanged.formUnion(ids) }
    }

    /// Whether `id` waited because its reading changed; it is no longer noted.
    mutating func takeSourceChanged(_ id: String) -> Bool {
        sourceChanged.remove(id) != nil
    }

    mutating func remove(_ ids: some Sequence<String>) {
        waiting.subtract(ids)
    }

    /// The waiting documents, in id order; none wait afterwards.
    mutating func takeWaiting() -> [String] {
        defer { waiting = [] }
        return waiting.sorted()
    }

    mutating func forget(_ id: String) {
        waiting.remove(id)
        sourceChanged.remove(id)
    }
}
