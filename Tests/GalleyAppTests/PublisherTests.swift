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
        PublishedDocument(id: id, path: "\(id).json", item: 0, title: title, kind: .tagged,
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
        // The outbox and the long-poll state each keep every document: each holds a reference, not some 300 bytes again.
        XCTAssertLessThanOrEqual(MemoryLayout<PublishedDocument>.size, 4 * MemoryLayout<Int>.size)
        let shown = document("a", title: "Penguin")
        var followed = shown
        followed.follow = PublishedDocument.Follow(line: 3, serial: 1)
        XCTAssertNil(shown.follow)
        XCTAssertEqual(followed.title, "Penguin")
    }

    func testTheDocumentListReservesAboutWhatItWrites() {
        let documents = (0..<100).map { Versioned(document("d\($0)", title: "Article \($0)"), version: $0 + 1) }
        let json = PublishedDocument.indexJSON(boot: "boot", version: 100, documents: documents)
        // The list is kept while it is current: room reserved for words no document has is memory held for nothing.
        XCTAssertLessThan(json.bytes.capacity, 2 * json.bytes.count)
    }
}
