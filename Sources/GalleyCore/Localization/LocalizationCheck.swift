/// One language's copy of a localised file: its documents by item index.
package struct LocalizedFile {
    package var language: String
    /// The file its documents are read from, where differences in them are
    /// reported: a bundle's text file, not the bundle.
    package var path: RelativePath
    /// The file's documents in item order (one for a one-document file).
    package var items: LocalizedItems

    package init(language: String, path: RelativePath, items: LocalizedItems) {
        self.language = language
        self.path = path
        self.items = items
    }

    package init(language: String, path: RelativePath, items: [Document]) {
        self.init(language: language, path: path, items: LocalizedItems(items))
    }
}

/// A structural difference found in one document of a localised file.
package struct LocalizationDiagnostic: Sendable, Equatable {
    /// The item index in `diagnostic.path`'s file.
    package var item: Int
    package var diagnostic: Diagnostic
}

/// Compares the structure of a file's localisations, which a translator
/// breaks most often and nobody sees until both languages are opened: an
/// image line dropped, image names changed, a caption that no longer
/// follows its image.
///
/// Images and captions are compared in order, item by item; body text is
/// not (a translation may split or join paragraphs). Each run of
/// differences is one warning, not one per block after it. A warning goes
/// to the copy that lacks something; where both differ, to the copy that is
/// not the reference language.
package enum LocalizationCheck {
    /// Longer item structures are compared by counts only, keeping the
    /// comparison's cost bounded.
    static let maximumCompared = 2000

    /// The differences found in the files' items, or only in `items`
    /// (indexes) when given: a difference is told on one item, so the
    /// findings of the others are those of a whole comparison.
    package static func diagnostics(_ files: [LocalizedFile], reference: String?, items: Set<Int>? = nil) -> [LocalizationDiagnostic] {
        guard files.count > 1 else { return [] }
        let ordered = files.sorted { $0.language < $1.language }
        let base = ordered.first { $0.language == reference } ?? ordered.first { $0.language == "Base" } ?? ordered[0]
        var found: [LocalizationDiagnostic] = []
        // The reference's items, each compared with every other language.
        var baseItems: [Int: Compared] = [:]
        for other in ordered where other.path != base.path {
            if other.items.count != base.items.count, items?.contains(max(0, min(other.items.count, base.items.count) - 1)) ?? true {
                let lacking = other.items.count < base.items.count ? other : base
                let fuller = lacking.path == other.path ? base : other
                found.append(
                    LocalizationDiagnostic(
                        item: max(0, lacking.items.count - 1),
                        diagnostic: Diagnostic(
                            path: lacking.path, id: .localizationMismatch, at: lacking.items.last?.blocks.first?.location ?? .start,
                            severity: .warning,
                            message: "\(count(lacking.items.count, "item")) here, \(count(fuller.items.count, "item")) in \(fuller.path)"
                        )))
            }
            let compared = min(other.items.count, base.items.count)
            for index in LocalizedItems.indexes(items, below: compared) {
                let baseItem = baseItems[index] ?? Compared(base.items[index])
                baseItems[index] = baseItem
                found += compare(item: index, base: (base.path, baseItem), other: (other.path, Compared(other.items[index])))
            }
        }
        return found
    }

    /// What a block contributes to an item's structure.
    enum Element: Equatable {
        case image(String)
        case caption

        var description: String {
            switch self {
            case .image(let name): "image '\(name)'"
            case .caption: "a caption"
            }
        }
    }

    static func structure(of document: Document) -> [(element: Element, location: SourceLocation)] {
        document.blocks.compactMap { block in
            switch block.content {
            case .image(let image):
                switch image.source {
                case .asset(let name), .file(let name): return (.image(name), block.location)
                case .embedded: return (.image("embedded picture"), block.location)
                }
            case .paragraph where block.kind == "caption":
                return (.caption, block.location)
            default:
                return nil
            }
        }
    }

    /// An item's document with the structure that is compared.
    private struct Compared {
        var document: Document
        var structure: [(element: Element, location: SourceLocation)]
        var elements: [Element]

        init(_ document: Document) {
            self.document = document
            structure = LocalizationCheck.structure(of: document)
            // A closure, not a key path: the key path is applied through the runtime, element by element.
            elements = structure.map { $0.element }
        }
    }

    private static func compare(item: Int, base: (path: RelativePath, item: Compared), other: (path: RelativePath, item: Compared))
        -> [LocalizationDiagnostic]
    {
        if base.item.elements == other.item.elements { return [] }
        let (left, right) = (base.item.structure, other.item.structure)
        let base = (path: base.path, document: base.item.document)
        let other = (path: other.path, document: other.item.document)
        guard left.count <= maximumCompared, right.count <= maximumCompared else {
            return [
                LocalizationDiagnostic(
                    item: item,
                    diagnostic: Diagnostic(
                        path: other.path, id: .localizationMismatch, at: other.document.blocks.first?.location ?? .start,
                        severity: .warning,
                        message: "the images and captions differ from \(base.path)"
                    ))
            ]
        }
        var found: [LocalizationDiagnostic] = []
        for hunk in differences(left.map(\.element), right.map(\.element)) {
            // The copy without the elements the other has is the one that lost them.
            let warnOther = hunk.right.isEmpty || !hunk.left.isEmpty
            let (here, hereStructure, hereRange, hereDocument) =
                warnOther
                ? (other.path, right, hunk.right, other.document) : (base.path, left, hunk.left, base.document)
            let (there, thereStructure, thereRange, thereDocument) =
                warnOther
                ? (base.path, left, hunk.left, base.document) : (other.path, right, hunk.right, other.document)
            let location = position(of: hereRange, in: hereStructure, document: hereDocument)
            let thereLocation = position(of: thereRange, in: thereStructure, document: thereDocument)
            let theirs = thereRange.map { thereStructure[$0].element.description }
            let ours = hereRange.map { hereStructure[$0].element.description }
            let message: String
            if ours.isEmpty {
                message = "localisations differ: \(list(theirs)) missing here (\(there):\(thereLocation) has it)"
            } else {
                message =
                    "localisations differ: \(list(ours)) here (\(there):\(thereLocation) has "
                    + "\(theirs.isEmpty ? "nothing there" : list(theirs)))"
            }
            found.append(
                LocalizationDiagnostic(
                    item: item,
                    diagnostic: Diagnostic(path: here, id: .localizationMismatch, at: location, severity: .warning, message: message)))
        }
        return found
    }

    /// Where a run of elements is, or for an empty run, the element it
    /// would come before (else after the last, else the document's start).
    private static func position(of range: Range<Int>, in structure: [(element: Element, location: SourceLocation)], document: Document)
        -> SourceLocation
    {
        if range.lowerBound < structure.count { return structure[range.lowerBound].location }
        return structure.last?.location ?? document.blocks.first?.location ?? .start
    }

    private static func list(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : "\(items[0]) and \(items.count - 1) more"
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Runs of differences between two sequences, from their longest common subsequence.
    static func differences(_ left: [Element], _ right: [Element]) -> [(left: Range<Int>, right: Range<Int>)] {
        let rows = left.count + 1
        let columns = right.count + 1
        var common = [Int](repeating: 0, count: rows * columns)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                common[i * columns + j] =
                    left[i] == right[j]
                    ? common[(i + 1) * columns + j + 1] + 1
                    : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
            }
        }
        var hunks: [(left: Range<Int>, right: Range<Int>)] = []
        var i = 0
        var j = 0
        var start: (Int, Int)?
        func close() {
            if let (leftStart, rightStart) = start { hunks.append((leftStart..<i, rightStart..<j)) }
            start = nil
        }
        while i < left.count || j < right.count {
            if i < left.count, j < right.count, left[i] == right[j] {
                close()
                i += 1
                j += 1
            } else {
                if start == nil { start = (i, j) }
                if j >= right.count || (i < left.count && common[(i + 1) * columns + j] >= common[i * columns + j + 1]) {
                    i += 1
                } else {
                    j += 1
                }
            }
        }
        close()
        return hunks
    }
}
