import Foundation
import GalleyCore
import GalleyShim
import GalleySystem

/// Draws pictures on a few threads of its own, never on the caller's: the
/// save path and libmicrohttpd's threads only ever enqueue and look up.
///
/// Each (content hash, width) is drawn once: requests for a picture being
/// drawn wait for that drawing, and the result is kept in a bounded cache.
/// At most `workers` pictures are decoded at once, whatever the number of
/// requests, and together they hold at most what `budget` allows (see
/// `DecodeCost`); the workers run at a lower CPU priority so a text save is
/// not slowed by a batch of photos.
package final class PictureMaker: @unchecked Sendable {
    package typealias Completion = @Sendable (Result<DrawnPicture, PictureFailure>) -> Void

    /// What the workers need to draw one picture.
    package struct Job: Sendable {
        package var key: PictureKey
        /// The file's format (from its name): a PDF is drawn as PNG.
        package var format: ImageFormat
        package var enlarge: Bool
        /// Reads the file; nil when it is gone.
        package var read: @Sendable () -> [UInt8]?

        package init(key: PictureKey, format: ImageFormat, enlarge: Bool, read: @escaping @Sendable () -> [UInt8]?) {
            self.key = key
            self.format = format
            self.enlarge = enlarge
            self.read = read
        }
    }

    private struct State {
        var queue: [Job] = []
        var waiting: [PictureKey: [Completion]] = [:]
        var failures: [String: PictureFailure] = [:]
        var failureOrder: [String] = []
        var threads = 0
        var drawn = 0
    }

    package let cache: PictureCache
    package let budget: DecodeBudget
    private let workers: Int
    private let queueLimit: Int
    private let state = Locked(State())
    private let wakeUp = NSCondition()

    /// `workers` threads at most; `cacheBytes` of pictures kept; at most
    /// `queueLimit` different pictures waiting (more are refused, not queued);
    /// `decodeBytes` of decoded pixels held by the pictures drawn at once.
    package init(workers: Int = 2, cacheBytes: Int = 96 << 20, queueLimit: Int = 512, decodeBytes: Int = DecodeCost.budgetBytes) {
        self.workers = max(1, workers)
        self.queueLimit = queueLimit
        cache = PictureCache(byteLimit: cacheBytes)
        budget = DecodeBudget(limit: decodeBytes)
    }

    /// How many pictures were drawn (not served from the cache), for tests and the bench.
    package var drawnCount: Int {
        state.withLock { $0.drawn }
    }

    /// Why the file with this content hash could not be drawn, if it could not.
    package func failure(forContentHash hash: String) -> PictureFailure? {
        state.withLock { $0.failures[hash] }
    }

    /// The picture if it is ready, else nil (and nothing is started).
    package func ready(_ key: PictureKey) -> Result<DrawnPicture, PictureFailure>? {
        if let picture = cache.picture(for: key) { return .success(picture) }
        return failure(forContentHash: key.contentHash).map { .failure($0) }
    }

    /// Draws the picture (or finds it drawn) and calls `done` with it, on a
    /// worker thread or at once on the caller's when it is ready.
    package func make(_ job: Job, done: @escaping Completion) {
        if let ready = ready(job.key) {
            done(ready)
            return
        }
        let accepted: Bool? = state.withLock { state in
            if state.waiting[job.key] != nil {
                state.waiting[job.key]?.append(done)
                return true
            }
            guard state.queue.count < queueLimit else { return nil }
            state.waiting[job.key] = [done]
            state.queue.append(job)
            if state.threads < workers {
                state.threads += 1
                return false
            }
            return true
        }
        switch accepted {
        case nil:
            done(.failure(.tooManyWaiting))
        case false?:
            let thread = Thread { [self] in work() }
            thread.name = "galley-pictures"
            thread.start()
            fallthrough
        case true?:
            wakeUp.lock()
            wakeUp.signal()
            wakeUp.unlock()
        }
    }

    /// `make`, waiting for the answer (for `galley render` and `check`).
    package func makeNow(_ job: Job) -> Result<DrawnPicture, PictureFailure> {
        // Every job is answered, before `finished` is signalled: this first value is always replaced.
        let answer = Locked<Result<DrawnPicture, PictureFailure>>(.failure(.unreadable))
        let finished = DispatchSemaphore(value: 0)
        make(job) { result in
            answer.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        return answer.withLock { $0 }
    }

    private func work() {
        ThreadPriority.lower()
        while true {
            wakeUp.lock()
            var job: Job?
            var trimmed = false
            while true {
                job = state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
                if job != nil { break }
                if !trimmed {
                    // A burst of photos leaves decoders' buffers in glibc's
                    // arenas; give them back before going idle.
                    galley_release_free_memory()
                    trimmed = true
                }
                wakeUp.wait()
            }
            wakeUp.unlock()
            guard let job else { continue }
            let result = draw(job)
            let completions = state.withLock { state -> [Completion] in
                state.drawn += 1
                if case .failure(let failure) = result, failure.isLasting, state.failures[job.key.contentHash] == nil {
                    state.failures[job.key.contentHash] = failure
                    state.failureOrder.append(job.key.contentHash)
                    if state.failureOrder.count > 1024 { state.failures[state.failureOrder.removeFirst()] = nil }
                }
                return state.waiting.removeValue(forKey: job.key) ?? []
            }
            for done in completions { done(result) }
        }
    }

    /// The picture, or why not.
    private func draw(_ job: Job) -> Result<DrawnPicture, PictureFailure> {
        guard let bytes = job.read() else { return .failure(.unreadable) }
        let header = ImageDimensions.inspect(bytes)
        if case .failure(let problem) = header, problem.refusesDecoding {
            return .failure(.header(problem))
        }
        // A header this reader cannot use leaves the decoder the whole budget;
        // the decoder's own reading of it must fit in what was reserved.
        let maximumHeight = PictureDelivery.maximumHeight(forWidth: job.key.width)
        let cost =
            (try? header.get()).map { DecodeCost.bytes(of: $0, drawnWidth: job.key.width, maximumHeight: maximumHeight) } ?? budget.limit
        guard budget.reserve(cost) else { return .failure(.overDecodeBudget(bytes: cost)) }
        defer { budget.release(cost) }
        let isBMP = ImageDimensions.sniff(bytes) == .bmp
        let result = Vips.draw(
            bytes, width: job.key.width, enlarge: job.enlarge, preferPNG: job.format == .pdf, isBMP: isBMP, decodedBytesAtMost: cost)
        switch result {
        case .success(let picture):
            // A file that changed since it was asked for is drawn all the
            // same, but kept under its own hash, not the one asked for.
            cache.store(picture, for: PictureKey(contentHash: ContentHash.of(bytes), width: job.key.width))
            return result
        case .failure(let failure):
            // The header's own complaint is clearer than the decoder's.
            guard case .failure(let problem) = header, case .decoder(let complaint) = failure else { return result }
            return .failure(.decoderAfterHeader(problem, complaint: complaint))
        }
    }
}
