import Dispatch

/// Where what a save replaced (renderings, readings, published versions) is
/// let go of, once its pages are answered: freeing a large document's takes
/// a while (`LargeRendering`), so a large one is freed on a queue of its own and the next save
/// need not wait. A small one goes with the first page's answer, and the
/// server's thread lets go of it once that answer is sent (with no page
/// waiting, it is let go of where it was replaced): waking a thread
/// of its own for it cost more than the freeing (a thread more per save of
/// the example, 0.3 ms at p50), and freeing it where it was replaced kept
/// the publishing thread from sleeping, on a CPU a waiting client may share.
enum OldRenderings {
    /// Frees `held` on the queue of its own.
    static func freeAside(_ held: some Sendable) {
        freeing.async { _ = held }
    }

    private static let freeing = DispatchQueue(label: "galley.freeing", qos: .utility)
}
