import Foundation
import GalleyCore
import Synchronization
import XCTest

@testable import GalleyApp
@testable import GalleyServer

/// The publisher's answers without a server: each body is built once per
/// version and shared, and a held poll hears the change it waits for.
final class PublisherTests: XCTestCase {
    private func document(_ id: String, title: String) -> PublishedDocument {
        PublishedDocument(
            id: DocumentID(rawValue: id), path: DocumentPath(rawValue: "\(id).json"), item: 0, title: title, kind: .tagged,
            rendered: HTMLRenderer(context: RenderContext()).render(Document(title: title, kind: .rtf, blocks: [])),
            css: "", layout: .null, diagnostics: [])
    }

    private func answerNow(_ publisher: Publisher, _ request: LongPollRequest) -> HTTPResponse? {
        guard case .now(let response) = publisher.reply(to: request, wait: 25) else { return nil }
        return response
    }

    private func json(_ response: HTTPResponse?) throws -> [String: Any] {
        let response = try XCTUnwrap(response)
        let bytes = Data(UnsafeRawBufferPointer(rebasing: response.body.pointer[..<response.body.count]))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    private struct AnsweredAtOnce: Error {}

    /// Parks `request` as the server would, with a handle whose answer the test reads.
    private func park(_ publisher: Publisher, _ request: LongPollRequest) throws -> PendingResponse {
        guard case .later(let register) = publisher.reply(to: request, wait: 25) else { throw AnsweredAtOnce() }
        let pending = PendingResponse {}
        register(pending)
        return pending
    }

    func testEveryPageGetsTheSameBodyForOneVersion() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let first = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))
        let second = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: 0)))
        XCTAssertTrue(first.body === second.body, "the body was built again for the same version")
        XCTAssertEqual(try json(first)["title"] as? String, "Penguin")

        publisher.publish(changed: [document("a", title: "Pelican")], removed: [], images: nil)
        let third = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))
        XCTAssertFalse(third.body === first.body, "an old version's body was served after a change")
        XCTAssertEqual(try json(third)["title"] as? String, "Pelican")
    }

    func testTheIndexIsBuiltOncePerVersion() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin"), document("b", title: "Puffin")], removed: [], images: nil)
        let first = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .index, since: nil)))
        let second = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .index, since: nil)))
        XCTAssertTrue(first.body === second.body)
        XCTAssertEqual((try json(first)["documents"] as? [Any])?.count, 2)

        publisher.publish(changed: [], removed: ["b"], images: nil)
        let after = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .index, since: nil)))
        XCTAssertFalse(after.body === first.body)
        XCTAssertEqual((try json(after)["documents"] as? [Any])?.count, 1)
    }

    func testAHeldPollHearsTheChangeAndSharesItsBody() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let version = try XCTUnwrap(try json(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))["version"] as? Int)
        let held = try (0..<3).map { _ in try park(publisher, LongPollRequest(topic: .document("a"), since: version)) }
        XCTAssertTrue(held.allSatisfy { $0.response == nil }, "a poll was answered before anything changed")

        XCTAssertEqual(publisher.publish(changed: [document("a", title: "Pelican")], removed: [], images: nil), 3)
        let bodies = try held.map { try XCTUnwrap($0.response).body }
        XCTAssertTrue(bodies.allSatisfy { $0 === bodies[0] }, "each held page got a body of its own")
        XCTAssertEqual(try json(held[0].response)["title"] as? String, "Pelican")
        let late = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: version)))
        XCTAssertTrue(late.body === bodies[0], "a page that asked after the change got another body")
    }

    func testAPollForARemovedDocumentHearsItIsGone() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let version = try XCTUnwrap(try json(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))["version"] as? Int)
        let held = try park(publisher, LongPollRequest(topic: .document("a"), since: version))
        publisher.publish(changed: [], removed: ["a"], images: nil)
        XCTAssertEqual(held.response?.status, 404)
        XCTAssertEqual(try json(held.response)["removed"] as? Bool, true)
        XCTAssertEqual(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil))?.status, 404)
    }

    func testAnnouncingAnEditorRebuildsTheBodies() throws {
        var announcement = JSONWriter()
        announcement.beginObject()
        announcement.field("token", "t")
        announcement.endObject()
        let publisher = Publisher(boot: "boot", editorAnnouncement: JSONFragment(announcement), announced: false)
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let without = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))
        publisher.announceEditor(true)
        let with = try XCTUnwrap(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))
        XCTAssertFalse(with.body === without.body, "the body cached before the editor came was served")
        XCTAssertTrue(try json(without)["editor"] is NSNull)
        XCTAssertEqual((try json(with)["editor"] as? [String: Any])?["token"] as? String, "t")
    }

    func testShutdownAnswersEveryHeldPoll() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let index = try XCTUnwrap(try json(answerNow(publisher, LongPollRequest(topic: .index, since: nil)))["version"] as? Int)
        let held = try park(publisher, LongPollRequest(topic: .index, since: index))
        XCTAssertNil(held.response)
        publisher.answerAll()
        XCTAssertEqual(held.response?.status, 200)
    }

    func testCopiesOfADocumentShareItsFieldsButNotTheFollowedLine() {
        // Answers, lists and changes carry documents: each copy is a reference, not some 300 bytes again.
        XCTAssertLessThanOrEqual(MemoryLayout<PublishedDocument>.size, 2 * MemoryLayout<Int>.size)
        let shown = document("a", title: "Penguin")
        var followed = shown
        followed.follow = PublishedDocument.Follow(line: 3, serial: 1)
        XCTAssertNil(shown.follow)
        XCTAssertEqual(followed.title, "Penguin")
        XCTAssertTrue(shown.isSame(as: shown))
        XCTAssertFalse(followed.isSame(as: shown))
        XCTAssertFalse(document("a", title: "Penguin").isSame(as: shown))
    }

    /// The daemon keeps each document once: the outbox holds one only until
    /// the publisher has it, then reads it back from there.
    func testEachPublishedDocumentIsKeptOnceInThePublisher() throws {
        let publisher = Publisher(boot: "boot")
        var outbox = Outbox()
        outbox.hand(to: publisher)
        for number in 0..<20 { outbox.publish(document("d\(number)", title: "Penguin \(number)")) }
        XCTAssertEqual(outbox.heldCount, 20)
        let changes = outbox.takeChanges(images: [:], replacedReadings: [])
        // Handed over, not yet published: a second change before the publish still reads them here.
        XCTAssertEqual(outbox.heldCount, 20)
        XCTAssertEqual(outbox["d7"]?.title, "Penguin 7")
        publisher.publish(changed: changes.changed, removed: changes.removed, images: nil)
        outbox.releasePublished()
        XCTAssertEqual(outbox.heldCount, 0, "the outbox kept documents the publisher holds")
        XCTAssertEqual(publisher.publishedCount, 20)
        XCTAssertEqual(outbox.count, 20)
        XCTAssertEqual(outbox["d7"]?.title, "Penguin 7")
        XCTAssertEqual(outbox.allDocuments.count, 20)

        // A removal, a new version and a followed line are read from the outbox until published, then from the publisher.
        outbox.remove("d3")
        outbox.publish(document("d4", title: "Pelican"))
        outbox.follow(line: 9, in: ["d5"])
        XCTAssertNil(outbox["d3"])
        XCTAssertEqual(outbox.count, 19)
        XCTAssertEqual(outbox["d4"]?.title, "Pelican")
        XCTAssertEqual(publisher.published(["d4"]).first??.title, "Penguin 4")
        let next = outbox.takeChanges(images: [:], replacedReadings: [])
        XCTAssertEqual(Set(next.changed.map(\.id)), ["d4", "d5"])
        XCTAssertEqual(next.removed, ["d3"])
        publisher.publish(changed: next.changed, removed: next.removed, images: nil)
        outbox.releasePublished()
        XCTAssertEqual(outbox.heldCount, 0)
        XCTAssertEqual(publisher.publishedCount, 19)
        XCTAssertEqual(outbox.count, 19)
        XCTAssertNil(outbox["d3"])
        XCTAssertEqual(outbox["d4"]?.title, "Pelican")
        XCTAssertEqual(outbox["d5"]?.follow?.line, 9)
    }

    /// The daemon's lane on real files: after the load and after a save, the
    /// workspace holds no document of its own, and reads them from the publisher.
    func testTheDaemonKeepsEachDocumentOnceThroughLoadAndSave() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-publisher-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ name: String, _ titles: [String]) throws {
            let items = titles.map { #"{"name": "\#($0)", "detailText": ["Penguins dive."]}"# }.joined(separator: ",")
            try Data("[\(items)]".utf8).write(to: URL(fileURLWithPath: root + "/" + name))
        }
        try write("birds.json", ["Penguin", "Puffin", "Pelican"])
        try write("fish.json", ["Cod"])
        let publisher = Publisher(boot: "boot")
        let lane = WorkspaceLane(workspace: Workspace(root: root), publisher: publisher, log: Log(level: .quiet))
        lane.load()
        XCTAssertEqual(publisher.publishedCount, 4)
        XCTAssertEqual(lane.read { $0.outbox.heldCount }, 0, "the workspace kept its own copy of published documents")
        XCTAssertEqual(lane.read(\.documentCount), 4)

        try write("birds.json", ["Penguin", "Puffin"])
        lane.queue.sync { lane.perform(["birds.json"]) { $0.apply(changed: ["birds.json"], removed: []) } }
        XCTAssertEqual(publisher.publishedCount, 3)
        XCTAssertEqual(lane.read { $0.outbox.heldCount }, 0)
        XCTAssertEqual(lane.read { $0.allDocuments.map(\.title) }.sorted(), ["Cod", "Penguin", "Puffin"])
    }

    /// Without a publisher (`check`, `render`) the outbox is where documents are kept.
    func testAnOutboxWithoutAPublisherKeepsEveryDocument() {
        var outbox = Outbox()
        outbox.publish(document("a", title: "Penguin"))
        outbox.publish(document("b", title: "Puffin"))
        _ = outbox.takeChanges(images: [:], replacedReadings: [])
        outbox.releasePublished()
        outbox.remove("a")
        XCTAssertEqual(outbox.heldCount, 1)
        XCTAssertEqual(outbox.count, 1)
        XCTAssertEqual(outbox.allDocuments.map(\.title), ["Puffin"])
    }

    /// What a body holds is decided under the publisher's lock; the body is
    /// made after it, once, by the first page that needs it.
    func testABodyIsMadeOutsideTheLockOnceForEveryPage() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let first = try XCTUnwrap(publisher.answerNow(LongPollRequest(topic: .document("a"), since: nil)))
        let second = try XCTUnwrap(publisher.answerNow(LongPollRequest(topic: .document("a"), since: 0)))
        XCTAssertNil(first.valueIfMade, "the body was made while deciding the answer, under the lock")
        XCTAssertNil(second.valueIfMade)
        let made = first.value
        XCTAssertTrue(second.valueIfMade?.body === made.body, "a second page's body was made again")
        XCTAssertEqual(try json(made)["title"] as? String, "Penguin")
    }

    /// A poll told to wait, whose change is published before it is parked,
    /// is answered at once with that change: never parked after it.
    func testAPollParkedJustAfterItsChangeHearsIt() throws {
        let publisher = Publisher(boot: "boot")
        publisher.publish(changed: [document("a", title: "Penguin")], removed: [], images: nil)
        let version = try XCTUnwrap(try json(answerNow(publisher, LongPollRequest(topic: .document("a"), since: nil)))["version"] as? Int)
        guard case .later(let register) = publisher.reply(to: LongPollRequest(topic: .document("a"), since: version), wait: 25) else {
            return XCTFail("a page with the current version was answered at once")
        }
        publisher.publish(changed: [document("a", title: "Pelican")], removed: [], images: nil)
        let pending = PendingResponse {}
        register(pending)
        XCTAssertEqual(try json(pending.response)["title"] as? String, "Pelican")
        XCTAssertEqual(try json(pending.response)["version"] as? Int, version + 1)
    }

    /// An answer's JSON is written once: the body sent is the writer's own bytes.
    func testAJSONAnswerIsTheBytesItsWriterWrote() {
        var json = JSONWriter()
        json.beginObject()
        json.field("html", String(repeating: "<p class=\"body\">Penguins dive.</p>", count: 2_000))
        json.endObject()
        let written = json.bytes
        let response = HTTPResponse.json(json)
        XCTAssertEqual(
            response.body.pointer.baseAddress, written.withUnsafeBytes { $0.baseAddress },
            "the JSON was copied again into the body")
    }

    private func listed(_ id: String, _ words: String) -> PublishedDocument {
        PublishedDocument(
            id: DocumentID(rawValue: id), path: DocumentPath(rawValue: "\(id).json"), item: 0, title: id.uppercased(), kind: .tagged,
            rendered: HTMLRenderer(context: RenderContext()).render(Document(title: id, kind: .tagged, blocks: [])), css: "",
            layout: .null,
            searchable: Document(
                title: id, kind: .tagged,
                blocks: [
                    Block(
                        kind: "body", location: SourceLocation(line: 1, column: 1),
                        content: .paragraph(Paragraph(runs: [TextRun(words)])))
                ]),
            diagnostics: [])
    }

    /// After a save the list is made from the last one: only the saved
    /// document's words are collected, and the list is the one made afresh.
    func testTheDocumentListMadeAgainCollectsOnlyTheWordsOfWhatChanged() throws {
        var documents = (0..<50).map { Versioned(listed("d\(1000 + $0)", "penguins \($0) \"dive\""), version: $0 + 1) }
        let last = DocumentList(boot: "boot", version: 50, documents: documents, servesPhones: false, after: nil)
        XCTAssertEqual(last.wordsCollected, 50)
        documents[7] = Versioned(listed("d1007", "pelicans glide"), version: 51)
        documents.remove(at: 30)
        documents.insert(Versioned(listed("d0999", "a first one"), version: 52), at: 0)
        let made = DocumentList(boot: "boot", version: 52, documents: documents.shuffled(), servesPhones: false, after: last)
        XCTAssertEqual(made.wordsCollected, 2, "the saved and the added document")
        let afresh = DocumentList(boot: "boot", version: 52, documents: documents, servesPhones: false, after: nil)
        XCTAssertEqual(bytes(made.response), bytes(afresh.response))
        let entries = try XCTUnwrap(try json(made.response)["documents"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 50)
        XCTAssertEqual(entries.first?["id"] as? String, "d0999")
        XCTAssertNil(entries.first { $0["id"] as? String == "d1030" })
        // The words are an answer of their own, copied the same way, and asked for since a version.
        XCTAssertNil(entries.first?["text"], "the list carries no words")
        XCTAssertEqual(bytes(made.wordsResponse), bytes(afresh.wordsResponse))
        let words = try XCTUnwrap(try json(made.wordsResponse)["words"] as? [String: String])
        XCTAssertEqual(words.count, 50)
        XCTAssertEqual(words["d1007"], "pelicans glide")
        XCTAssertEqual(words["d1001"], "penguins 1 dive")
        XCTAssertNil(words["d1030"])
        XCTAssertEqual(try json(made.words(since: 50))["words"] as? [String: String], ["d1007": "pelicans glide", "d0999": "a first one"])
        XCTAssertEqual(try json(made.words(since: 52))["words"] as? [String: String], [:])
        XCTAssertEqual(try json(made.words(since: 52))["version"] as? Int, 52)
        // Made again with nothing new, from a list that itself copied its entries: still the same.
        let once = DocumentList(boot: "boot", version: 53, documents: documents, servesPhones: true, after: made)
        XCTAssertEqual(once.wordsCollected, 0)
        XCTAssertEqual(try json(once.response)["lan"] as? Bool, true)
        XCTAssertEqual(try json(once.response)["documents"] as? NSArray, try json(afresh.response)["documents"] as? NSArray)
    }

    /// The list and its words are kept until the next change: each body is
    /// written into room reserved for it, not grown by doubling, and kept
    /// with little room to spare, the list written afresh (whose entries'
    /// fields were reserved for generously) as much as one copied from the last.
    func testTheDocumentListsBodiesHaveNoRoomToGrow() {
        var documents = (0..<2_000).map { Versioned(listed("document-\(10_000 + $0)", "penguins \($0) \"dive\""), version: $0 + 1) }
        let first = DocumentList(boot: "boot", version: 2_000, documents: documents, servesPhones: false, after: nil)
        documents[7] = Versioned(listed("document-10007", "pelicans glide"), version: 2_001)
        let made = DocumentList(boot: "boot", version: 2_001, documents: documents, servesPhones: false, after: first)
        for body in [first.response.body, first.wordsResponse.body, made.response.body, made.wordsResponse.body] {
            XCTAssertLessThan(body.capacity, body.count + body.count / 8, "room for \(body.count) bytes")
        }
        let afresh = DocumentList(boot: "boot", version: 2_001, documents: documents, servesPhones: false, after: nil)
        XCTAssertEqual(bytes(made.response), bytes(afresh.response), "the same list, whichever way it was made")
        XCTAssertLessThan(afresh.response.body.capacity, afresh.response.body.count + afresh.response.body.count / 8)
    }

    private func bytes(_ response: HTTPResponse) -> [UInt8] {
        response.body.withUnsafeBytes { Array($0) }
    }
}
