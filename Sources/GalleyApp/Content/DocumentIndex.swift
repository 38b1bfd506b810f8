import GalleyCore

/// Which files hold which documents: each document's source, the documents
/// of each file in file order, and the error a file that no longer reads
/// shows on its last good documents.
struct DocumentIndex {
    private(set) var sources: [DocumentID: DocumentSource] = [:]
    private var documentsOfFile: [DocumentPath: FileDocuments] = [:]
    private(set) var failureOfFile: [DocumentPath: Diagnostic] = [:]
    /// For each file, the first of its tagged documents to use each block
    /// kind, in the order the kinds first appear.
    private var firstUserOfKindInFile: [DocumentPath: [KindUser]] = [:]
    /// Whether a file's first users or error changed since `refreshKindsFirstUsed`.
    private var firstUsersAreStale = false
    /// How many documents' sources were compared with their last reading's
    /// here: only those of readings whose format did not say what changed.
    private(set) var sourcesCompared = 0
    /// How many blocks were looked at to find which document of its file
    /// first uses each kind: a reading that says which documents changed
    /// has only theirs looked at.
    private(set) var blocksLookedAtForKinds = 0

    /// The ids of a file's documents, in file order. Most files hold one,
    /// kept inline: as an array of one, each file's was an object of its
    /// own (with 10,000 files, 0.5 MB).
    private enum FileDocuments: Equatable {
        case one(DocumentID)
        case several([DocumentID])

        init(_ ids: [DocumentID]) {
            self = ids.count == 1 ? .one(ids[0]) : .several(ids)
        }

        var ids: [DocumentID] {
            switch self {
            case .one(let id): [id]
            case .several(let ids): ids
            }
        }

        /// The id at `position`, without making an array of one.
        func id(at position: Int) -> DocumentID? {
            switch self {
            case .one(let id): position == 0 ? id : nil
            case .several(let ids): ids.indices.contains(position) ? ids[position] : nil
            }
        }
    }

    /// The first document of a file to use a block kind, by where it stands
    /// among the file's documents. A file uses a handful of kinds: a short
    /// list costs less to build and compare at every reading than the
    /// dictionary it replaced, and positions less than ids (with 10,000
    /// files, the lists were 1.6 MB).
    private struct KindUser: Equatable {
        let kind: KindName
        let position: Int
    }

    /// What taking in a reading did to the documents.
    struct Update {
        /// Documents the file no longer holds.
        var removed: [DocumentID] = []
        /// Documents whose source or error changed.
        var changed: [DocumentID] = []
    }

    /// The ids of the documents `path` holds, in file order.
    func documentIDs(ofFile path: DocumentPath) -> [DocumentID] {
        documentsOfFile[path]?.ids ?? []
    }

    /// Replaces the documents of `path` with what was read; a failure keeps
    /// the last good ones and adds its diagnostic; nil (the file is gone)
    /// removes them. `changedDocuments` are the documents (by place) that
    /// the reader found changed since the reading taken in last; nil when it
    /// did not compare, and they are compared here. `isPublished` says which
    /// documents pages already have.
    mutating func integrate(
        _ path: DocumentPath, _ reading: FileReading?, changedDocuments: Set<Int>? = nil,
        isPublished: (DocumentID) -> Bool
    ) -> Update {
        guard let reading else { return Update(removed: removeDocuments(ofFile: path)) }
        switch reading {
        case .notContent:
            return Update(removed: removeDocuments(ofFile: path))
        case .failed(let diagnostic):
            let hadFailure = failureOfFile.updateValue(diagnostic, forKey: path)
            if hadFailure == nil { firstUsersAreStale = true }
            let ids = documentIDs(ofFile: path)
            if ids.isEmpty {
                // Never read well: show the file as a document holding its error.
                let placeholder = DocumentSource(
                    path: path, item: nil, document: Document(title: RelativePath.baseName(path.rawValue), kind: .tagged, blocks: []),
                    diagnostics: [])
                let id = placeholder.id
                documentsOfFile[path] = .one(id)
                sources[id] = placeholder
                return Update(changed: [id])
            }
            return Update(changed: hadFailure != diagnostic ? ids : [])
        case .documents(let documents):
            let hadFailure = failureOfFile.removeValue(forKey: path) != nil
            let newIDs = documents.map(\.id)
            var update = Update()
            let previousIDs = documentIDs(ofFile: path)
            // Most saves keep the file's items.
            let sameIDs = previousIDs == newIDs
            let stale = sameIDs ? [] : Set(previousIDs).subtracting(newIDs)
            for id in stale {
                sources[id] = nil
                update.removed.append(id)
            }
            documentsOfFile[path] = FileDocuments(newIDs)
            let earlierUsers = firstUserOfKindInFile[path]
            let users =
                if sameIDs, !hadFailure, let changedDocuments {
                    firstUsers(after: changedDocuments, of: documents, earlier: earlierUsers ?? [])
                } else {
                    firstUsers(of: documents)
                }
            if hadFailure || !sameIDs || !Self.same(earlierUsers, users) { firstUsersAreStale = true }
            firstUserOfKindInFile[path] = users
            for (position, (id, source)) in zip(newIDs, documents).enumerated() {
                let changed: Bool
                if sameIDs, let changedDocuments {
                    // The reader said: written down, not found again.
                    changed = changedDocuments.contains(position)
                    if changed { sources[id] = source }
                } else {
                    sourcesCompared += 1
                    changed = sources.updateValue(source, forKey: id) != source
                }
                if changed || hadFailure || !isPublished(id) { update.changed.append(id) }
            }
            return update
        }
    }

    /// The first of `documents` to use each kind, in the order the kinds
    /// first appear; nil when none uses any.
    private mutating func firstUsers(of documents: [DocumentSource]) -> [KindUser]? {
        var users: [KindUser] = []
        for position in documents.indices {
            for kind in kinds(of: documents[position]) where !users.contains(where: { $0.kind == kind }) {
                users.append(KindUser(kind: kind, position: position))
            }
        }
        return users.isEmpty ? nil : users.withoutSpareRoom
    }

    /// The first users of each kind among `documents` when only those at
    /// `changed` (by place) changed since `earlier` was found: the blocks of
    /// the changed documents are looked at, and those of the others only
    /// when a kind's first user no longer uses it (to find the next one).
    private mutating func firstUsers(after changed: Set<Int>, of documents: [DocumentSource], earlier: [KindUser]) -> [KindUser]? {
        guard !changed.isEmpty else { return earlier.isEmpty ? nil : earlier }
        // Most saves change one document.
        let changedInOrder = (changed.count == 1 ? Array(changed) : changed.sorted()).filter(documents.indices.contains)
        let kindsOfChanged = changedInOrder.map { kinds(of: documents[$0]) }
        func kindsOfChangedDocument(at position: Int) -> [KindName]? {
            changed.contains(position) ? changedInOrder.firstIndex(of: position).map { kindsOfChanged[$0] } : nil
        }
        var users: [KindUser] = []
        var lost: [KindUser] = []
        for user in earlier {
            if let kinds = kindsOfChangedDocument(at: user.position), !kinds.contains(user.kind) {
                lost.append(user)
            } else {
                users.append(user)
            }
        }
        // A kind no document used before is first used by a changed document.
        for (position, kinds) in zip(changedInOrder, kindsOfChanged) {
            for kind in kinds where !lost.contains(where: { $0.kind == kind }) {
                if let index = users.firstIndex(where: { $0.kind == kind }) {
                    if position < users[index].position { users[index] = KindUser(kind: kind, position: position) }
                } else {
                    users.append(KindUser(kind: kind, position: position))
                }
            }
        }
        // No document before a lost kind's first user used it, nor does it
        // now: the next user is the first changed one to use it, or one after it.
        for user in lost {
            let changedUser = zip(changedInOrder, kindsOfChanged).first { $0.1.contains(user.kind) }?.0
            let scanEnd = max(user.position + 1, changedUser ?? documents.count)
            let next = ((user.position + 1)..<scanEnd).first { position in
                !changed.contains(position) && kinds(of: documents[position]).contains(user.kind)
            }
            if let position = next ?? changedUser { users.append(KindUser(kind: user.kind, position: position)) }
        }
        return users.isEmpty ? nil : users
    }

    /// The kinds a tagged document's blocks are of, in the order they first appear.
    private mutating func kinds(of source: DocumentSource) -> [KindName] {
        guard source.document.kind == .tagged else { return [] }
        blocksLookedAtForKinds += source.document.blocks.count
        // A document uses a handful of kinds over many blocks: a short list
        // compared by name costs less than hashing every block's kind.
        var kinds: [KindName] = []
        kinds.reserveCapacity(4)
        for block in source.document.blocks where !kinds.contains(block.kind) { kinds.append(block.kind) }
        return kinds
    }

    /// Whether two lists of first users say the same, in any order.
    private static func same(_ first: [KindUser]?, _ second: [KindUser]?) -> Bool {
        let (first, second) = (first ?? [], second ?? [])
        return first.count == second.count && first.allSatisfy(second.contains)
    }

    /// For each document, the block kinds it is the first to use (by path,
    /// then item, among files that read: one that does not shows its error,
    /// not what its documents would say), as `refreshKindsFirstUsed` last
    /// found them: its page says what is said once for the folder about them.
    private(set) var kindsFirstUsed: [DocumentID: Set<KindName>] = [:]

    /// Finds the kinds' first users again, in one scan of the files, when a
    /// file's kinds or error changed since (most saves change neither);
    /// returns the documents whose kinds changed, since the folder's
    /// warnings about a kind move from one page to another and both change.
    mutating func refreshKindsFirstUsed() -> Set<DocumentID> {
        guard firstUsersAreStale else { return [] }
        firstUsersAreStale = false
        var first: [KindName: (path: DocumentPath, id: DocumentID)] = [:]
        for (path, users) in firstUserOfKindInFile where failureOfFile[path] == nil {
            for user in users where first[user.kind].map({ path < $0.path }) ?? true {
                if let id = documentsOfFile[path]?.id(at: user.position) { first[user.kind] = (path, id) }
            }
        }
        let found = Dictionary(grouping: first, by: \.value.id).mapValues { Set($0.map(\.key)) }
        guard found != kindsFirstUsed else { return [] }
        let moved = Set(found.keys).union(kindsFirstUsed.keys).filter { found[$0] != kindsFirstUsed[$0] && sources[$0] != nil }
        kindsFirstUsed = found
        return moved
    }

    /// Forgets the documents of `path` and its error; returns their ids.
    mutating func removeDocuments(ofFile path: DocumentPath) -> [DocumentID] {
        let hadFailure = failureOfFile.removeValue(forKey: path) != nil
        let hadUsers = firstUserOfKindInFile.removeValue(forKey: path) != nil
        if hadFailure || hadUsers { firstUsersAreStale = true }
        let ids = documentsOfFile.removeValue(forKey: path)?.ids ?? []
        for id in ids { sources[id] = nil }
        return ids
    }
}
