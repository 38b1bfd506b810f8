import GalleyCore

/// What a change to the workspace gives the publisher: the documents whose
/// pages would look different, those gone, and the served files when any
/// changed.
struct WorkspaceChanges {
    var changed: [PublishedDocument] = []
    var removed: [DocumentID] = []
    var images: [String: ServedImage]?
    /// What the changes replaced, for the caller to let go of once pages are answered.
    var retired = Leftovers()

    var isEmpty: Bool { changed.isEmpty && removed.isEmpty && images == nil }

    /// These changes followed by `later` ones, as one.
    mutating func append(_ later: WorkspaceChanges) {
        // Most saves are appended to no changes: nothing to replace.
        if !changed.isEmpty || !removed.isEmpty {
            let replaced = Set(later.changed.map { $0.id }).union(later.removed)
            changed.removeAll { replaced.contains($0.id) }
            removed.removeAll { replaced.contains($0) }
        }
        changed += later.changed
        removed += later.removed
        images = later.images ?? images
        retired.append(later.retired)
    }
}

/// Where a save is published from: every document as pages get it, and
/// what changed since the workspace last handed its changes over.
///
/// Under `serve` the documents are the publisher's (`PublishedDocuments`):
/// the outbox holds a document only from when it is published here until
/// the publisher has it, so that the daemon keeps each document once.
/// Elsewhere (`check`, `render`) it holds them all.
struct Outbox {
    /// Documents published (or, as nil, removed) here that `publisher` does
    /// not hold yet; without a publisher, every document.
    private var unpublished: [DocumentID: PublishedDocument?] = [:]
    private var publisher: (any PublishedDocuments)?
    private var changed: Set<DocumentID> = []
    private var removed: Set<DocumentID> = []
    private var imagesChanged = false
    private var retired = Leftovers()
    private var followSerial = 0

    /// Reads documents from `publisher` once it has them, and lets go of its own copies.
    mutating func hand(to publisher: any PublishedDocuments) {
        self.publisher = publisher
        releasePublished()
    }

    subscript(id: DocumentID) -> PublishedDocument? {
        if let entry = unpublished[id] { return entry }
        return publisher?.document(id)
    }

    /// How many documents are published.
    var count: Int {
        guard let publisher else { return unpublished.count }
        let ids = Array(unpublished.keys)
        let held = publisher.published(ids)
        return zip(ids, held).reduce(publisher.publishedCount) { count, pair in
            switch (unpublished[pair.0] ?? nil, pair.1) {
            case (.some, nil): count + 1
            case (nil, .some): count - 1
            default: count
            }
        }
    }

    /// How many documents the outbox itself holds: those the publisher does not have yet.
    var heldCount: Int { unpublished.count }

    /// Every document, by path and item.
    var allDocuments: [PublishedDocument] {
        let published = (publisher?.allPublished ?? []).filter { unpublished[$0.id] == nil }
        return (published + unpublished.values.compactMap { $0 }).sorted { ($0.path, $0.item ?? -1) < ($1.path, $1.item ?? -1) }
    }

    /// The problems documents `ids` show that are in the file at `path`, each
    /// once; not those of a last good reading, whose lines may hold other text
    /// now (an editor shows each problem at a line of the text it holds).
    func diagnostics(of ids: [DocumentID], inFile path: RelativePath) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return ids.compactMap { self[$0] }.flatMap { $0.diagnostics.filter { !$0.fromLastGoodReading }.map(\.diagnostic) }
            .filter { $0.path == path && seen.insert($0).inserted }
    }

    /// Every problem every document shows, and `others`, each once.
    func allDiagnostics(adding others: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return (allDocuments.flatMap { $0.diagnostics.map(\.diagnostic) } + others).filter { seen.insert($0).inserted }
    }

    /// Publishes `document` (new, or a new version of it).
    mutating func publish(_ document: PublishedDocument) {
        let id = document.id
        unpublished[id] = document
        changed.insert(id)
        removed.remove(id)
    }

    /// Tells pages that document `id` is gone, if they had it.
    mutating func remove(_ id: DocumentID) {
        guard self[id] != nil else { return }
        if isHeldByPublisher(id) {
            unpublished.updateValue(nil, forKey: id)
        } else {
            unpublished.removeValue(forKey: id)
        }
        removed.insert(id)
        changed.remove(id)
    }

    private func isHeldByPublisher(_ id: DocumentID) -> Bool {
        publisher?.document(id) != nil
    }

    /// Publishes documents `ids` again, asking pages that follow the editor
    /// to show the block at `line`.
    mutating func follow(line: Int, in ids: [DocumentID]) {
        followSerial += 1
        for id in ids {
            guard var document = self[id] else { continue }
            document.follow = PublishedDocument.Follow(line: line, serial: followSerial)
            publish(document)
        }
    }

    /// Of `documents`, published here since the last hand-over, those that look as pages have them are taken back
    /// (a read-ahead undone: rendered again as they were): pages are told nothing of them. Returns the rest.
    mutating func withdrawUnchanged(_ documents: [PublishedDocument]) -> [PublishedDocument] {
        guard let publisher else { return documents }
        return documents.filter { document in
            guard let theirs = publisher.document(document.id), !document.looksDifferent(from: theirs) else { return true }
            unpublished.removeValue(forKey: document.id)
            return false
        }
    }

    /// The served files changed: pages get the new list.
    mutating func noteImagesChanged() {
        imagesChanged = true
    }

    /// A rendering replaced by a newer one, to free once pages are answered.
    mutating func retire(_ rendering: LastRendering) {
        retired.add(rendering)
    }

    /// What changed since the last call; `images` is every served file now;
    /// `replacedReadings` are let go of with the replaced renderings.
    mutating func takeChanges(images: [String: ServedImage], replacedReadings: [FileSnapshot]) -> WorkspaceChanges {
        defer {
            changed = []
            removed = []
            imagesChanged = false
            retired = Leftovers()
        }
        for reading in replacedReadings { retired.add(reading) }
        return WorkspaceChanges(
            changed: changed.compactMap { self[$0] }, removed: Array(removed), images: imagesChanged ? images : nil,
            retired: retired)
    }

    /// Lets go of the documents the publisher now holds as they are here:
    /// once it published the changes handed over.
    mutating func releasePublished() {
        guard let publisher, !unpublished.isEmpty else { return }
        let ids = Array(unpublished.keys)
        for (id, held) in zip(ids, publisher.published(ids)) {
            switch (unpublished[id] ?? nil, held) {
            case (nil, nil): unpublished.removeValue(forKey: id)
            case (let mine?, let theirs?) where mine.isSame(as: theirs): unpublished.removeValue(forKey: id)
            default: continue
            }
        }
    }
}
