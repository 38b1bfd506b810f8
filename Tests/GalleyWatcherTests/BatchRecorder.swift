import Foundation
import GalleyCore
import GalleyWatcher
import XCTest

/// A test consumer: starts a watcher, keeps every batch and warning it delivers, and waits for them.
///
/// It never sleeps for a fixed time. It waits for the batches a step expects, with a deadline that only catches a
/// hang; then, to show that nothing more comes of that step, it writes a sentinel file into the root and waits for
/// its event: inotify queues records in order, so whatever the step caused has been delivered by then. Sentinel
/// events are left out of what it returns.
final class BatchRecorder: @unchecked Sendable {
    /// Only catches a hang: a step's batches normally arrive within milliseconds, even on a busy machine.
    static let deadline: TimeInterval = 60

    let watcher: DirectoryWatcher
    private let lock = NSLock()
    private var batches: [WatchBatch] = []
    private var warnings: [String] = []
    private var sentinels = 0
    private let delivered = DispatchSemaphore(value: 0)

    /// The consumer's work on each batch after recording it, as Galley parses and renders.
    private let handle: @Sendable (WatchBatch) -> Void
    /// Whether `written` events are kept. They are hints that a file may be read ahead of its close; the tests of
    /// what a save amounts to (one `changed`) leave them out unless they are about them.
    private let keepsWrites: Bool

    /// Watches `root`, ignoring editor temporaries and hidden names as Galley does.
    init(root: String, start: Bool = true, keepsWrites: Bool = false, handle: @escaping @Sendable (WatchBatch) -> Void = { _ in }) throws {
        watcher = try DirectoryWatcher(root: root, isIgnored: Self.ignoresEditorTemporaries)
        self.handle = handle
        self.keepsWrites = keepsWrites
        if start { self.start() }
    }

    static let ignoresEditorTemporaries: @Sendable (String) -> Bool = { path in
        EditorTemporaryFiles.isTemporary(name: String(path.split(separator: "/").last ?? ""))
    }

    func start() {
        watcher.start(
            queue: DispatchQueue(label: "test-consumer"),
            onBatch: { [self] batch in
                if let kept = keepsWrites ? batch : [batch].withoutEvents(matching: { $0.kind == .written }).first {
                    lock.withLock { batches.append(kept) }
                    delivered.signal()
                }
                handle(batch)
            },
            onWarning: { [self] warning in
                lock.withLock { warnings.append(warning) }
            }
        )
    }

    var receivedWarnings: [String] { lock.withLock { warnings } }

    private var sentinelPrefix: String { watcher.root.rawValue + "/galley-sentinel-" }

    private func isSentinel(_ event: WatchEvent) -> Bool {
        event.path.rawValue.hasPrefix(sentinelPrefix)
    }

    /// Waits until the batches received satisfy `condition`, failing at the deadline.
    private func wait(
        for description: @autoclosure () -> String, file: StaticString, line: UInt, until condition: ([WatchBatch]) -> Bool
    ) {
        let deadline = Date().addingTimeInterval(Self.deadline)
        while !condition(lock.withLock({ batches })) {
            guard Date() < deadline else {
                XCTFail("no \(description()) within \(Int(Self.deadline)) s", file: file, line: line)
                return
            }
            _ = delivered.wait(timeout: .now() + 1)
        }
    }

    /// Waits until the batches received so far satisfy `condition`, then for a sentinel's event (when the root still
    /// exists), so that extra batches would show; returns every batch received without sentinel events, clearing them
    /// for the next step.
    func batches(
        until condition: ([WatchBatch]) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) -> [WatchBatch] {
        wait(for: "expected batch", file: file, line: line) { condition($0.withoutEvents(matching: isSentinel)) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: watcher.root.rawValue, isDirectory: &isDirectory), isDirectory.boolValue {
            let sentinel = lock.withLock {
                sentinels += 1
                return sentinelPrefix + "\(sentinels)"
            }
            Disk.write(sentinel, "", file: file, line: line)
            wait(for: "event for the sentinel \(sentinel)", file: file, line: line) {
                $0.events.contains { $0.path.rawValue == sentinel }
            }
        }
        return lock.withLock {
            defer { batches = [] }
            return batches.withoutEvents(matching: isSentinel)
        }
    }

    /// Waits until the events received mention every one of `paths`.
    func batches(mentioning paths: Set<String>, file: StaticString = #filePath, line: UInt = #line) -> [WatchBatch] {
        batches(until: { paths.isSubset(of: Set($0.events.map(\.path.rawValue))) }, file: file, line: line)
    }

    /// Writes a sentinel and returns whatever arrived before its event (expected: nothing).
    func batchesBeforeSentinel(file: StaticString = #filePath, line: UInt = #line) -> [WatchBatch] {
        batches(until: { _ in true }, file: file, line: line)
    }

    /// Returns what arrived so far, without waiting, clearing it.
    func batchesSoFar() -> [WatchBatch] {
        lock.withLock {
            defer { batches = [] }
            return batches.withoutEvents(matching: isSentinel)
        }
    }

    func stop() {
        watcher.stop()
    }
}

extension XCTestCase {
    /// A second watcher, for steps after which the one under test can see nothing (it was stopped, its root is
    /// gone): it shows the change happened, and by the time it has delivered the change and its own sentinel, the
    /// watcher under test, reading the same kernel's records, would have delivered anything it was going to.
    func witnessRecorder(over folder: String) throws -> BatchRecorder {
        let witness = try BatchRecorder(root: folder)
        addTeardownBlock { witness.stop() }
        return witness
    }
}

extension Array where Element == WatchBatch {
    /// The batches with the events `isExcluded` picks left out; batches left empty are dropped.
    func withoutEvents(matching isExcluded: (WatchEvent) -> Bool) -> [WatchBatch] {
        compactMap { batch in
            guard case .events(let events) = batch else { return batch }
            let kept = events.filter { !isExcluded($0) }
            return kept.isEmpty ? nil : .events(kept)
        }
    }

    /// Every event of every batch, in delivery order.
    var events: [WatchEvent] {
        flatMap { batch -> [WatchEvent] in
            if case .events(let events) = batch { return events }
            return []
        }
    }
}

extension WatchBatch {
    /// Whether the batch says a path ending in `suffix` changed, was removed or went; a `written` hint is not a save.
    func mentions(suffix: String) -> Bool {
        guard case .events(let events) = self else { return false }
        return events.contains { $0.kind != .written && $0.path.rawValue.hasSuffix(suffix) }
    }
}

func changed(_ path: String) -> WatchEvent { WatchEvent(path: AbsolutePath(rawValue: path), kind: .changed) }
func written(_ path: String) -> WatchEvent { WatchEvent(path: AbsolutePath(rawValue: path), kind: .written) }
func removed(_ path: String) -> WatchEvent { WatchEvent(path: AbsolutePath(rawValue: path), kind: .removed) }
func directoryRemoved(_ path: String) -> WatchEvent { WatchEvent(path: AbsolutePath(rawValue: path), kind: .directoryRemoved) }
