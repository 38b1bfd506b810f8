import GalleyCore
import Glibc

/// A new version of a document's article told against a version the page
/// already shows: runs of children it keeps, named by their place in that
/// version, and the HTML of the others. A one-word edit in a 2 MB article
/// is then sent as one paragraph and two runs, whatever the article's length.
///
/// JSON: `{"base": V, "article": "<article …>", "elements": [element, …]}`,
/// the new article's children in order, each element one of:
/// - `{"keep": F, "count": N, "first": "b-…", "last": "b-…"}`: the N
///   children of version V from index F on, as they are. `first` and `last`
///   are the ids of the run's ends, for the page to check that the run fits
///   what it shows (it asks for the whole document when one does not).
///   With `"lines": D` and/or `"columns": C`, each block of the run moved
///   by that many lines and columns: a paragraph inserted above moves every
///   block below it down, a word edited moves the blocks after it on its
///   line along.
/// - `{"html": "…"}`: a child to show instead of what the page has there.
enum DocumentPatch {
    static func write(from base: Versioned<PublishedDocument>, to new: PublishedDocument, into json: inout JSONWriter) {
        let old = base.value
        var oldHTML = old.html
        var newHTML = new.html
        oldHTML.withUTF8 { oldBytes in
            newHTML.withUTF8 { newBytes in
                var finder = OldElementFinder(old.elements, countDifference: old.elements.count - new.elements.count)
                json.beginObject()
                json.field("base", base.version)
                json.field("article", new.articleTag)
                json.key("elements")
                json.beginArray()
                // Indices, not elements: copying an element retains its id,
                // and a large document's patch passes thousands of them.
                var run: KeptRun?
                for index in new.elements.indices {
                    let kept = new.elements[index].id.flatMap { id in
                        finder.index(ofID: id, near: index).flatMap { oldIndex in
                            change(from: old.elements[oldIndex], oldBytes, to: new.elements[index], newBytes).map {
                                KeptRun(from: oldIndex, count: 1, change: $0)
                            }
                        }
                    }
                    if let kept, run?.isFollowed(by: kept) == true {
                        run?.count += 1
                        continue
                    }
                    run?.write(into: &json, ids: old.elements)
                    run = kept
                    if kept == nil {
                        json.beginObject()
                        json.key("html")
                        json.string(utf8: UnsafeBufferPointer(rebasing: newBytes[new.elements[index].range]))
                        json.endObject()
                    }
                }
                run?.write(into: &json, ids: old.elements)
                json.endArray()
                json.endObject()
            }
        }
    }

    /// How the page gets from the old element to the new one without its
    /// HTML; nil when it needs the HTML.
    private static func change(from old: RenderedDocument.Element, _ oldBytes: UnsafeBufferPointer<UInt8>,
                               to element: RenderedDocument.Element, _ newBytes: UnsafeBufferPointer<UInt8>) -> KeptRun.Change? {
        if equal(UnsafeBufferPointer(rebasing: newBytes[element.range]), UnsafeBufferPointer(rebasing: oldBytes[old.range])) {
            return KeptRun.Change(lines: 0, columns: 0)
        }
        guard let location = element.location, let oldLocation = old.location,
              onlyMoved(element, newBytes, from: old, oldBytes) else { return nil }
        return KeptRun.Change(lines: location.line - oldLocation.line, columns: location.column - oldLocation.column)
    }

    /// Whether the element differs from the old one in its location attributes alone.
    private static func onlyMoved(_ element: RenderedDocument.Element, _ newBytes: UnsafeBufferPointer<UInt8>,
                                  from old: RenderedDocument.Element, _ oldBytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !element.locationAttributes.isEmpty, !old.locationAttributes.isEmpty else { return false }
        let newBefore = element.range.lowerBound..<element.locationAttributes.lowerBound
        let oldBefore = old.range.lowerBound..<old.locationAttributes.lowerBound
        let newAfter = element.locationAttributes.upperBound..<element.range.upperBound
        let oldAfter = old.locationAttributes.upperBound..<old.range.upperBound
        return equal(UnsafeBufferPointer(rebasing: newBytes[newBefore]), UnsafeBufferPointer(rebasing: oldBytes[oldBefore]))
            && equal(UnsafeBufferPointer(rebasing: newBytes[newAfter]), UnsafeBufferPointer(rebasing: oldBytes[oldAfter]))
    }

    private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstStart = first.baseAddress, let secondStart = second.baseAddress else { return true }
        return memcmp(firstStart, secondStart, first.count) == 0
    }
}

/// Old children kept side by side, told in one `keep` element of the patch.
private struct KeptRun {
    /// How far each block of the run moved in its source (0, 0: not at all).
    struct Change: Equatable {
        var lines: Int
        var columns: Int
    }

    /// Where the run starts in the old version.
    var from: Int
    var count: Int
    var change: Change

    /// Whether `next` (one element) follows this run in the old version and moved the same way.
    func isFollowed(by next: KeptRun) -> Bool {
        next.from == from + count && next.change == change
    }

    /// Writes the run, with the ids at its ends (taken from the old version's `ids`, which they match).
    func write(into json: inout JSONWriter, ids: [RenderedDocument.Element]) {
        json.beginObject()
        json.field("keep", from)
        json.field("count", count)
        json.field("first", ids[from].id)
        json.field("last", ids[from + count - 1].id)
        if change.lines != 0 { json.field("lines", change.lines) }
        if change.columns != 0 { json.field("columns", change.columns) }
        json.endObject()
    }
}

/// Finds an old element by id. An edit leaves the elements before it where
/// they were and those after it shifted by the number added or removed, so
/// those two places are tried before a table of all ids is built.
private struct OldElementFinder {
    /// Elements looked for elsewhere before a table of every id is built:
    /// an edit's new blocks are in no table, and comparing short ids one by
    /// one (they are stored inline) costs far less than hashing thousands.
    private static let scansBeforeTable = 8

    private let elements: [RenderedDocument.Element]
    private let countDifference: Int
    private var indexOfID: [String: Int]?
    private var scans = 0

    init(_ elements: [RenderedDocument.Element], countDifference: Int) {
        self.elements = elements
        self.countDifference = countDifference
    }

    mutating func index(ofID id: String, near index: Int) -> Int? {
        if has(id, at: index) { return index }
        if has(id, at: index + countDifference) { return index + countDifference }
        if indexOfID == nil, scans < Self.scansBeforeTable {
            scans += 1
            return elements.firstIndex { $0.id == id }
        }
        if indexOfID == nil {
            var table: [String: Int] = [:]
            table.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let id = element.id { table[id] = index }
            }
            indexOfID = table
        }
        return indexOfID?[id]
    }

    private func has(_ id: String, at index: Int) -> Bool {
        elements.indices.contains(index) && elements[index].id == id
    }
}
