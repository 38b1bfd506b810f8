import Dispatch

/// Where what a save replaced (renderings, readings, published versions) is
/// let go of, once its pages are answered: freeing a large document's takes
/// a while, so a large one is freed on a queue of its own and the next save
/// need not wait; a small one is freed where it is, since waking a thread
/// for it cost more than the freeing (a thread more per save of the example,
/// 0.3 ms at p50).
enum OldRenderings {
    /// Frees `held` aside when it holds `blocks` rendered blocks or more;
    /// else the caller frees it, by letting go of its own reference.
    static func release<Held: Sendable>(_ held: Held, blocks: Int) {
        guard blocks >= blocksFreedInBackground else { return }
        freeing.async { _ = held }
    }

    private static let freeing = DispatchQueue(label: "galley.freeing", qos: .utility)
    private static let blocksFreedInBackground = 1_000
}
