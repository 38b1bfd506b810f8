import Dispatch
import GalleyCore
import GalleySystem
import Glibc

/// Watches a folder tree with inotify and delivers coalesced batches of file events; no timer runs and nothing polls.
///
/// A thread of its own waits for inotify records. Each time there are some, it reads until none are immediately left
/// (a read that did not fill the buffer took them all; at most `maxReadsPerBurst` reads) and hands one burst to the
/// consumer on the consumer's queue, synchronously: the thread the kernel woke for a save is the one that reads, parses
/// and publishes it, with no other thread woken in between. It reads the next burst only once the consumer has returned
/// from `onBatch`, so while the consumer works, a storm such as a `git checkout` piles up in the kernel queue and
/// arrives in a few large batches, while a single save arrives at once.
///
/// The one wait (a `poll` on the inotify descriptor, inside a burst) is for removals: a file deleted or moved away is
/// reported only after `removalGraceMilliseconds` without any record, or once a later burst shows it has not come
/// back, because editors and `git` save by removing a file and creating it again, and a page should not lose its
/// document in between. Everything else in the burst is delivered before that wait; saves themselves never wait.
///
/// Folders beyond the kernel's watch limit (`max_user_watches`) are not left unwatched: a `PollingWatcher` over just
/// those folders stands in for inotify there, and the limit is explained once.
package final class DirectoryWatcher: @unchecked Sendable {
    /// How often the folders beyond the watch limit are compared.
    static let beyondLimitPollSeconds = 1
    /// Bounds one burst so that a writer that never pauses still sees batches delivered.
    static let maxReadsPerBurst = 64
    /// How long a removed file may take to reappear. Long enough for an editor or `git` preempted on a busy machine
    /// between removing and recreating a file; only the removal itself waits, and only until the file reappears.
    static let removalGraceMilliseconds: Int32 = 100
    /// Many times `largestRecord`, so one read takes thousands of records.
    static let readBufferSize = 256 * 1024
    /// One record with the longest name the kernel reports.
    static let largestRecord = MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1

    private enum Lifecycle {
        case idle
        case running(StopSignal)
        case stopped
    }

    private let inotify: Inotify
    /// Used only on the watching thread once started (and by `init` before that).
    private let tree: WatchedTree
    private let readBuffer: UnsafeMutableRawBufferPointer
    private let lifecycle = Locked(Lifecycle.idle)
    private let gate = DeliveryGate()
    /// File removals not yet confirmed when the previous burst ended; used only on the watching thread.
    private var carriedRemovals: [AbsolutePath] = []
    /// Polls the folders beyond the watch limit; made when the first of them is met.
    private let beyondLimit = Locked<PollingWatcher?>(nil)

    /// Watches `root` and every folder below it; `isIgnored` is asked for every file and folder path below root
    /// (absolute path), and ignored folders are not watched.
    package init(root: String, isIgnored: @escaping @Sendable (String) -> Bool) throws {
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
        // The thread holds the watcher only while it reads; it closes the descriptors as it ends.
        case .running(let stop): stop.signal()
        case .stopped: break
        }
        readBuffer.deallocate()
    }

    /// The root as an absolute path; reported paths start with it.
    package var root: AbsolutePath { AbsolutePath(rawValue: tree.root) }

    package func takeFilesFoundAtStart() -> [AbsolutePath]? {
        tree.takeFilesFoundAtStart()?.map(AbsolutePath.init(rawValue:))
    }

    package func takeLinksLeadingOutsideAtStart() -> [AbsolutePath] {
        tree.takeLinksLeadingOutsideAtStart().map(AbsolutePath.init(rawValue:))
    }

    /// Starts delivering batches on `queue`; `onWarning` gets human-readable problems that do not stop watching
    /// (a watch limit hit on some folder, a folder that vanished while being added). Only the first call has an effect.
    /// A burst that waits for removals to be confirmed holds `queue` for that wait.
    package func start(
        queue: DispatchQueue,
        onBatch: @escaping @Sendable (WatchBatch) -> Void,
        onWarning: @escaping @Sendable (String) -> Void
    ) {
        let stop: StopSignal?
        do {
            stop = try lifecycle.withLock { lifecycle throws(SystemCallError) -> StopSignal? in
                guard case .idle = lifecycle else { return nil }
                let stop = try StopSignal()
                lifecycle = .running(stop)
                return stop
            }
        } catch {
            queue.async { onWarning("\(error)\nWatching has not started.") }
            return
        }
        guard let stop else { return }
        let gate = self.gate
        let deliver: @Sendable ([WatchBatch], [String]) -> Void = { batches, warnings in
            guard !batches.isEmpty || !warnings.isEmpty else { return }
            queue.sync {
                for warning in warnings where gate.isOpen { onWarning(warning) }
                for batch in batches where gate.isOpen { onBatch(batch) }
            }
        }
        let poll: @Sendable ([String], Bool) -> Void = { [weak self] folders, fromStart in
            self?.poll(
                folders, fromStart: fromStart, queue: queue, onBatch: { batch in if gate.isOpen { onBatch(batch) } }, onWarning: onWarning)
        }
        let inotify = self.inotify
        let warnings = tree.takeWarnings() // problems met while watching the tree in `init`
        poll(tree.takeFoldersBeyondLimit(), true)
        do {
            try DetachedThread.start(name: "galley-watch") { [weak self] in
                PromptWakeUps.request()
                defer {
                    inotify.descriptor.close()
                    stop.close()
                }
                deliver([], warnings)
                do {
                    while try inotify.waitForRecords(until: stop) {
                        guard let self, self.readBurst(deliver: deliver, poll: poll) else { return }
                    }
                } catch {
                    deliver([], ["\(error)\nWatching has stopped."])
                }
            }
        } catch {
            lifecycle.withLock { $0 = .stopped }
            inotify.descriptor.close()
            stop.close()
            queue.async { onWarning("\(error)\nWatching has not started.") }
        }
    }

    /// Stops watching; idempotent. No batch is delivered after it returns (one already being handled may finish).
    package func stop() {
        gate.close()
        beyondLimit.withLock { $0?.stop() }
        let previous = lifecycle.withLock { lifecycle in
            defer { lifecycle = .stopped }
            return lifecycle
        }
        switch previous {
        case .idle: inotify.descriptor.close()
        case .running(let stop): stop.signal()
        case .stopped: break
        }
    }

    /// Reads every record that is immediately available and delivers the burst's batches; removals wait for their
    /// files to come back, for silence, or for the next burst.
    /// Returns whether watching goes on.
    private func readBurst(deliver: @Sendable ([WatchBatch], [String]) -> Void, poll: ([String], Bool) -> Void) -> Bool {
        var assembler = BatchAssembler(tree: tree, carriedRemovals: carriedRemovals)
        var problems: [String] = []
        var reads = 0
        var carryingRemovals = false
        do {
            while true {
                while reads < Self.maxReadsPerBurst, let count = try inotify.read(into: readBuffer), count > 0 {
                    for event in InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])) {
                        assembler.consume(event)
                    }
                    reads += 1
                    // A read that left room for another whole record took every record queued: another would only
                    // hear that none is, a system call more for every save.
                    if count <= Self.readBufferSize - Self.largestRecord { break }
                }
                guard assembler.hasUnconfirmedRemovals else { break }
                deliver(assembler.takeDecidedBatches(), [])
                // Silence for the whole grace confirms the removals.
                guard try inotify.waitForRecords(milliseconds: Self.removalGraceMilliseconds) else { break }
                // Records are queued, so another burst is certain: past the bound, that burst decides the removals.
                if reads >= Self.maxReadsPerBurst {
                    carryingRemovals = true
                    break
                }
            }
        } catch {
            problems.append("\(error)\nWatching has stopped.")
        }
        let (batches, carried) = assembler.finish(carryingRemovals: carryingRemovals)
        carriedRemovals = carried
        deliver(batches, tree.takeWarnings() + problems)
        poll(tree.takeFoldersBeyondLimit(), false)
        return problems.isEmpty
    }

    /// Polls `folders`, which inotify could not watch: those met `fromStart` from the files already there (the
    /// workspace reads those itself), later ones (folders created since) reporting their files as changed.
    private func poll(
        _ folders: [String], fromStart: Bool, queue: DispatchQueue, onBatch: @escaping @Sendable (WatchBatch) -> Void,
        onWarning: @escaping @Sendable (String) -> Void
    ) {
        guard !folders.isEmpty else { return }
        beyondLimit.withLock { poller in
            do {
                if poller == nil {
                    let made = try PollingWatcher(
                        root: root.rawValue, folders: fromStart ? folders : [], interval: Double(Self.beyondLimitPollSeconds),
                        isIgnored: tree.isIgnored)
                    made.start(queue: queue, onBatch: onBatch, onWarning: onWarning)
                    poller = made
                }
                if !fromStart {
                    for folder in folders { poller?.add(folder: folder) }
                }
            } catch {
                queue.async { onWarning("\(error)\nFolders beyond the watch limit are not watched.") }
            }
        }
    }
}
