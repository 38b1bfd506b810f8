import GalleyCore

/// What a change to the workspace gives the publisher: the documents whose
/// pages would look different, those gone, and the served files when any
/// changed.
struct WorkspaceChanges {
    var changed: [PublishedDocument] = []
    var removed: [String] = []
    var images: [String: ServedImage]?
    /// What the changes replaced, for the caller to let go of once pages are answered.
    var retired = Leftovers()

    var isEmpty: Bool { changed.isEmpty && removed.isEmpty && images == nil }

    /// These changes followed by `later` ones, as one.
    mutating func append(_ later: WorkspaceChanges) {
        let replaced = Set(later.changed.map(\.id)).union(later.removed)
        changed = changed.filter { !replaced.contains($0.id) } + later.changed
        removed = removed.filter { !replaced.contains($0) } + later.removed
        images = later.images ?? images
        retired.append(later.retired)
    }
}

/// Where a save is published from: every document as pages get it, and
/// what changed since the workspace last handed its changes over.
struct Outbox {
    private(set) var published: [String: PublishedDocument] = [:]
    private var changed: Set<String> = []
    private var removed: Set<String> = []
    private var imagesChanged = false
    private var retired = Leftovers()
    private var followSerial = 0

    subscript(id: String) -> PublishedDocument? {
        published[id]
    }

    /// Every document, by path and item.
    var allDocuments: [PublishedDocument] {
        published.values.sorted { ($0.path, $0.item ?? -1) < ($1.path, $1.item ?? -1) }
    }

    /// The problems documents `ids` show that are in the file at `path`, each
    /// once; not those of a last good reading, whose lines may hold other text
    /// now (an editor shows each problem at a line of the text it holds).
    func diagnostics(of ids: [String], inFile path: String) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return ids.compactMap { published[$0] }.flatMap { $0.diagnostics.filter { !$0.fromLastGoodReading }.map(\.diagnostic) }
            .filter { $0.path == path && seen.insert($0).inserted }
    }

    /// Every problem every document shows, and `others`, each once.
    func allDiagnostics(adding others: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return (allDocuments.flatMap { $0.diagnostics.map(\.diagnostic) } + others).filter { seen.insert($0).inserted }
    }

    /// Publishes `document` (new, or a new version of it).
    mutating func publish(_ document: PublishedDocument) {
        published[document.id] = document
        changed.insert(document.id)
        removed.remove(document.id)
    }

    /// Tells pages that document `id` is gone, if they had it.
    mutating func remove(_ id: String) {
        guard published.removeValue(forKey: id) != nil else { return }
        removed.insert(id)
        changed.remove(id)
    }

    /// Publishes documents `ids` again, asking pages that follow the editor
    /// to show the block at `line`.
    mutating func follow(line: Int, in ids: [String]) {
        followSerial += 1
        for id in ids {
            guard var document = published[id] else { continue }
            document.follow = PublishedDocument.Follow(line: line, serial: followSerial)
            publish(document)
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
        return WorkspaceChanges(changed: changed.compactMap { published[$0] }, removed: Array(removed), images: imagesChanged ? images : nil, retired: retired)
    }
}
