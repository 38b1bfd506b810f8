import GalleyCore
import Glibc

/// A new version of a document's article told against a version the page
/// already shows: the ids of children it can keep as they are, the new
/// source location of those that only moved (a paragraph inserted above
/// moves every block below it), and the HTML of the others. A one-word edit
/// in a 2 MB article is then sent as one paragraph and a list of ids.
///
/// JSON: `{"base": V, "article": "<article …>", "elements": ["b-…-0", {"id": "b-…-0", "line": L, "column": C}, {"html": "…"}, …]}`.
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
                for (index, element) in new.elements.enumerated() {
                    let bytes = UnsafeBufferPointer(rebasing: newBytes[element.range])
                    guard let id = element.id, let old = finder.element(withID: id, near: index) else {
                        json.beginObject()
                        json.key("html")
                        json.string(utf8: bytes)
                        json.endObject()
                        continue
                    }
                    if equal(bytes, UnsafeBufferPointer(rebasing: oldBytes[old.range])) {
                        json.string(id)
                    } else if let location = element.location, onlyMoved(element, newBytes, from: old, oldBytes) {
                        json.beginObject()
                        json.field("id", id)
                        json.field("line", location.line)
                        json.field("column", location.column)
                        json.endObject()
                    } else {
                        json.beginObject()
                        json.key("html")
                        json.string(utf8: bytes)
                        json.endObject()
                    }
                }
                json.endArray()
                json.endObject()
            }
        }
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

/// Finds an old element by id. An edit leaves the elements before it where
/// they were and those after it shifted by the number added or removed, so
/// those two places are tried before a table of all ids is built.
private struct OldElementFinder {
    private let elements: [RenderedDocument.Element]
    private let countDifference: Int
    private var indexOfID: [String: Int]?

    init(_ elements: [RenderedDocument.Element], countDifference: Int) {
        self.elements = elements
        self.countDifference = countDifference
    }

    mutating func element(withID id: String, near index: Int) -> RenderedDocument.Element? {
        if let element = element(withID: id, at: index) ?? element(withID: id, at: index + countDifference) { return element }
        if indexOfID == nil {
            var table: [String: Int] = [:]
            table.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let id = element.id { table[id] = index }
            }
            indexOfID = table
        }
        return indexOfID?[id].map { elements[$0] }
    }

    private func element(withID id: String, at index: Int) -> RenderedDocument.Element? {
        elements.indices.contains(index) && elements[index].id == id ? elements[index] : nil
    }
}
