import Dispatch
import GalleyServer
import Synchronization

/// What a page can wait for.
enum PollTopic: Hashable {
    case index
    case document(String)
}

/// A held long-poll: the version the page has, and whether it can apply a
/// `DocumentPatch` against it.
struct PollWaiter {
    var pending: PendingResponse
    var since: Int
    var acceptsPatch: Bool
}

/// The published state that HTTP threads read and long-polls wait on.
///
/// One lock covers the documents and the waiters, so a poll can never park
/// just after the change it waits for was published.
final class Publisher: @unchecked Sendable {
    struct Snapshot {
        var documents: [String: PublishedDocument] = [:]
        var version = 0
        var images: [String: ServedImage] = [:]
    }

    private struct State {
        var snapshot = Snapshot()
        var hub = LongPollHub<PollTopic, PollWaiter>()
        var timerDeadline: ContinuousClock.Instant?
        /// The document list, built when first asked for after a change, so
        /// a save costs the same however many documents there are.
        var indexBody: SharedBody?
        /// Document bodies, built when first asked for and shared by every
        /// page that asks for the same version.
        var bodies: [String: (version: Int, body: SharedBody)] = [:]
        /// Documents' versions before their latest, the base pages patch from.
        var previousDocuments: [String: PublishedDocument] = [:]
        /// Patch bodies from the previous version to the current one, shared likewise.
        var patchBodies: [String: (version: Int, body: SharedBody)] = [:]
        var trimScheduled = false
    }

    let boot: String
    /// The editor link announced in document answers, when there is one.
    private let editorAnnouncement: String?
    /// Whether it is announced now: with `--editor` always, else while an
    /// editor is connected through `galley lsp`.
    private let editorAnnounced: Atomic<Bool>
    private let state = Mutex(State())
    private let timerQueue = DispatchQueue(label: "galley.poll-deadlines")
    private let timer: DispatchSourceTimer

    init(boot: String, editorAnnouncement: String? = nil, announced: Bool = true) {
        self.boot = boot
        self.editorAnnouncement = editorAnnouncement
        editorAnnounced = Atomic(announced)
        timer = DispatchSource.makeTimerSource(queue: timerQueue)
        timer.setEventHandler { [weak self] in self?.expireDeadlines() }
        timer.activate()
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// Announces the editor link from the next answer on, or stops.
    func announceEditor(_ announced: Bool) {
        state.withLock { state in
            editorAnnounced.store(announced, ordering: .relaxed)
            state.bodies = [:]
            state.patchBodies = [:]
        }
    }

    private var currentEditorAnnouncement: String? {
        editorAnnounced.load(ordering: .relaxed) ? editorAnnouncement : nil
    }

    /// Replaces documents and answers every page waiting on what changed;
    /// returns how many pages were answered.
    @discardableResult
    func publish(changed: [PublishedDocument], removed: [String], images: [String: ServedImage]?, version: Int) -> Int {
        var answers: [(PendingResponse, HTTPResponse)] = []
        state.withLock { state in
            for document in changed {
                // Kept only where a page is waiting: those are the versions
                // pages show, and a folder-wide change keeps no second copy.
                state.previousDocuments[document.id] = state.hub.hasWaiters(on: .document(document.id)) ? state.snapshot.documents[document.id] : nil
                state.snapshot.documents[document.id] = document
            }
            for id in removed {
                state.snapshot.documents[id] = nil
                state.bodies[id] = nil
                state.previousDocuments[id] = nil
                state.patchBodies[id] = nil
            }
            if let images { state.snapshot.images = images }
            let indexChanged = state.snapshot.version != version
            state.snapshot.version = version
            if indexChanged { state.indexBody = nil }
            for document in changed {
                for waiter in state.hub.publish(.document(document.id)) {
                    answers.append((waiter.pending, documentResponse(document, for: waiter.since, acceptsPatch: waiter.acceptsPatch, &state)))
                }
            }
            for id in removed {
                let response = Publisher.removedResponse(boot: boot, id: id)
                answers += state.hub.publish(.document(id)).map { ($0.pending, response) }
            }
            if indexChanged {
                let waiters = state.hub.publish(.index)
                if !waiters.isEmpty {
                    let response = Publisher.jsonResponse(indexBody(&state))
                    answers += waiters.map { ($0.pending, response) }
                }
            }
        }
        for (pending, response) in answers { pending.resume(with: response) }
        if answers.count >= Publisher.manyAnswers { scheduleMemoryTrim() }
        return answers.count
    }

    /// After this many answers at once, memory is handed back once they are sent.
    private static let manyAnswers = 100

    /// Hands the memory of a big burst of answers back to the system a
    /// second later (glibc keeps freed memory in its arenas otherwise); runs
    /// only after such bursts, never while idle.
    private func scheduleMemoryTrim() {
        let due = state.withLock { state -> Bool in
            guard !state.trimScheduled else { return false }
            state.trimScheduled = true
            return true
        }
        guard due else { return }
        timerQueue.asyncAfter(deadline: .now() + 1) { [weak self] in
            self?.state.withLock { $0.trimScheduled = false }
            HTTPServer.releaseFreeMemory()
        }
    }

    /// Answers at once when `since` differs from the topic's version; else
    /// parks the request until it changes or `wait` seconds pass. A page
    /// that `acceptsPatch` is answered with a patch from `since` when it can be.
    func reply(topic: PollTopic, since: Int?, acceptsPatch: Bool = false, wait: Double) -> HTTPReply {
        let (current, version) = state.withLock { currentResponse(topic, since: since, acceptsPatch: acceptsPatch, &$0) }
        guard let since, since == version else { return .now(current) }
        return .later { [self] pending in
            let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
            let answerNow: HTTPResponse? = state.withLock { state in
                let (response, version) = currentResponse(topic, since: since, acceptsPatch: acceptsPatch, &state)
                if version != since { return response }
                state.hub.park(PollWaiter(pending: pending, since: since, acceptsPatch: acceptsPatch), on: topic, until: deadline)
                if state.timerDeadline.map({ deadline < $0 }) ?? true {
                    state.timerDeadline = deadline
                    schedule(deadline)
                }
                return nil
            }
            if let answerNow { pending.resume(with: answerNow) }
        }
    }

    /// Answers every parked request with the current state, for shutdown.
    func answerAll() {
        let answers = state.withLock { state in
            state.hub.drain().map { topic, waiter in (waiter.pending, currentResponse(topic, &state).response) }
        }
        for (pending, response) in answers { pending.resume(with: response) }
    }

    private func currentResponse(_ topic: PollTopic, since: Int? = nil, acceptsPatch: Bool = false, _ state: inout State) -> (response: HTTPResponse, version: Int?) {
        switch topic {
        case .index:
            return (Publisher.jsonResponse(indexBody(&state)), state.snapshot.version)
        case .document(let id):
            guard let document = state.snapshot.documents[id] else { return (Publisher.removedResponse(boot: boot, id: id), nil) }
            return (documentResponse(document, for: since, acceptsPatch: acceptsPatch, &state), document.version)
        }
    }

    private func schedule(_ deadline: ContinuousClock.Instant) {
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(50))
    }

    private func expireDeadlines() {
        let answers = state.withLock { state in
            let expired = state.hub.expire(now: ContinuousClock.now)
            state.timerDeadline = state.hub.nextDeadline
            if let next = state.timerDeadline { schedule(next) }
            return expired.map { topic, waiter in
                (waiter.pending, currentResponse(topic, since: waiter.since, acceptsPatch: waiter.acceptsPatch, &state).response)
            }
        }
        for (pending, response) in answers { pending.resume(with: response) }
    }

    // MARK: - Bodies

    static func jsonResponse(_ body: SharedBody, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")] + SecurityHeaders.all, body: body)
    }

    /// The answer for a page that has version `since`: a patch from it when
    /// the page accepts one and `since` is the version just before this one.
    private func documentResponse(_ document: PublishedDocument, for since: Int?, acceptsPatch: Bool, _ state: inout State) -> HTTPResponse {
        if acceptsPatch, since == document.version {
            // A held poll that timed out: the page has this version already.
            return Publisher.jsonResponse(SharedBody("{\"boot\":\(JSONText.quoted(boot)),\"id\":\(JSONText.quoted(document.id)),\"version\":\(document.version),\"unchanged\":true}"))
        }
        guard acceptsPatch, let since,
              let previous = state.previousDocuments[document.id], previous.version == since else {
            return documentResponse(document, &state)
        }
        if let cached = state.patchBodies[document.id], cached.version == document.version {
            return Publisher.jsonResponse(cached.body)
        }
        let body = document.body(boot: boot, editor: currentEditorAnnouncement, patch: DocumentPatch.json(from: previous, to: document))
        state.patchBodies[document.id] = (document.version, body)
        return Publisher.jsonResponse(body)
    }

    private func documentResponse(_ document: PublishedDocument, _ state: inout State) -> HTTPResponse {
        if let cached = state.bodies[document.id], cached.version == document.version {
            return Publisher.jsonResponse(cached.body)
        }
        let body = document.body(boot: boot, editor: currentEditorAnnouncement)
        state.bodies[document.id] = (document.version, body)
        return Publisher.jsonResponse(body)
    }

    static func removedResponse(boot: String, id: String) -> HTTPResponse {
        jsonResponse(SharedBody("{\"boot\":\(JSONText.quoted(boot)),\"id\":\(JSONText.quoted(id)),\"removed\":true}"), status: 404)
    }

    private func indexBody(_ state: inout State) -> SharedBody {
        if let body = state.indexBody { return body }
        let documents = state.snapshot.documents.values.sorted { ($0.path, $0.item ?? -1) < ($1.path, $1.item ?? -1) }
        var json = "{\"boot\":\(JSONText.quoted(boot)),\"version\":\(state.snapshot.version),\"documents\":["
        json += documents.map(\.summaryJSON).joined(separator: ",")
        let body = SharedBody(json + "]}")
        state.indexBody = body
        return body
    }
}
