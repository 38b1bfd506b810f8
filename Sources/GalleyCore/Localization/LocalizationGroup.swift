/// A document's copy in another language: what the page's language switch offers.
package struct DocumentLocalization: Hashable, Sendable {
    package var language: String
    package var documentID: DocumentID

    package init(language: String, documentID: DocumentID) {
        self.language = language
        self.documentID = documentID
    }
}

/// The localisations of one file, side by side: for each of their
/// documents, its copies in the other languages (items match by index) and
/// the structural differences found in it.
package enum LocalizationGroup {
    /// One language's copy of the file: its documents in item order.
    package struct Copy {
        /// The file its documents are read from (`ContentFile.sourcePath`).
        package var path: RelativePath
        package var language: String
        /// The documents' ids in item order.
        package var ids: [DocumentID]
        package var items: LocalizedItems
        /// Whether the file no longer reads: its documents are the last good
        /// reading's, offered in the language switch but compared with nothing,
        /// since what they say of the file may no longer be true.
        package var readingFailed: Bool

        package init(path: RelativePath, language: String, ids: [DocumentID], items: LocalizedItems, readingFailed: Bool = false) {
            self.path = path
            self.language = language
            self.ids = ids
            self.items = items
            self.readingFailed = readingFailed
        }

        package init(path: RelativePath, language: String, documents: [(id: DocumentID, document: Document)], readingFailed: Bool = false) {
            self.init(
                path: path, language: language, ids: documents.map(\.id), items: LocalizedItems(documents.map(\.document)),
                readingFailed: readingFailed)
        }
    }

    package struct Findings: Equatable, Sendable {
        package var localizations: [DocumentLocalization] = []
        package var diagnostics: [Diagnostic] = []
    }

    /// Findings by document id, for every document of every copy, or only of
    /// the copies of `items` (indexes in the files) when given; a copy whose
    /// reading failed is compared with none and has no diagnostics.
    package static func evaluate(_ copies: [Copy], reference: String?, items: Set<Int>? = nil) -> [DocumentID: Findings] {
        var findings: [DocumentID: Findings] = [:]
        let ordered = copies.sorted { $0.language < $1.language }
        let count = ordered.reduce(0) { max($0, $1.ids.count) }
        findings.reserveCapacity(copies.count * (items?.count ?? count))
        // The copies of one item share one list of them: made once for the
        // item and held once by all of them, not once per language (with
        // thirty languages, thirty lists of thirty for every item).
        for index in LocalizedItems.indexes(items, below: count) {
            let localizations = ordered.compactMap { copy in
                index < copy.ids.count ? DocumentLocalization(language: copy.language, documentID: copy.ids[index]) : nil
            }
            for copy in ordered where index < copy.ids.count {
                findings[copy.ids[index]] = Findings(localizations: localizations)
            }
        }
        let files = ordered.filter { !$0.readingFailed }.map { LocalizedFile(language: $0.language, path: $0.path, items: $0.items) }
        for found in LocalizationCheck.diagnostics(files, reference: reference, items: items) {
            guard let copy = ordered.first(where: { $0.path == found.diagnostic.path }), found.item < copy.ids.count else { continue }
            findings[copy.ids[found.item], default: Findings()].diagnostics.append(found.diagnostic)
        }
        return findings
    }
}
