import GalleyCore
import GalleyServer

/// The `/api/documents` answer: every document, by path and item, what the
/// folder's walk skipped (`skipped`: a path, a `reason` and a `message`), and
/// whether phones are served (`serve --lan`), so that pages on this machine
/// offer their QR code; and beside it the `/api/words` answer, the words the
/// index page searches, by document id.
///
/// The words are an answer of their own so that the list, which every page
/// asks for and the index shows first, is a fraction of their size: the
/// index draws its rows before the words come, and a page asks again only
/// for the words of the documents changed since the words it holds.
///
/// Made when first asked for after a change, from the list before it: a
/// document still at the version it was listed at has the same entry and
/// words, which are copied as they were written. So only new versions have
/// their words collected and escaped, and no document holds its words
/// besides the list.
struct DocumentList {
    /// The version of the folder it lists.
    let version: Int
    let response: HTTPResponse
    /// Every document's words (`/api/words` without `since`).
    let wordsResponse: HTTPResponse
    /// How many documents had their words collected for it (not copied from the last list).
    let wordsCollected: Int
    /// Where each document's entry and words lie in the bodies, and which of its versions they show.
    private let entries: [DocumentID: Entry]

    private struct Entry {
        let version: Int
        let summary: Range<Int>
        let words: Range<Int>
    }

    /// The list of `documents` at `version`; entries of documents whose
    /// version is the same as in `last` are copied from it.
    init(
        boot: String, version: Int, documents: [Versioned<PublishedDocument>], servesPhones: Bool, linksLeadingOutside: [String] = [],
        after last: DocumentList?
    ) {
        let sorted = documents.sorted { ($0.value.path, $0.value.item ?? -1) < ($1.value.path, $1.value.item ?? -1) }
        let kept: [Entry?] = sorted.map { document in
            last?.entries[document.value.id].flatMap { $0.version == document.version ? $0 : nil }
        }
        let fresh = sorted.indices.filter { kept[$0] == nil }
        // All of them right after start-up: collected on every core.
        let texts = Parallel.map(fresh) { sorted[$0].value.searchableText }
        // Reserved for what is written, not for the most words a document may have.
        let copiedSummaries = kept.reduce(0) { $0 + 1 + ($1?.summary.count ?? 0) }
        let copiedWords = kept.reduce(0) { $0 + ($1?.words.count ?? 0) }
        let freshSummaries = fresh.reduce(0) { total, index in
            let document = sorted[index].value
            return total + document.id.rawValue.utf8.count + document.path.utf8.count + document.title.utf8.count + Self.summaryFieldsSize
        }
        let freshWords = texts.reduce(0) { $0 + $1.utf8.count + 2 }
        // Every document's id is a key of the words (quoted, a colon and a comma).
        let keys = sorted.reduce(0) { $0 + $1.value.id.rawValue.utf8.count + 4 }
        var list = JSONWriter(reservingCapacity: 64 + copiedSummaries + freshSummaries + freshSummaries / 16)
        var words = JSONWriter(reservingCapacity: 64 + keys + copiedWords + freshWords + freshWords / 16)
        list.beginObject()
        list.field("boot", boot)
        list.field("version", version)
        list.field("lan", servesPhones)
        list.key("documents")
        list.beginArray()
        words.beginObject()
        words.field("version", version)
        words.key("words")
        words.beginObject()
        var entries: [DocumentID: Entry] = [:]
        entries.reserveCapacity(sorted.count)
        let write = { (earlierList: UnsafeRawBufferPointer, earlierWords: UnsafeRawBufferPointer) in
            var texts = texts.makeIterator()
            for (document, keptEntry) in zip(sorted, kept) {
                let id = document.value.id
                let text = keptEntry == nil ? texts.next() ?? "" : ""
                let summary = list.value { json in
                    if let keptEntry {
                        json.json(utf8: UnsafeRawBufferPointer(rebasing: earlierList[keptEntry.summary]))
                    } else {
                        document.value.writeSummary(version: document.version, into: &json)
                    }
                }
                words.key(named: id.rawValue)
                let wordsRange = words.value { json in
                    if let keptEntry {
                        json.json(utf8: UnsafeRawBufferPointer(rebasing: earlierWords[keptEntry.words]))
                    } else {
                        json.string(text)
                    }
                }
                entries[id] = Entry(version: document.version, summary: summary, words: wordsRange)
            }
        }
        if let last {
            last.response.body.withUnsafeBytes { earlierList in last.wordsResponse.body.withUnsafeBytes { write(earlierList, $0) } }
        } else {
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            write(none, none)
        }
        list.endArray()
        list.key("skipped")
        list.beginArray()
        for link in linksLeadingOutside {
            list.beginObject()
            list.field("path", link)
            list.field("reason", SkippedLink.leadsOutside.rawValue)
            list.field("message", SkippedLink.leadsOutside.sentence(about: link))
            list.endObject()
        }
        list.endArray()
        list.endObject()
        words.endObject()
        words.endObject()
        self.version = version
        wordsCollected = fresh.count
        // Kept until the next change: in room of their size (their entries were reserved room for escapes).
        response = HTTPResponse.json(SharedBody(list.bytes.withoutSpareRoom))
        wordsResponse = HTTPResponse.json(SharedBody(words.bytes.withoutSpareRoom))
        self.entries = entries
    }

    /// `/api/words?since=V`: the words of the documents whose version is
    /// newer than `since`, copied from the whole answer; every document's
    /// without `since`.
    func words(since: Int?) -> HTTPResponse {
        guard let since else { return wordsResponse }
        let changed = entries.filter { $0.value.version > since }.sorted { $0.key < $1.key }
        var json = JSONWriter(reservingCapacity: 64 + changed.reduce(0) { $0 + $1.key.rawValue.utf8.count + $1.value.words.count + 8 })
        json.beginObject()
        json.field("version", version)
        json.key("words")
        json.beginObject()
        wordsResponse.body.withUnsafeBytes { whole in
            for (id, entry) in changed {
                json.key(named: id.rawValue)
                json.json(utf8: UnsafeRawBufferPointer(rebasing: whole[entry.words]))
            }
        }
        json.endObject()
        json.endObject()
        return HTTPResponse.json(json)
    }

    /// The bytes of an entry besides its strings' own: the names, the
    /// kind, numbers and punctuation (about 120; 160 leaves room for escapes).
    private static let summaryFieldsSize = 160
}
