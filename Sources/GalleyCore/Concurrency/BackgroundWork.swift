/// The readings of large files and the renderings of their documents that
/// run off the workspace's queue, as a value that does no I/O: it hands out
/// tickets, knows what is in flight, and says what to do with work that
/// comes back (take it, read again, drop it) and whether a file is settled.
///
/// One counter serves every ticket: a reading or rendering that comes back
/// is taken in only when it is still the newest of its file or document,
/// so a file saved again or removed while it was read is never taken in
/// stale, and a burst of keystrokes into a large file spends the lane on its
/// last text, not on every one.
package struct BackgroundWork: Sendable {
    private var lastTicket = 0
    /// Readings out, by the file whose bytes they read, with their tickets.
    private var readings: [RelativePath: Int] = [:]
    /// Files saved again while read aside: read again when that reading is back.
    private var rereads: [RelativePath: ContentFile] = [:]
    /// The newest rendering started of each document, in place or aside.
    private var renderings: [DocumentID: Int] = [:]
    /// How many renderings of each document are out aside.
    private var renderingsOut: [DocumentID: Int] = [:]
    /// Documents whose rendering aside came back while a newer reading of
    /// their file was out: that reading renders them again, changed or not.
    private var dropped: Set<DocumentID> = []
    /// Answers held until the work on a file is back, by number, with the file.
    private var heldAnswers: [Int: RelativePath] = [:]

    package init() {}

    // MARK: - Readings

    /// Starts a reading of `file` aside; its ticket, or nil when one is out
    /// already: `file` is then read again when that one is back.
    package mutating func startReading(_ file: ContentFile) -> Int? {
        guard readings[file.sourcePath] == nil else {
            rereads[file.sourcePath] = file
            return nil
        }
        return startTicket(reading: file.sourcePath)
    }

    /// What to do with a reading that came back.
    package enum ReadingBack: Equatable, Sendable {
        /// Take it in, and render aside its documents with it, and the ones
        /// among `documents` whose rendering was dropped meanwhile.
        case take(renderAgain: Set<DocumentID>)
        /// Keep it for the next reading to resume from, but show nothing:
        /// the file was saved again meanwhile, and is read again with `ticket`.
        case readAgain(ContentFile, ticket: Int)
        /// Drop it: the file went away or the config changed.
        case drop
    }

    /// Answers a reading of `file` with `ticket` that came back; `documents`
    /// are the documents the file held when it was sent.
    package mutating func readingBack(_ file: ContentFile, ticket: Int, documents: [DocumentID]) -> ReadingBack {
        guard readings[file.sourcePath] == ticket else { return .drop }
        readings[file.sourcePath] = nil
        if let again = rereads.removeValue(forKey: file.sourcePath) {
            return .readAgain(again, ticket: startTicket(reading: again.sourcePath))
        }
        let renderAgain = dropped.intersection(documents)
        dropped.subtract(renderAgain)
        return .take(renderAgain: renderAgain)
    }

    /// Forgets the reading out of the file at `sourcePath`: when it comes
    /// back, it is of no use (the file was removed or read in place).
    package mutating func forgetReading(of sourcePath: RelativePath) {
        readings[sourcePath] = nil
        rereads[sourcePath] = nil
    }

    /// Forgets every reading out (the config changed how every file reads).
    package mutating func forgetReadings() {
        readings = [:]
        rereads = [:]
    }

    /// Whether a reading of the file at `sourcePath` is out.
    package func isReading(_ sourcePath: RelativePath) -> Bool {
        readings[sourcePath] != nil
    }

    private mutating func startTicket(reading sourcePath: RelativePath) -> Int {
        lastTicket += 1
        readings[sourcePath] = lastTicket
        return lastTicket
    }

    // MARK: - Renderings

    /// Notes a rendering of `id` made in place: one out aside is now stale.
    package mutating func renderInPlace(_ id: DocumentID) {
        lastTicket += 1
        renderings[id] = lastTicket
    }

    /// Starts a rendering of `id` aside; returns its ticket.
    package mutating func startRendering(_ id: DocumentID) -> Int {
        lastTicket += 1
        renderings[id] = lastTicket
        renderingsOut[id, default: 0] += 1
        return lastTicket
    }

    /// What to do with a rendering that came back.
    package enum RenderingBack: Equatable, Sendable {
        /// Publish it: it is the document as it is now.
        case publish
        /// Drop it: a newer reading of its file is out, and renders it again when back.
        case dropForReading
        /// Drop it: a newer rendering started, or the document is gone.
        case drop
    }

    /// Answers a rendering of `id` with `ticket` that came back; `sourcePath`
    /// is the file its document is read from now.
    package mutating func renderingBack(_ id: DocumentID, ticket: Int, readFrom sourcePath: RelativePath?) -> RenderingBack {
        renderingsOut[id] = renderingsOut[id].flatMap { $0 > 1 ? $0 - 1 : nil }
        guard renderings[id] == ticket else { return .drop }
        if let sourcePath, readings[sourcePath] != nil {
            dropped.insert(id)
            return .dropForReading
        }
        return .publish
    }

    /// Forgets a document that is gone: a rendering of it that comes back is dropped.
    package mutating func forget(_ id: DocumentID) {
        renderings[id] = nil
        dropped.remove(id)
    }

    // MARK: - Held answers

    /// Holds an answer (an editor's, about the text it just sent) until the
    /// work on the file at `sourcePath` is back; returns its number.
    package mutating func holdAnswer(until sourcePath: RelativePath) -> Int {
        lastTicket += 1
        heldAnswers[lastTicket] = sourcePath
        return lastTicket
    }

    /// Stops holding answer `number`: it is given as things are (its
    /// patience ran out). False when it was given already.
    package mutating func releaseAnswer(_ number: Int) -> Bool {
        heldAnswers.removeValue(forKey: number) != nil
    }

    /// The files held answers wait on.
    package var filesAwaited: Set<RelativePath> { Set(heldAnswers.values) }

    /// The answers held for `settledFiles` (files now settled), in the order
    /// they were held; they are no longer held.
    package mutating func takeAnswers(settledFiles: Set<RelativePath>) -> [Int] {
        guard !heldAnswers.isEmpty, !settledFiles.isEmpty else { return [] }
        let given = heldAnswers.filter { settledFiles.contains($0.value) }.keys.sorted()
        for number in given { heldAnswers[number] = nil }
        return given
    }

    // MARK: - Settled

    /// Whether what the file at `sourcePath` holds now is taken in: no
    /// reading of it, nor rendering of `documents` (its documents), is out.
    package func isSettled(_ sourcePath: RelativePath, documents: [DocumentID]) -> Bool {
        readings[sourcePath] == nil && (renderingsOut.isEmpty || !documents.contains { renderingsOut[$0] != nil })
    }
}
