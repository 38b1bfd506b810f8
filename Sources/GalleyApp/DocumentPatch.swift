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
                var rangeOfOldElement: [String: Range<Int>] = [:]
                rangeOfOldElement.reserveCapacity(old.elements.count)
                for element in old.elements {
                    if let id = element.id { rangeOfOldElement[id] = element.range }
                }
                var json = "{\"base\":\(old.version),\"article\":\(JSONText.quoted(new.articleTag)),\"elements\":["
                for (index, element) in new.elements.enumerated() {
                    if index > 0 { json += "," }
                    let bytes = UnsafeBufferPointer(rebasing: newBytes[element.range])
                    if let id = element.id, let oldRange = rangeOfOldElement[id],
                       Self.equal(bytes, UnsafeBufferPointer(rebasing: oldBytes[oldRange])) {
                        json += JSONText.quoted(id)
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
