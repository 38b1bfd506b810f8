import GalleyCore

/// Which localised files (`*.lproj` groups) changed since their copies were
/// compared, and what the last comparison found for each document.
///
/// A save changes an item or two of one language's file; its group holds
/// that file in every language. When the file's documents are those it had
/// (no item added or gone, its reading as good or as failed as before) and
/// the reference language is the same, only the items the reader named are
/// compared again, in every language; anything else compares the group whole.
struct LocalizationTracker {
    /// What is to be compared again in a group at the end of the round.
    private enum Pending: Equatable {
        /// These item indexes changed in some file, and nothing else.
        case items(Set<Int>)
        case whole
    }

    /// A localised file as last read: what its group's comparison is made of.
    private struct FileShape: Equatable {
        var language: String
        /// The file its documents are read from, where differences in them are reported.
        var textPath: RelativePath
        var documents: [DocumentID]
        var readingFailed: Bool
    }

    private var pending: [String: Pending] = [:]
    /// Each group's files that hold documents, by path.
    private var filesOfGroup: [String: [DocumentPath: FileShape]] = [:]
    /// Where each localised path belongs, found once: a save asks it again.
    private var localizedPaths: [DocumentPath: LocalizedPath] = [:]
    private var lastReference: String?
    private var findings: [DocumentID: LocalizationGroup.Findings] = [:]
    /// Item indexes compared, over all groups: what a round costs.
    private(set) var itemsCompared = 0

    /// The document's copies in other languages and its structural differences.
    func findings(of id: DocumentID) -> LocalizationGroup.Findings? {
        findings[id]
    }

    /// `file` was read again and taken into `index`, where of its documents
    /// `changed` are new or read differently: its group is compared at the
    /// end of the round.
    mutating func noteRead(_ file: ContentFile, in index: DocumentIndex, changed: [DocumentID]) {
        let path = file.path
        guard let localized = localizedPath(path) else { return }
        let documents = index.documentIDs(ofFile: path)
        let shape =
            documents.isEmpty
            ? nil
            : FileShape(
                language: localized.language, textPath: file.sourcePath, documents: documents,
                readingFailed: index.failureOfFile[path] != nil)
        let before: FileShape?
        if let shape {
            before = filesOfGroup[localized.group, default: [:]].updateValue(shape, forKey: path)
        } else {
            before = filesOfGroup[localized.group]?.removeValue(forKey: path)
            if filesOfGroup[localized.group]?.isEmpty == true { filesOfGroup[localized.group] = nil }
        }
        guard before == shape, let shape else {
            pending[localized.group] = .whole
            return
        }
        let items = Set(changed.compactMap { shape.documents.firstIndex(of: $0) })
        switch pending[localized.group] {
        case .whole: break
        case .items(let earlier): pending[localized.group] = .items(earlier.union(items))
        case nil: pending[localized.group] = .items(items)
        }
    }

    mutating func forget(_ id: DocumentID) {
        findings[id] = nil
    }

    /// Compares the copies of each localised file that changed; returns the
    /// documents whose findings changed, to render again.
    mutating func compare(_ index: DocumentIndex, reference: String?) -> Set<DocumentID> {
        var groups = pending
        pending = [:]
        if reference != lastReference {
            lastReference = reference
            for group in groups.keys { groups[group] = .whole }
        }
        var changed: Set<DocumentID> = []
        for (group, what) in groups {
            var items: Set<Int>?
            if case .items(let changedItems) = what {
                guard !changedItems.isEmpty else { continue }
                items = changedItems
            }
            let copies = (filesOfGroup[group] ?? [:]).values.map { file in
                let ids = file.documents
                return LocalizationGroup.Copy(
                    path: file.textPath, language: file.language, ids: ids,
                    items: LocalizedItems(count: ids.count) {
                        index.sources[ids[$0]]?.document ?? Document(title: "", kind: .tagged, blocks: [])
                    },
                    readingFailed: file.readingFailed)
            }
            itemsCompared += items?.count ?? copies.reduce(0) { max($0, $1.ids.count) }
            let found = LocalizationGroup.evaluate(copies, reference: reference, items: items)
            for copy in copies {
                for item in LocalizedItems.indexes(items, below: copy.ids.count) {
                    let id = copy.ids[item]
                    let before = findings[id]
                    var now = found[id]
                    // A file that no longer reads keeps what its last good reading was found to have.
                    if copy.readingFailed { now?.diagnostics = before?.diagnostics ?? [] }
                    // The group's files and items are those compared before, so the item's copies are too: the
                    // list held is kept, and compared with itself at once.
                    if items != nil, let before { now?.localizations = before.localizations }
                    guard before != now else { continue }
                    findings[id] = now
                    changed.insert(id)
                }
            }
        }
        return changed
    }

    private mutating func localizedPath(_ path: DocumentPath) -> LocalizedPath? {
        guard RelativePath.mayHaveExtension(path.rawValue, "lproj") else { return nil }
        if let known = localizedPaths[path] { return known }
        guard let found = LocalizedPath(path.rawValue) else { return nil }
        localizedPaths[path] = found
        return found
    }
}
