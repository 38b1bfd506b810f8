import Dispatch
import GalleyServer
import Synchronization

/// When the daemon hands freed memory back to the system: glibc keeps what
/// is freed in its arenas, so after a burst of work that freed much (many
/// answers at once, a long document list) it is told to let it go, a little
/// later and at most once at a time; never while idle.
final class MemoryTrim: Sendable {
    /// After this many answers at once, memory is handed back a second
    /// later, once they are sent.
    static let manyAnswers = 100
    /// After making the document list, glibc is told to hand back what that
    /// freed (the list before, what the words were collected in), which it
    /// otherwise keeps: with 10,000 documents and the index asked after each
    /// of many saves, the daemon's resident memory grew by a third without.
    /// At once after a list that collected the words of many documents (the
    /// first after start-up, on every core); a second later after other
    /// long lists, since a trim holds glibc's arenas for milliseconds, and
    /// one a second is enough for an author who types.
    static let manyWordsCollected = 2_000
    static let longList = 512 * 1024

    private let queue = DispatchQueue(label: "galley.memory-trim")
    private let scheduled = Atomic(false)
    /// Hands memory back; the system's call, or a test's count.
    private let release: @Sendable () -> Void

    init(release: @escaping @Sendable () -> Void = HTTPServer.releaseFreeMemory) {
        self.release = release
    }

    /// `count` pages were just answered at once; returns whether that asked for a trim.
    @discardableResult
    func answered(_ count: Int) -> Bool {
        count >= Self.manyAnswers && schedule(after: 1)
    }

    /// A document list was made, having collected the words of
    /// `wordsCollected` documents into a body of `bytes`; returns whether that asked for a trim.
    @discardableResult
    func madeList(wordsCollected: Int, bytes: Int) -> Bool {
        if wordsCollected >= Self.manyWordsCollected { return schedule(after: 0) }
        return bytes >= Self.longList && schedule(after: 1)
    }

    /// Trims `delay` seconds from now unless a trim is waiting or running
    /// already; returns whether it will.
    private func schedule(after delay: Double) -> Bool {
        guard !scheduled.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            release()
            scheduled.store(false, ordering: .releasing)
        }
        return true
    }
}
