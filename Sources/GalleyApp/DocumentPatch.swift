import GalleyCore
import Glibc

/// A new version of a document's article told against a version the page
/// already shows: the ids of children it can keep as they are, and the HTML
/// of the others. A one-word edit in a 2 MB article is then sent as one
/// paragraph and a list of ids.
///
/// JSON: `{"base": V, "article": "<article …>", "elements": ["b-…-0", {"html": "…"}, …]}`.
enum DocumentPatch {
    static func json(from old: PublishedDocument, to new: PublishedDocument) -> String {
        var oldHTML = old.html
        var newHTML = new.html
        return oldHTML.withUTF8 { oldBytes in
            newHTML.withUTF8 { newBytes in
                var finder = OldElementFinder(old.elements, countDifference: old.elements.count - new.elements.count)
                var json = "{\"base\":\(old.version),\"article\":\(JSONText.quoted(new.articleTag)),\"elements\":["
                json.reserveCapacity(new.elements.count * 20)
                for (index, element) in new.elements.enumerated() {
                    if index > 0 { json += "," }
                    let bytes = UnsafeBufferPointer(rebasing: newBytes[element.range])
                    if let id = element.id, let oldRange = finder.range(of: id, near: index),
                       equal(bytes, UnsafeBufferPointer(rebasing: oldBytes[oldRange])) {
                        // Ids are the renderer's own ("b-" hex "-" digits): nothing to escape.
                        json += "\"" + id + "\""
                    } else {
                        json += "{\"html\":\(JSONText.quoted(bytes))}"
                    }
                }
                return json + "]}"
            }
        }
    }

    private static func equal(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstStart = first.baseAddress, let secondStart = second.baseAddress else { return true }
        return memcmp(firstStart, secondStart, first.count) == 0
    }
}

/// Finds an old element by id. An edit leaves the elements before it where
/// they were and those after it shifted by the number added or removed, so
/// those two places are tried before a table of all ids is built.
private struct OldElementFinder {
    private let elements: [RenderedDocument.Element]
    private let countDifference: Int
    private var rangeOfID: [String: Range<Int>]?

    init(_ elements: [RenderedDocument.Element], countDifference: Int) {
        self.elements = elements
        self.countDifference = countDifference
    }

    mutating func range(of id: String, near index: Int) -> Range<Int>? {
        if let range = range(of: id, at: index) ?? range(of: id, at: index + countDifference) { return range }
        if rangeOfID == nil {
            var table: [String: Range<Int>] = [:]
            table.reserveCapacity(elements.count)
            for element in elements {
                if let id = element.id { table[id] = element.range }
            }
            rangeOfID = table
        }
        return rangeOfID?[id]
    }

    private func range(of id: String, at index: Int) -> Range<Int>? {
        elements.indices.contains(index) && elements[index].id == id ? elements[index].range : nil
    }
}
