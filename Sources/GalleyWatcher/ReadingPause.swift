import Dispatch

/// Pauses the reading of inotify records while the consumer handles a batch; each `begin` is matched by one `end`.
final class ReadingPause: @unchecked Sendable {
    // libdispatch allows suspending and resuming a source from any thread; the source itself is not marked Sendable.
    private let source: DispatchSourceRead

    init(source: DispatchSourceRead) {
        self.source = source
    }

    func begin() {
        source.suspend()
    }

    func end() {
        source.resume()
    }
}
