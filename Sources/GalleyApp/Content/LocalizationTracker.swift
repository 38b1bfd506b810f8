import GalleyCore

/// Which localised files (`*.lproj` groups) changed since their copies were
/// compared, and what the last comparison found for each document.
///
/// A save changes an item or two of one language's file; its group holds
/// that file in every language. When the group's files and their items are
/// those last compared, only the items the readers named are compared
/// again; anything else (a file or item added or gone, a reading failed or
/// back, another reference language) compares the group whole.
struct LocalizationTracker {
    /// What is to be compared again in a group at the end of the round.
    private enum Pending {
        /// These documents' readings changed, and nothing else.
        case documents(Set<DocumentID>)
        case whole
    }

    /// What a group's comparison was made of: its files, each with its
    /// documents in item order and whether its reading failed.
    private struct Shape: Equatable {
        var reference: String?
        var files: [String: FileShape]
    }

    private struct FileShape: Equatable {
        var documents: [DocumentID]
        var readingFailed: Bool
    }

    private var pending: [String: Pending] = [:]
    /// Each group's files with their languages, as they were read: where a
    /// path belongs is found once, when it is read, not at every comparison.
    private var filesOfGroup: [String: [String: String]] = [:]
    private var comparedShape: [String: Shape] = [:]
    private var findings: [String: LocalizationGroup.Findings] = [:]
    /// Item indexes compared, over all groups: what a round costs.
    private(set) var itemsCompared = 0

    /// The document's copies in other languages and its structural differences.
    func findings(of id: String) -> LocalizationGroup.Findings? {
        findings[id]
    }

    /// `path` was read again, and of its documents `changed` are new or
    /// read differently: its group is compared at the end of the round.
    mutating func noteRead(_ path: String, changed: [DocumentID]) {
        guard let localized = LocalizedPath(path) else { return }
        filesOfGroup[localized.group, default: [:]][path] = localized.language
        switch pending[localized.group] {
        case .whole: break
        case .documents(let earlier): pending[localized.group] = .documents(earlier.union(changed))
        case nil: pending[localized.group] = .documents(Set(changed))
        }
    }

    mutating func forget(_ id: String) {
        findings[id] = nil
    }

    /// Compares the copies of each localised file that changed; returns the
    /// documents whose findings changed, to render again.
    mutating func compare(_ index: DocumentIndex, reference: String?) -> Set<String> {
        let groups = pending
        pending = [:]
        var changed: Set<String> = []
        for (group, what) in groups {
            let copies = self.copies(of: group, in: index)
            let shape = Shape(
                reference: reference,
                files: Dictionary(
                    uniqueKeysWithValues: copies.map { copy in
                        (
                            copy.path,
                            FileShape(documents: copy.documents.map { DocumentID(rawValue: $0.id) }, readingFailed: copy.readingFailed)
                        )
                    }))
            var items: Set<Int>?
            if case .documents(let documents) = what, comparedShape[group] == shape {
                items = Set(
                    shape.files.values.flatMap { file in
                        file.documents.indices.filter { documents.contains(file.documents[$0]) }
                    })
            }
            comparedShape[group] = shape.files.isEmpty ? nil : shape
            if items?.isEmpty == true { continue }
            itemsCompared += items?.count ?? (copies.map(\.documents.count).max() ?? 0)
            let found = LocalizationGroup.evaluate(copies, reference: reference, items: items)
            for copy in copies {
                for (item, (id, _)) in copy.documents.enumerated() where items?.contains(item) ?? true {
                    var now = found[id]
                    // A file that no longer reads keeps what its last good reading was found to have.
                    if copy.readingFailed { now?.diagnostics = findings[id]?.diagnostics ?? [] }
                    guard findings[id] != now else { continue }
                    findings[id] = now
                    changed.insert(id)
                }
            }
        }
        return changed
    }

    /// The group's files that hold documents, each as a copy to compare;
    /// the files that no longer do leave the group.
    private mutating func copies(of group: String, in index: DocumentIndex) -> [LocalizationGroup.Copy] {
        var copies: [LocalizationGroup.Copy] = []
        for (path, language) in filesOfGroup[group] ?? [:] {
            let ids = index.documentIDs(ofFile: path)
            guard !ids.isEmpty else {
                filesOfGroup[group]?[path] = nil
                continue
            }
            let documents = ids.compactMap { id in index.sources[id].map { (id: id.rawValue, document: $0.document) } }
            copies.append(
                LocalizationGroup.Copy(
                    path: path, language: language, documents: documents, readingFailed: index.failureOfFile[path] != nil))
        }
        if filesOfGroup[group]?.isEmpty == true { filesOfGroup[group] = nil }
        return copies
    }
}
