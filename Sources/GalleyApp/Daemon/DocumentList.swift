import GalleyCore
import GalleyServer

/// The `/api/documents` answer: every document, by path and item, with the
/// words the index page searches, what the folder's walk skipped
/// (`skipped`: a path, a `reason` and a `message`), and whether phones are served
/// (`serve --lan`), so that pages on this machine offer their QR code.
///
/// Made when first asked for after a change, from the list before it: a
/// document still at the version it was listed at has the same entry, which
/// is copied as it was written. So only new versions have their words
/// collected and escaped, and no document holds its words besides the
/// list (each kept them once the index had asked, next to the list that
/// holds them too: with 10,000 documents a 2.3 MB list).
struct DocumentList {
    /// The version of the folder it lists.
    let version: Int
    let response: HTTPResponse
    /// How many documents had their words collected for it (not copied from the last list).
    let wordsCollected: Int
    /// Where each document's entry lies in the body, and which of its versions it shows.
    private let entries: [String: Entry]

    private struct Entry {
        let version: Int
        let bytes: Range<Int>
    }

    /// The list of `documents` at `version`; entries of documents whose
    /// version is the same as in `last` are copied from it.
    init(boot: String, version: Int, documents: [Versioned<PublishedDocument>], servesPhones: Bool, linksLeadingOutside: [String] = [],
         after last: DocumentList?) {
        let sorted = documents.sorted { ($0.value.path, $0.value.item ?? -1) < ($1.value.path, $1.value.item ?? -1) }
        let kept: [Range<Int>?] = sorted.map { document in
            last?.entries[document.value.id.rawValue].flatMap { $0.version == document.version ? $0.bytes : nil }
        }
        let fresh = sorted.indices.filter { kept[$0] == nil }
        // All of them right after start-up: collected on every core.
        let texts = Parallel.map(fresh) { sorted[$0].value.searchableText }
        // Reserved for what is written, not for the most words a document may
        // have: the bound reserved 7.6 MB for a 2.3 MB list of 10,000 short
        // articles (massif).
        let copied = kept.reduce(0) { $0 + 1 + ($1?.count ?? 0) }
        let written = zip(fresh, texts).reduce(0) { total, entry in
            let document = sorted[entry.0].value
            return total + entry.1.utf8.count + document.id.rawValue.utf8.count + document.path.utf8.count + document.title.utf8.count
        }
        var json = JSONWriter(reservingCapacity: 64 + copied + written + written / 16 + fresh.count * Self.summaryFieldsSize)
        json.beginObject()
        json.field("boot", boot)
        json.field("version", version)
        json.field("lan", servesPhones)
        json.key("documents")
        json.beginArray()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(sorted.count)
        let write = { (earlier: UnsafeRawBufferPointer) in
            var texts = texts.makeIterator()
            for (document, keptBytes) in zip(sorted, kept) {
                let bytes = json.value { json in
                    if let keptBytes {
                        json.json(utf8: UnsafeRawBufferPointer(rebasing: earlier[keptBytes]))
                    } else {
                        document.value.writeSummary(version: document.version, text: texts.next() ?? "", into: &json)
                    }
                }
                entries[document.value.id.rawValue] = Entry(version: document.version, bytes: bytes)
            }
        }
        if let last { last.response.body.withUnsafeBytes(write) } else { write(UnsafeRawBufferPointer(start: nil, count: 0)) }
        json.endArray()
        json.key("skipped")
        json.beginArray()
        for link in linksLeadingOutside {
            json.beginObject()
            json.field("path", link)
            json.field("reason", SkippedLink.leadsOutside.rawValue)
            json.field("message", SkippedLink.leadsOutside.sentence(about: link))
            json.endObject()
        }
        json.endArray()
        json.endObject()
        self.version = version
        wordsCollected = fresh.count
        response = HTTPResponse.json(json)
        self.entries = entries
    }

    /// The bytes of an entry besides its strings' own: the names, the
    /// kind, numbers and punctuation (about 120; 160 leaves room for escapes).
    private static let summaryFieldsSize = 160
}
