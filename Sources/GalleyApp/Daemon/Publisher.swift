import Dispatch
import GalleyCore
import GalleyServer
import Synchronization

/// Carries out the long-poll protocol (`LongPollState`) for libmicrohttpd:
/// holds the connections it parks, runs its deadline timer, and turns its
/// answers into response bodies, each built once and shared by every page
/// that gets it.
///
/// One lock covers the protocol state and the bodies, so a poll can never
/// park just after the change it waits for was published.
final class Publisher: @unchecked Sendable {
    private struct State {
        var protocolState = LongPollState<PublishedDocument, PendingResponse>()
        var images: [String: ServedImage] = [:]
        /// The document list, made when first asked for after a change, so
        /// a save costs the same however many documents there are.
        /// Each answer is kept as the response itself, not only its body, so
        /// that a thousand pages share one libmicrohttpd response too.
        var documentList: DocumentList?
        /// Whole-document answers by id, for their current version.
        var bodies: [String: (version: Int, response: HTTPResponse)] = [:]
        /// Patch answers from the kept previous version to the current one.
        var patchBodies: [String: (version: Int, response: HTTPResponse)] = [:]
        var trimScheduled = false
        var logBook = DiagnosticLogBook()
        /// Symlinks the folder's walk skipped because they lead outside it, as the document list tells.
        var linksLeadingOutside: [String] = []
    }

    let boot: String
    /// The editor link announced in document answers, when there is one.
    private let editorAnnouncement: JSONFragment
    /// Whether it is announced now: with `--editor` always, else while an
    /// editor is connected through `galley lsp`.
    private let editorAnnounced: Atomic<Bool>
    private let state = Locked(State())
    private let timerQueue = DispatchQueue(label: "galley.poll-deadlines")
    private let timer: DispatchSourceTimer
    /// Where each new error and warning is printed once; nil prints none.
    private let log: Log?
    /// Where the author sees every problem when the log tells only some.
    private let seeAllProblems: String

    /// Whether phones are served (`serve --lan`), as the index says.
    private let servesPhones: Bool

    init(boot: String, editorAnnouncement: JSONFragment? = nil, announced: Bool = true, servesPhones: Bool = false, log: Log? = nil,
         seeAllProblems: String = "galley check lists them all") {
        self.boot = boot
        self.servesPhones = servesPhones
        self.log = log
        self.seeAllProblems = seeAllProblems
        self.editorAnnouncement = editorAnnouncement ?? .null
        editorAnnounced = Atomic(announced)
        timer = DispatchSource.makeTimerSource(queue: timerQueue)
        timer.setEventHandler { [weak self] in self?.expireDeadlines() }
        timer.activate()
    }

    /// The published documents, for routes that only read them.
    var documents: [PublishedDocument] { state.withLock { $0.protocolState.documents.values.map(\.value) } }

    /// The version of the latest change published: what a page built from the folder as it is now was built for.
    var indexVersion: Int { state.withLock { $0.protocolState.indexVersion } }

    /// An image the content folder holds, by its path.
    func image(at path: String) -> ServedImage? { state.withLock { $0.images[path] } }

    /// Announces the editor link from the next answer on, or stops.
    func announceEditor(_ announced: Bool) {
        state.withLock { state in
            editorAnnounced.store(announced, ordering: .relaxed)
            state.bodies = [:]
            state.patchBodies = [:]
        }
    }

    private var currentEditorAnnouncement: JSONFragment {
        editorAnnounced.load(ordering: .relaxed) ? editorAnnouncement : .null
    }

    /// Replaces documents and answers every page waiting on what changed;
    /// returns how many pages were answered.
    @discardableResult
    func publish(changed: [PublishedDocument], removed: [String], images: [String: ServedImage]?) -> Int {
        var displaced: [PublishedDocument] = []
        let (answers, appeared) = state.withLock { state in
            if let images { state.images = images }
            for id in removed {
                state.bodies[id] = nil
                state.patchBodies[id] = nil
            }
            var appeared: [Diagnostic] = []
            if log != nil {
                for id in removed { state.logBook.remove(document: id) }
                for document in changed { appeared += state.logBook.update(document: document.id, diagnostics: document.diagnostics.map(\.diagnostic)) }
            }
            let answers = state.protocolState.publish(changed: changed.map { ($0.id, $0) }, removed: removed, displaced: &displaced).map { waiter, answer in
                (waiter, response(to: answer, &state))
            }
            return (answers, appeared)
        }
        for (pending, response) in answers { pending.resume(with: response) }
        OldRenderings.letGo(displaced, blocks: displaced.reduce(0) { $0 + $1.renderedBlockCount })
        log?.problems(appeared, seeAll: seeAllProblems)
        if answers.count >= Publisher.manyAnswers { state.withLock { scheduleMemoryTrim(&$0, after: 1) } }
        return answers.count
    }

    /// Tells the terminal, once each, and the document list which symlinks
    /// were skipped because they lead outside the content folder: nothing
    /// is skipped in silence.
    func noteSkipped(linksLeadingOutside links: [String]) {
        let new = state.withLock { state in
            guard state.linksLeadingOutside != links else { return [String]() }
            let new = links.filter { !state.linksLeadingOutside.contains($0) }
            state.linksLeadingOutside = links
            // Made again when next asked for, with them.
            state.documentList = nil
            return new
        }
        for link in new { log?.warning(SkippedLink.leadsOutside.sentence(about: link)) }
    }

    /// After this many answers at once, memory is handed back a second
    /// later, once they are sent.
    private static let manyAnswers = 100
    /// After making the document list, glibc is told to hand back what that
    /// freed (the list before, what the words were collected in), which it
    /// otherwise keeps in its arenas: with 10,000 documents and the index
    /// asked after each of 40 saves, RSS grew from 49 to 66 MiB without,
    /// and was 55–59 a second and a half after the last save with. At once after a list
    /// that collected the words of many documents (the first after
    /// start-up, on every core: 4 MB); a second later after other long
    /// lists, since a trim holds glibc's arenas for some 3–4 ms (24 ms when
    /// there is much to hand back, timed through gdb), and one a second is
    /// enough for an author who types.
    private static let manyWordsCollected = 2_000
    private static let longList = 512 * 1024

    /// Hands the memory of a big burst of answers or of a long list back to
    /// the system `delay` seconds later (glibc keeps freed memory in its
    /// arenas otherwise); runs only after such work, never while idle.
    private func scheduleMemoryTrim(_ state: inout State, after delay: Double) {
        guard !state.trimScheduled else { return }
        state.trimScheduled = true
        timerQueue.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.state.withLock { $0.trimScheduled = false }
            HTTPServer.releaseFreeMemory()
        }
    }

    /// Answers at once when the page is behind; else parks the request
    /// until what it waits for changes or `wait` seconds pass.
    func reply(to request: LongPollRequest, wait: Double) -> HTTPReply {
        // An article made when first asked for (`DeferredRendering`) is made
        // here, outside the lock every page and every save waits for.
        if case .document(let id) = request.topic, let document = state.withLock({ $0.protocolState.documents[id]?.value }) {
            _ = document.rendered
        }
        let now: HTTPResponse? = state.withLock { state in
            state.protocolState.answer(to: request).map { response(to: $0, &state) }
        }
        if let now { return .now(now) }
        return .later { [self] pending in
            let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
            let meanwhile: HTTPResponse? = state.withLock { state in
                switch state.protocolState.park(pending, for: request, until: deadline) {
                case .answer(let answer):
                    return response(to: answer, &state)
                case .parked(let setTimer):
                    if let setTimer { schedule(setTimer) }
                    return nil
                }
            }
            if let meanwhile { pending.resume(with: meanwhile) }
        }
    }

    /// Answers every parked request with the current state, for shutdown.
    func answerAll() {
        let answers = state.withLock { state in
            state.protocolState.drain().map { waiter, answer in (waiter, response(to: answer, &state)) }
        }
        for (pending, response) in answers { pending.resume(with: response) }
    }

    private func schedule(_ deadline: ContinuousClock.Instant) {
        let delay = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(0, delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)), leeway: .milliseconds(50))
    }

    private func expireDeadlines() {
        let answers = state.withLock { state in
            let (expired, setTimer) = state.protocolState.expire(now: ContinuousClock.now)
            if let setTimer { schedule(setTimer) }
            return expired.map { waiter, answer in (waiter, response(to: answer, &state)) }
        }
        for (pending, response) in answers { pending.resume(with: response) }
    }

    /// The index's words (`/api/words`): the current list's, of the documents changed after `since`, or all.
    func documentWords(since: Int?) -> HTTPResponse {
        state.withLock { state in documentList(version: state.protocolState.indexVersion, &state).words(since: since) }
    }

    // MARK: - Bodies

    private func documentList(version: Int, _ state: inout State) -> DocumentList {
        if let list = state.documentList, list.version == version { return list }
        let list = DocumentList(boot: boot, version: version, documents: Array(state.protocolState.documents.values),
                                servesPhones: servesPhones, linksLeadingOutside: state.linksLeadingOutside, after: state.documentList)
        state.documentList = list
        if list.wordsCollected >= Publisher.manyWordsCollected {
            scheduleMemoryTrim(&state, after: 0)
        } else if list.response.body.count + list.wordsResponse.body.count >= Publisher.longList {
            scheduleMemoryTrim(&state, after: 1)
        }
        return list
    }

    private func response(to answer: LongPollAnswer<PublishedDocument>, _ state: inout State) -> HTTPResponse {
        switch answer {
        case .index(let version):
            return documentList(version: version, &state).response
        case .whole(let id, let document):
            if let cached = state.bodies[id], cached.version == document.version { return cached.response }
            let response = HTTPResponse.json(document.value.json(boot: boot, version: document.version, editor: currentEditorAnnouncement))
            state.bodies[id] = (document.version, response)
            return response
        case .patch(let id, let base, let document):
            if let cached = state.patchBodies[id], cached.version == document.version { return cached.response }
            let response = HTTPResponse.json(document.value.json(boot: boot, version: document.version, editor: currentEditorAnnouncement, patchFrom: base))
            state.patchBodies[id] = (document.version, response)
            return response
        case .unchanged(let id, let version):
            var json = JSONWriter()
            json.beginObject()
            json.field("boot", boot)
            json.field("id", id)
            json.field("version", version)
            json.field("unchanged", true)
            json.endObject()
            return HTTPResponse.json(json)
        case .removed(let id):
            return Publisher.removedResponse(boot: boot, id: id)
        }
    }

    static func removedResponse(boot: String, id: String) -> HTTPResponse {
        var json = JSONWriter()
        json.beginObject()
        json.field("boot", boot)
        json.field("id", id)
        json.field("removed", true)
        json.endObject()
        return HTTPResponse.json(json, status: 404)
    }
}
