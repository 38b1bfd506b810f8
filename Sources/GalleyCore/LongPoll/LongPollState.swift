/// The long-poll protocol as a value that does no I/O: which version of
/// each document and of the document list is current, which previous version
/// is kept for patches, who waits for what until when, and what each page is
/// answered with.
///
/// The server takes the current time, asks, and carries the returned answers
/// out; nothing here blocks, reads a clock or touches a socket.
public struct LongPollState<Document, Waiter> {
    // Public, with its methods inlinable, so that the app's copy of them is
    // specialised for its document and waiter types: Swift specialises another
    // module's generic code only for public types (a package type's inlinable
    // body is not), and unspecialised, every table operation of a save went
    // through generic dictionaries and looked their type metadata up at run
    // time. What the methods touch is internal and `@usableFromInline`; the
    // types they name (ids, requests, answers) are public for the same reason.
    @usableFromInline struct Parked {
        @usableFromInline var ticket: Int
        @usableFromInline var waiter: Waiter
        @usableFromInline var request: LongPollRequest
        @usableFromInline var deadline: ContinuousClock.Instant

        @inlinable init(ticket: Int, waiter: Waiter, request: LongPollRequest, deadline: ContinuousClock.Instant) {
            self.ticket = ticket
            self.waiter = waiter
            self.request = request
            self.deadline = deadline
        }
    }

    /// Every published document with the version it was published as: the
    /// daemon's one table of them, which the workspace reads back rather
    /// than keeping its own.
    @inlinable package var documents: [DocumentID: Versioned<Document>] { versions }
    @usableFromInline var versions: [DocumentID: Versioned<Document>] = [:]
    /// Documents' versions before their latest, kept only where the document
    /// was in view when the latest came: the base its pages patch from.
    @usableFromInline var previous: [DocumentID: Versioned<Document>] = [:]
    /// Documents whose latest version somebody was given since it was
    /// published. With those a page waits for, they are the documents in
    /// view: a page given version V asks again from V, and if the next
    /// version comes before it asks (keystrokes from an editor come that
    /// fast), it is still told a patch, not the whole document.
    @usableFromInline var shown: Set<DocumentID> = []
    /// The version of the document list: the latest of any change or removal.
    @inlinable package var indexVersion: Int { latestVersion }
    @usableFromInline var latestVersion = 0
    @usableFromInline var waiting: [LongPollTopic: [Parked]] = [:]
    @usableFromInline var nextTicket = 0
    /// When the one timer that serves every deadline fires, if it is set.
    @usableFromInline var timerDeadline: ContinuousClock.Instant?

    @inlinable package init() {}

    /// How many requests are held.
    @inlinable package var parkedCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// The answer `request` gets now, or nil when the page is up to date and
    /// must wait for a change.
    @inlinable
    package mutating func answer(to request: LongPollRequest) -> LongPollAnswer<Document>? {
        switch request.topic {
        case .index:
            return request.since == indexVersion ? nil : .index(version: indexVersion)
        case .document(let id):
            guard let current = documents[id] else { return .removed(id: id) }
            if request.since == current.version { return nil }
            shown.insert(id)
            return newer(current, id: id, for: request)
        }
    }

    /// Holds `waiter` until what it asked for changes or `deadline` passes.
    /// Answers at once instead when a change came since `answer(to:)` said
    /// to wait.
    @inlinable
    package mutating func park(_ waiter: Waiter, for request: LongPollRequest, until deadline: ContinuousClock.Instant) -> ParkOutcome<
        Document
    > {
        if let answer = answer(to: request) { return .answer(answer) }
        waiting[request.topic, default: []].append(Parked(ticket: nextTicket, waiter: waiter, request: request, deadline: deadline))
        nextTicket += 1
        guard timerDeadline.map({ deadline < $0 }) ?? true else { return .parked(setTimer: nil) }
        timerDeadline = deadline
        return .parked(setTimer: deadline)
    }

    /// Takes in a round of changes, gives each changed document its version,
    /// and returns the waiters to answer, in the order they arrived per topic.
    /// The versions it no longer keeps are put in `displaced`, for the caller
    /// to let go of once the answers are out: freed here, under the lock every
    /// page waits for, a 1 MB RTF's old rendering held up its pages (4 % of a save, perf).
    @inlinable
    package mutating func publish(
        changed: [(id: DocumentID, document: Document)], removed: [DocumentID],
        displaced: inout [Document]
    ) -> [(waiter: Waiter, answer: LongPollAnswer<Document>)] {
        var version = indexVersion
        var changedIDs: [DocumentID] = []
        // Sorting positions by id touches no document; sorting the pairs
        // copied every document several times (9% of a start-up with 10,000 files).
        // A closure, not a key path: a key path into a generic type's
        // values is instantiated again at run time on every call.
        let ids = changed.map { $0.id }
        versions.reserveCapacity(versions.count + changed.count)
        for index in ids.indices.sorted(by: { ids[$0] < ids[$1] }) {
            let (id, document) = changed[index]
            version += 1
            // A folder-wide change keeps no second copy of documents nobody looks at.
            let isInView = waiting[.document(id)] != nil || shown.remove(id) != nil
            if let dropped = previous.removeValue(forKey: id) { displaced.append(dropped.value) }
            let replaced = versions.updateValue(Versioned(document, version: version), forKey: id)
            if isInView {
                previous[id] = replaced
            } else if let replaced {
                displaced.append(replaced.value)
            }
            changedIDs.append(id)
        }
        var removedIDs: [DocumentID] = []
        for id in removed {
            guard let gone = versions.removeValue(forKey: id) else { continue }
            displaced.append(gone.value)
            version += 1
            if let dropped = previous.removeValue(forKey: id) { displaced.append(dropped.value) }
            shown.remove(id)
            removedIDs.append(id)
        }
        var answers: [(waiter: Waiter, answer: LongPollAnswer<Document>)] = []
        // Most documents have no page waiting (none do at start-up): only
        // theirs are looked up again, and copied, here.
        for id in changedIDs where waiting[.document(id)] != nil {
            guard let current = versions[id] else { continue }
            for parked in waiting.removeValue(forKey: .document(id)) ?? [] {
                answers.append((parked.waiter, newer(current, id: id, for: parked.request)))
                shown.insert(id)
            }
        }
        for id in removedIDs {
            for parked in waiting.removeValue(forKey: .document(id)) ?? [] {
                answers.append((parked.waiter, .removed(id: id)))
            }
        }
        if version != indexVersion {
            latestVersion = version
            for parked in waiting.removeValue(forKey: .index) ?? [] {
                answers.append((parked.waiter, .index(version: version)))
            }
        }
        return answers
    }

    /// Answers the waiters whose deadline is at or before `now`: a page that
    /// takes patches hears `unchanged`, any other gets the whole answer.
    @inlinable
    package mutating func expire(now: ContinuousClock.Instant) -> (
        answers: [(waiter: Waiter, answer: LongPollAnswer<Document>)], setTimer: ContinuousClock.Instant?
    ) {
        var answers: [(waiter: Waiter, answer: LongPollAnswer<Document>)] = []
        for (topic, parked) in waiting {
            let (due, later) = (parked.filter { $0.deadline <= now }, parked.filter { $0.deadline > now })
            waiting[topic] = later.isEmpty ? nil : later
            for entry in due { answers.append((entry.waiter, timedOut(entry.request))) }
            // Pages told their version is still the latest go on showing it.
            if !due.isEmpty, case .document(let id) = topic, documents[id] != nil { shown.insert(id) }
        }
        timerDeadline = waiting.values.lazy.flatMap { $0.lazy.map(\.deadline) }.min()
        return (answers, timerDeadline)
    }

    /// Answers every waiter with what is current, for shutdown.
    @inlinable
    package mutating func drain() -> [(waiter: Waiter, answer: LongPollAnswer<Document>)] {
        let all = waiting.values.joined().sorted { $0.ticket < $1.ticket }
        waiting = [:]
        timerDeadline = nil
        return all.map { entry in
            var request = entry.request
            request.since = nil
            request.acceptsPatch = false
            return (entry.waiter, timedOut(request))
        }
    }

    /// What a page that has `request.since` gets of a newer `current`: a patch
    /// when it takes one and has the version kept as the base, else the whole.
    @inlinable
    func newer(_ current: Versioned<Document>, id: DocumentID, for request: LongPollRequest) -> LongPollAnswer<Document> {
        if request.acceptsPatch, let since = request.since, let base = previous[id], base.version == since {
            return .patch(id: id, from: base, to: current)
        }
        return .whole(id: id, current)
    }

    @inlinable
    func timedOut(_ request: LongPollRequest) -> LongPollAnswer<Document> {
        switch request.topic {
        case .index:
            return .index(version: indexVersion)
        case .document(let id):
            guard let current = documents[id] else { return .removed(id: id) }
            if request.acceptsPatch, request.since == current.version { return .unchanged(id: id, version: current.version) }
            return newer(current, id: id, for: request)
        }
    }
}
