import Dispatch
import Synchronization

/// Watches a folder tree with inotify and delivers coalesced batches of file events, without timers or polling.
///
/// Each time inotify has records, the watcher reads until none are immediately left (at most `maxReadsPerBurst` reads),
/// so a burst such as a `git checkout` arrives in a few batches, and a single save arrives at once. The one wait is for
/// removals: a file deleted or moved away is reported only if it has not come back within `removalGraceMilliseconds`,
/// because editors and `git` save by removing a file and creating it again, and a page should not lose its document
/// in between. Saves themselves never wait.
public final class DirectoryWatcher: @unchecked Sendable {
    /// Bounds one burst so that a writer that never pauses still sees batches delivered.
    static let maxReadsPerBurst = 64
    /// How long a removed file may take to reappear; only bursts that remove files wait, and only until it reappears.
    static let removalGraceMilliseconds = 20
    /// Many times `sizeof(inotify_event) + NAME_MAX + 1`, so one read takes thousands of records.
    static let readBufferSize = 256 * 1024

    private enum Lifecycle {
        case idle
        case running(DispatchSourceRead)
        case stopped
    }

    private let inotify: Inotify
    /// Used only on `watchQueue` once started (and by `init` before that).
    private let tree: WatchedTree
    private let readBuffer: UnsafeMutableRawBufferPointer
    private let watchQueue = DispatchQueue(label: "galley.directory-watcher")
    private let lifecycle = Mutex(Lifecycle.idle)
    private let gate = DeliveryGate()

    /// Watches `root` and every folder below it; `isIgnored` is asked for every file and folder path below root
    /// (absolute path), and ignored folders are not watched.
    public init(root: String, isIgnored: @escaping @Sendable (String) -> Bool) throws {
        inotify = try Inotify.open()
        do {
            tree = try WatchedTree(root: root, inotify: inotify, isIgnored: isIgnored)
        } catch {
            inotify.descriptor.close()
            throw error
        }
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: MemoryLayout<Int32>.alignment)
    }

    deinit {
        switch lifecycle.withLock({ $0 }) {
        case .idle: inotify.descriptor.close()
        case .running(let source): source.cancel()
        case .stopped: break
        }
        readBuffer.deallocate()
    }

    /// The root as an absolute path; reported paths start with it.
    public var root: String { tree.root }

    /// Starts delivering batches on `queue`; `onWarning` gets human-readable problems that do not stop watching
    /// (a watch limit hit on some folder, a folder that vanished while being added). Only the first call has an effect.
    public func start(
        queue: DispatchQueue,
        onBatch: @escaping @Sendable (WatchBatch) -> Void,
        onWarning: @escaping @Sendable (String) -> Void
    ) {
        let source: DispatchSourceRead? = lifecycle.withLock { lifecycle in
            guard case .idle = lifecycle else { return nil }
            let source = DispatchSource.makeReadSource(fileDescriptor: inotify.descriptor.rawValue, queue: watchQueue)
            lifecycle = .running(source)
            return source
        }
        guard let source else { return }
        let gate = self.gate
        let deliver: @Sendable ([WatchBatch], [String]) -> Void = { batches, warnings in
            guard !batches.isEmpty || !warnings.isEmpty else { return }
            queue.async {
                for warning in warnings where gate.isOpen { onWarning(warning) }
                for batch in batches where gate.isOpen { onBatch(batch) }
            }
        }
        let descriptor = inotify.descriptor
        source.setEventHandler { [weak self] in self?.readBurst(deliver: deliver) }
        // The descriptor is closed only once the source no longer polls it.
        source.setCancelHandler { descriptor.close() }
        watchQueue.async { [weak self] in
            guard let self else { return }
            deliver([], tree.takeWarnings())  // problems met while watching the tree in `init`
        }
        source.activate()
    }

    /// Stops watching; idempotent. No batch is delivered after it returns (one already being handled may finish).
    public func stop() {
        gate.close()
        let previous = lifecycle.withLock { lifecycle in
            defer { lifecycle = .stopped }
            return lifecycle
        }
        switch previous {
        case .idle: inotify.descriptor.close()
        case .running(let source): source.cancel()
        case .stopped: break
        }
    }

    /// Reads every record that is immediately available, then delivers the burst's batches.
    private func readBurst(deliver: @Sendable ([WatchBatch], [String]) -> Void) {
        var assembler = BatchAssembler(tree: tree)
        var readProblems: [String] = []
        var removalDeadline: ContinuousClock.Instant?
        for _ in 0..<Self.maxReadsPerBurst {
            let count: Int?
            do {
                count = try inotify.read(into: readBuffer)
                if count == nil, assembler.hasUnconfirmedRemovals() {
                    let deadline = removalDeadline ?? .now + .milliseconds(Self.removalGraceMilliseconds)
                    removalDeadline = deadline
                    guard try inotify.waitForRecords(milliseconds: Self.milliseconds(until: deadline)) else { break }
                    continue
                }
            } catch {
                readProblems.append("\(error)\nWatching has stopped.")
                lifecycle.withLock { lifecycle in
                    if case .running(let source) = lifecycle { source.cancel() }
                    lifecycle = .stopped
                }
                break
            }
            guard let count, count > 0 else { break }
            for event in InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])) {
                assembler.consume(event)
            }
        }
        let batches = assembler.finish()
        deliver(batches, tree.takeWarnings() + readProblems)
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline).components
        let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }
}
