/// The documents waiting to be rendered. Documents whose source or
/// surroundings changed wait until the end of a round, so that big rounds
/// render on every core. A rendering done aside that came back while a newer
/// reading of its file was in flight is dropped, not published: that reading
/// renders it again (changed or not), so that a burst of keystrokes into a
/// large file spends the queue on its last text, not on every one.
struct RenderQueue {
    private var waiting: Set<String> = []
    private var dropped: Set<String> = []

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

    mutating func noteDropped(_ id: String) {
        dropped.insert(id)
    }

    /// The documents among `ids` whose rendering was dropped; they are no longer.
    mutating func takeDropped(among ids: some Sequence<String>) -> Set<String> {
        let found = dropped.intersection(ids)
        dropped.subtract(found)
        return found
    }

    mutating func forget(_ id: String) {
        waiting.remove(id)
        dropped.remove(id)
    }
}
