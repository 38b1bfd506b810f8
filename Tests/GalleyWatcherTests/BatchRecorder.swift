import Foundation
import GalleyWatcher
import XCTest

/// A test consumer: starts a watcher, keeps every batch and warning it delivers, and waits for them with a timeout.
final class BatchRecorder: @unchecked Sendable {
    let watcher: DirectoryWatcher
    private let lock = NSLock()
    private var batches: [WatchBatch] = []
    private var warnings: [String] = []
    private let delivered = DispatchSemaphore(value: 0)

    /// The consumer's work on each batch after recording it, as Galley parses and renders.
    private let handle: @Sendable (WatchBatch) -> Void

    /// Watches `root`, ignoring editor temporaries and hidden names as Galley does.
    init(root: String, start: Bool = true, handle: @escaping @Sendable (WatchBatch) -> Void = { _ in }) throws {
        watcher = try DirectoryWatcher(root: root, isIgnored: Self.ignoresEditorTemporaries)
        self.handle = handle
        if start { self.start() }
    }

    static let ignoresEditorTemporaries: @Sendable (String) -> Bool = { path in
        EditorTemporaryFiles.isTemporary(name: String(path.split(separator: "/").last ?? ""))
    }

    func start() {
        watcher.start(
            queue: DispatchQueue(label: "test-consumer"),
            onBatch: { [self] batch in
                lock.withLock { batches.append(batch) }
                delivered.signal()
                handle(batch)
            },
            onWarning: { [self] warning in
                lock.withLock { warnings.append(warning) }
            }
        )
    }

    var receivedWarnings: [String] { lock.withLock { warnings } }

    /// Waits (up to `timeout`) until the batches received so far satisfy `condition`, then for `quietPeriod` more
    /// so that extra batches would show, and returns every batch received, clearing them for the next step.
    func batches(
        until condition: ([WatchBatch]) -> Bool,
        timeout: TimeInterval = 10,
        quietPeriod: TimeInterval = 0.15
    ) -> [WatchBatch] {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(lock.withLock({ batches })) && Date() < deadline {
            _ = delivered.wait(timeout: .now() + 0.05)
        }
        Thread.sleep(forTimeInterval: quietPeriod)
        return lock.withLock {
            defer { batches = [] }
            return batches
        }
    }

    /// Waits until the events received mention every one of `paths`.
    func batches(mentioning paths: Set<String>, timeout: TimeInterval = 10) -> [WatchBatch] {
        batches(until: { paths.isSubset(of: Set($0.events.map(\.path))) }, timeout: timeout)
    }

    /// Waits for `quietPeriod` and returns whatever arrived meanwhile (expected: nothing).
    func batchesDuringQuietPeriod(_ quietPeriod: TimeInterval = 0.2) -> [WatchBatch] {
        batches(until: { _ in true }, timeout: 0, quietPeriod: quietPeriod)
    }

    func stop() {
        watcher.stop()
    }
}

extension Array where Element == WatchBatch {
    /// Every event of every batch, in delivery order.
    var events: [WatchEvent] {
        flatMap { batch -> [WatchEvent] in
            if case .events(let events) = batch { return events }
            return []
        }
    }
}

extension WatchBatch {
    func mentions(suffix: String) -> Bool {
        guard case .events(let events) = self else { return false }
        return events.contains { $0.path.hasSuffix(suffix) }
    }
}

func changed(_ path: String) -> WatchEvent { WatchEvent(path: path, kind: .changed) }
func removed(_ path: String) -> WatchEvent { WatchEvent(path: path, kind: .removed) }
func directoryRemoved(_ path: String) -> WatchEvent { WatchEvent(path: path, kind: .directoryRemoved) }
