import Dispatch
import GalleyCore
import GalleyServer
import GalleySystem
import Synchronization

/// Carries out the long-poll protocol (`LongPollState`) for libmicrohttpd:
/// holds the connections it parks, runs its deadline timer, and turns its
/// answers into response bodies, each made once and shared by every page
/// that gets it.
///
/// One lock covers the protocol state, and with it the daemon's one table
/// of published documents, so a poll can never park just after the change
/// it waits for was published. What a body holds is decided under it; the
/// body is made after it is let go (`MadeOnce`), by the first page that
/// needs it, so no poll and no save waits for another's body.
final class Publisher: @unchecked Sendable {
    /// An answer's body, made by the first page that needs it.
    typealias Body = MadeOnce<Closure<HTTPResponse>>

    private struct State {
        var protocolState = LongPollState<PublishedDocument, PendingResponse>()
        var images: [String: ServedImage] = [:]
        /// The document list of the version last asked for, made when first
        /// asked for after a change, so a save costs the same however many
        /// documents there are. Each answer is kept as the response itself,
        /// not only its body, so that a thousand pages share one
        /// libmicrohttpd response too.
        var documentList: (version: Int, list: MadeOnce<Closure<DocumentList>>)?
        /// Whole-document answers by id, for their current version.
        var bodies: [DocumentID: (version: Int, response: Body)] = [:]
        /// Patch answers from the kept previous version to the current one.
        var patchBodies: [DocumentID: (version: Int, response: Body)] = [:]
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
    private let timer: any DispatchSourceTimer
    /// Where each new problem is printed once; nil prints none.
    private let problems: ProblemLog?
    private let memoryTrim: MemoryTrim

    /// Whether phones are served (`serve --lan`), as the index says.
    private let servesPhones: Bool

    init(
        boot: String, editorAnnouncement: JSONFragment? = nil, announced: Bool = true, servesPhones: Bool = false,
        problems: ProblemLog? = nil, memoryTrim: MemoryTrim = MemoryTrim()
    ) {
        self.boot = boot
        self.servesPhones = servesPhones
        self.problems = problems
        self.memoryTrim = memoryTrim
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

    /// The document published as `id`, if any.
    func document(_ id: DocumentID) -> PublishedDocument? { state.withLock { $0.protocolState.documents[id]?.value } }

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
    /// `leftovers` (what the change replaced in the workspace) are let go of
    /// with the versions it displaces here (`OldRenderings`). Returns how
    /// many pages were answered.
    @discardableResult
    func publish(
        changed: [PublishedDocument], removed: [DocumentID], images: [String: ServedImage]?, leftovers: Leftovers = Leftovers()
    ) -> Int {
        var displaced: [PublishedDocument] = []
        let answers = state.withLock { state in
            if let images { state.images = images }
            for id in removed {
                state.bodies[id] = nil
                state.patchBodies[id] = nil
            }
            let answers = state.protocolState.publish(changed: changed.map { ($0.id, $0) }, removed: removed, displaced: &displaced)
            return answers.map { waiter, answer in (waiter, response(to: answer, &state)) }
        }
        // A large document's bodies are made here, before the server's thread is woken: making one takes
        // milliseconds, which every other page would wait through on that thread.
        if changed.contains(where: { LargeRendering.holds(blocks: $0.renderedBlockCount) }) {
            for (_, body) in answers { _ = body.value }
        }
        // A reading, the rendering made from it and the version published of it share their blocks: the largest counts.
        let blocks = max(displaced.reduce(0) { $0 + $1.renderedBlockCount }, leftovers.blockCount)
        let replaced = (displaced, leftovers)
        let asideLater = LargeRendering.holds(blocks: blocks)
        // With no page waiting, small leftovers are let go of here, as this returns.
        Self.answer(answers, holding: asideLater ? nil : replaced)
        if asideLater { OldRenderings.freeAside(replaced) }
        problems?.record(changed: changed, removed: removed)
        memoryTrim.answered(answers.count)
        return answers.count
    }

    /// Tells the terminal, once each, and the document list which symlinks
    /// were skipped because they lead outside the content folder: nothing
    /// is skipped in silence.
    func noteSkipped(linksLeadingOutside links: [String]) {
        state.withLock { state in
            guard state.linksLeadingOutside != links else { return }
            state.linksLeadingOutside = links
            // Made again when next asked for, with them.
            state.documentList = nil
        }
        problems?.skipped(linksLeadingOutside: links)
    }

    /// Answers at once when the page is behind; else parks the request
    /// until what it waits for changes or `wait` seconds pass.
    func reply(to request: LongPollRequest, wait: Double) -> HTTPReply {
        if let now = answerNow(request) { return .now(now.value) }
        return .later { [self] pending in
            let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
            let meanwhile: Body? = state.withLock { state in
                switch state.protocolState.park(pending, for: request, until: deadline) {
                case .answer(let answer):
                    return response(to: answer, &state)
                case .parked(let setTimer):
                    if let setTimer { schedule(setTimer) }
                    return nil
                }
            }
            if let meanwhile { Self.answer([(pending, meanwhile)]) }
        }
    }

    /// The answer `request` gets at once, decided under the lock and not
    /// made yet; nil when the page must wait.
    func answerNow(_ request: LongPollRequest) -> Body? {
        state.withLock { state in
            state.protocolState.answer(to: request).map { response(to: $0, &state) }
        }
    }

    /// Answers every parked request with the current state, for shutdown.
    func answerAll() {
        let answers = state.withLock { state in
            state.protocolState.drain().map { waiter, answer in (waiter, response(to: answer, &state)) }
        }
        Self.answer(answers)
    }

    /// Resumes each waiter with its body still to make: the server's thread
    /// makes it when it sends it (once for all the pages that share it), so
    /// the thread that published goes back to sleep sooner, and a client
    /// that waits on the same CPU (an editor, a browser) gets it back sooner.
    /// The first waiter holds `leftovers` until its answer is sent.
    private static func answer(_ answers: [(PendingResponse, Body)], holding leftovers: (any Sendable)? = nil) {
        for (index, (waiter, body)) in answers.enumerated() {
            waiter.resume(with: { body.value }, holding: index == 0 ? leftovers : nil)
        }
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
        Self.answer(answers)
    }

    /// The index's words (`/api/words`): the current list's, of the documents changed after `since`, or all.
    func documentWords(since: Int?) -> HTTPResponse {
        // Decided under the lock, made (or waited for) outside it, as every other body.
        let list = state.withLock { state in documentList(at: state.protocolState.indexVersion, &state) }
        return list.value.words(since: since)
    }

    // MARK: - Bodies

    /// The body of `answer`: the one made or being made for its version, or
    /// one to make, holding what it is made from. Called under the lock; makes nothing.
    private func response(to answer: LongPollAnswer<PublishedDocument>, _ state: inout State) -> Body {
        switch answer {
        case .index(let version):
            let list = documentList(at: version, &state)
            return MadeOnce(Closure { list.value.response })
        case .whole(let id, let document):
            if let cached = state.bodies[id], cached.version == document.version { return cached.response }
            let (boot, editor) = (boot, currentEditorAnnouncement)
            let response = MadeOnce(
                Closure {
                    HTTPResponse.json(document.value.json(boot: boot, version: document.version, editor: editor))
                })
            state.bodies[id] = (document.version, response)
            return response
        case .patch(let id, let base, let document):
            if let cached = state.patchBodies[id], cached.version == document.version { return cached.response }
            let (boot, editor) = (boot, currentEditorAnnouncement)
            let response = MadeOnce(
                Closure {
                    HTTPResponse.json(document.value.json(boot: boot, version: document.version, editor: editor, patchFrom: base))
                })
            state.patchBodies[id] = (document.version, response)
            return response
        case .unchanged(let id, let version):
            var json = JSONWriter()
            json.beginObject()
            json.field("boot", boot)
            json.field("id", id.rawValue)
            json.field("version", version)
            json.field("unchanged", true)
            json.endObject()
            return MadeOnce(made: HTTPResponse.json(json))
        case .removed(let id):
            return MadeOnce(made: Publisher.removedResponse(boot: boot, id: id))
        }
    }

    /// The document list at `version`, made from the one before it when
    /// that one was made; the table it lists is let go of once it is made.
    private func documentList(at version: Int, _ state: inout State) -> MadeOnce<Closure<DocumentList>> {
        if let current = state.documentList, current.version == version { return current.list }
        let (boot, servesPhones, memoryTrim) = (boot, servesPhones, memoryTrim)
        // The list before is asked whether it was made only outside the lock: it may be being made now.
        let (documents, links, last) = (state.protocolState.documents, state.linksLeadingOutside, state.documentList?.list)
        let list = MadeOnce(
            Closure {
                let list = DocumentList(
                    boot: boot, version: version, documents: Array(documents.values), servesPhones: servesPhones,
                    linksLeadingOutside: links, after: last?.valueIfMade)
                memoryTrim.madeList(wordsCollected: list.wordsCollected, bytes: list.response.body.count + list.wordsResponse.body.count)
                return list
            })
        state.documentList = (version, list)
        return list
    }

    static func removedResponse(boot: String, id: DocumentID) -> HTTPResponse {
        var json = JSONWriter()
        json.beginObject()
        json.field("boot", boot)
        json.field("id", id.rawValue)
        json.field("removed", true)
        json.endObject()
        return HTTPResponse.json(json, status: 404)
    }
}

extension Publisher: PublishedDocuments {
    func published(_ ids: [DocumentID]) -> [PublishedDocument?] {
        state.withLock { state in ids.map { state.protocolState.documents[$0]?.value } }
    }

    var allPublished: [PublishedDocument] { documents }

    var publishedCount: Int { state.withLock { $0.protocolState.documents.count } }
}
