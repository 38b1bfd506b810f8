/// The documents waiting to be rendered. Documents whose source or
/// surroundings changed wait until the end of a round, so that big rounds
/// render on every core.
struct RenderQueue {
    private var waiting: Set<String> = []

    mutating func add(_ ids: some Sequence<String>) {
        waiting.formUnion(ids)
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
    }
}
