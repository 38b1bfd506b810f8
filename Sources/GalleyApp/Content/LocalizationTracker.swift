import GalleyCore

/// Which localised files (`*.lproj` groups) changed since their copies were
/// compared, and what the last comparison found for each document.
struct LocalizationTracker {
    private var groupsToCompare: Set<String> = []
    private var findings: [String: LocalizationGroup.Findings] = [:]

    /// The document's copies in other languages and its structural differences.
    func findings(of id: String) -> LocalizationGroup.Findings? {
        findings[id]
    }

    /// `path` was read again: its group is compared at the end of the round.
    mutating func noteRead(_ path: String) {
        if let localized = LocalizedPath(path) { groupsToCompare.insert(localized.group) }
    }

    mutating func forget(_ id: String) {
        findings[id] = nil
    }

    /// Compares the copies of each localised file that changed; returns the
    /// documents whose findings changed, to render again.
    mutating func compare(_ index: DocumentIndex, reference: String?) -> Set<String> {
        let groups = groupsToCompare
        groupsToCompare = []
        guard !groups.isEmpty else { return [] }
        // One pass over the files for all groups: a pass per group made a
        // start-up with 4,000 localised files take 16 s.
        var copiesOfGroup: [String: [LocalizationGroup.Copy]] = [:]
        for (path, ids) in index.files {
            guard let localized = LocalizedPath(path), groups.contains(localized.group) else { continue }
            let documents = ids.compactMap { id in index.sources[id].map { (id: id.rawValue, document: $0.document) } }
            let copy = LocalizationGroup.Copy(
                path: path, language: localized.language, documents: documents,
                readingFailed: index.failureOfFile[path] != nil)
            copiesOfGroup[localized.group, default: []].append(copy)
        }
        var changed: Set<String> = []
        for group in groups {
            let copies = copiesOfGroup[group] ?? []
            let found = LocalizationGroup.evaluate(copies, reference: reference)
            for copy in copies {
                for (id, _) in copy.documents {
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
}
