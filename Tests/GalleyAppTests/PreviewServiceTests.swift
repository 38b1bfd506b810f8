import Foundation
import GalleyCore
import XCTest

@testable import GalleyApp
@testable import GalleyServer

/// Routing without sockets: requests as libmicrohttpd would hand them over,
/// answered by the service the daemon runs.
final class PreviewServiceTests: XCTestCase {
    private var root = ""
    private var publisher: Publisher!
    private var service: PreviewService!
    private let host = ["host": "127.0.0.1:4400"]
    private let penguin = Array("not really a PNG, but served as it is".utf8)

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-routes-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/Pictures", withIntermediateDirectories: true)
        try Data(penguin).write(to: URL(fileURLWithPath: root + "/Pictures/penguin.png"))
        publisher = Publisher(boot: "boot")
        let image = ServedImage(
            path: "Pictures/penguin.png", contentHash: ContentHash.of(penguin), width: nil, height: nil, mimeType: "image/png")
        publisher.publish(
            changed: [
                PublishedDocument(
                    id: "a", path: "a.json", item: 0, title: "Penguin", kind: .tagged,
                    rendered: HTMLRenderer(context: RenderContext()).render(Document(title: "Penguin", kind: .tagged, blocks: [])),
                    css: "", layout: .null, diagnostics: [])
            ],
            removed: [], images: [image.path: image])
        service = PreviewService(
            publisher: publisher, guardrail: RequestGuard(port: 4400, boundHost: "127.0.0.1", extraNames: []),
            root: root, editor: EditorLink(command: nil, connectedEditors: EditorOpeners()),
            pictures: ImagePictures(root: root), review: LiveReview(root: root))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func get(
        _ path: String, query: [String: String] = [:], headers: [String: String] = [:],
        method: String = "GET", peer: PeerAddress = .loopback
    ) -> HTTPReply {
        service.reply(to: HTTPRequest(method: method, path: path, query: query, headers: host.merging(headers) { $1 }, peer: peer))
    }

    /// The answer of a request that is answered at once.
    private func now(
        _ path: String, query: [String: String] = [:], headers: [String: String] = [:],
        method: String = "GET", peer: PeerAddress = .loopback
    ) throws -> (status: Int, type: String?, body: String) {
        guard case .now(let response) = get(path, query: query, headers: headers, method: method, peer: peer) else {
            throw HeldInstead(path: path)
        }
        let body = String(decoding: UnsafeRawBufferPointer(rebasing: response.body.pointer[..<response.body.count]), as: UTF8.self)
        return (response.status, response.headers.first { $0.name == "Content-Type" }?.value, body)
    }

    private struct HeldInstead: Error {
        let path: String
    }

    func testPagesAndTheirFiles() throws {
        let index = try now("/")
        XCTAssertEqual(index.status, 200)
        XCTAssertEqual(index.type?.hasPrefix("text/html"), true)
        XCTAssertEqual(try now("/index.html").body, index.body)
        let page = try now("/doc/anything")
        XCTAssertEqual(page.status, 200)
        XCTAssertNotEqual(page.body, index.body)
        let script = try now("/_galley/galley.js")
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.type?.contains("javascript"), true)
        XCTAssertEqual(try now("/_galley/no-such.js").status, 404)
        XCTAssertEqual(try now("/elsewhere").status, 404)
    }

    func testTheAPIAnswersFromThePublisher() throws {
        let list = try now("/api/documents")
        XCTAssertEqual(list.status, 200)
        XCTAssertTrue(list.body.contains("\"Penguin\""), list.body)
        let document = try now("/api/documents/a")
        XCTAssertEqual(document.status, 200)
        let version = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(document.body.utf8)) as? [String: Any])?["version"] as? Int)
        guard case .later = get("/api/documents/a", query: ["since": "\(version)"]) else {
            return XCTFail("a page that is up to date was answered at once")
        }
        XCTAssertEqual(try now("/api/documents/zz").status, 404)
        XCTAssertEqual(try now("/api/layout/a", query: ["blocks": "nonsense"]).status, 404, "an untagged geometry was laid out")
    }

    func testImagesAreOnlyTheKnownOnesAndTheirBytes() throws {
        let picture = try now("/files/Pictures/penguin.png")
        XCTAssertEqual(picture.status, 200)
        XCTAssertEqual(picture.type, "image/png")
        XCTAssertEqual(Array(picture.body.utf8), penguin)
        let etag = "\"\(ContentHash.of(penguin))\""
        XCTAssertEqual(try now("/files/Pictures/penguin.png", headers: ["if-none-match": etag]).status, 304)
        for path in ["/files/Pictures/other.png", "/files/../Pictures/penguin.png", "/files/Pictures//penguin.png", "/files/"] {
            XCTAssertEqual(try now(path).status, 404, path)
        }
    }

    func testTheGuardComesFirst() throws {
        XCTAssertEqual(try now("/", headers: ["host": "evil.example:4400"]).status, 421)
        XCTAssertEqual(try now("/api/documents", headers: ["origin": "http://evil.example"]).status, 403)
        XCTAssertEqual(try now("/", method: "DELETE").status, 405)
    }

    func testTheChangesViewIsAPageAndItsMarkedPageIsMadeOffThisThread() throws {
        let page = try now(PreviewService.changesPath, query: ["since": "HEAD~1"])
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("data-page=\"changes\""))
        let range = try now("/api/changes", query: ["since": "main..HEAD"])
        XCTAssertEqual(range.status, 400, "refused before any git is run")
        XCTAssertTrue(range.body.contains("is a range"), range.body)
        guard case .later = get("/api/changes", query: ["since": "HEAD"]) else { return XCTFail("git ran on the HTTP thread") }
        XCTAssertEqual(try now("/api/changes", headers: ["sec-fetch-site": "cross-site"]).status, 403, "guarded as the rest of the API")
    }

    func testOpeningAnEditorIsForThisMachineAndNeedsAnEditor() throws {
        let stranger = PeerAddress(text: "192.0.2.7", isLoopback: false)
        XCTAssertEqual(try now(EditorLink.path, method: "POST", peer: stranger).status, 403)
        XCTAssertEqual(try now(PreviewService.lanCodePath, peer: stranger).status, 403)
        let local = try now(EditorLink.path, method: "POST")
        XCTAssertEqual(local.status, 404)
        XCTAssertEqual(local.body, EditorLink.unavailable + "\n")
        XCTAssertEqual(try now(PreviewService.lanCodePath).status, 404, "a QR code without --lan")
    }
}
