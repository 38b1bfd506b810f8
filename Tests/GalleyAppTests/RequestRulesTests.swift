import GalleyServer
import XCTest

@testable import GalleyApp

final class RequestRulesTests: XCTestCase {
    private let guardrail = RequestGuard(port: 4400, boundHost: "127.0.0.1", extraNames: ["preview.test"])

    private func request(_ path: String, method: String = "GET", headers: [String: String]) -> HTTPRequest {
        HTTPRequest(method: method, path: path, headers: headers)
    }

    func testHostMustBeTheServersOwn() {
        for host in ["127.0.0.1:4400", "localhost:4400", "LOCALHOST:4400", "[::1]:4400", "preview.test:4400"] {
            XCTAssertEqual(guardrail.check(request("/", headers: ["host": host])), .allowed, host)
        }
        for host in ["evil.example:4400", "127.0.0.1:80", "127.0.0.1", "attacker.127.0.0.1.nip.io:4400", ""] {
            XCTAssertEqual(guardrail.check(request("/", headers: ["host": host])), .refused(.unknownHost), host)
        }
        XCTAssertEqual(guardrail.check(request("/", headers: [:])), .refused(.unknownHost))
        XCTAssertEqual(RequestGuard.Refusal.unknownHost.status, 421, "a misdirected request, not a forbidden one")
    }

    func testAPIRefusesOtherOrigins() {
        let host = ["host": "127.0.0.1:4400"]
        XCTAssertEqual(
            guardrail.check(request("/api/documents", headers: host.merging(["origin": "http://127.0.0.1:4400"]) { $1 })), .allowed)
        XCTAssertEqual(
            guardrail.check(request("/api/documents", headers: host.merging(["origin": "http://evil.example"]) { $1 })),
            .refused(.crossOrigin))
        XCTAssertEqual(
            guardrail.check(request("/api/documents", headers: host.merging(["sec-fetch-site": "cross-site"]) { $1 })),
            .refused(.crossSite))
        XCTAssertEqual(
            guardrail.check(request("/api/documents", headers: host.merging(["sec-fetch-site": "same-origin"]) { $1 })), .allowed)
    }

    func testOnlyReadingMethods() {
        XCTAssertEqual(guardrail.check(request("/", method: "HEAD", headers: ["host": "localhost:4400"])), .allowed)
        XCTAssertEqual(
            guardrail.check(request("/", method: "POST", headers: ["host": "localhost:4400"])),
            .refused(.methodNotAllowed("POST")))
    }

    func testSafePaths() {
        for path in ["Assets.xcassets/a.imageset/a.png", "b/c d@2x.png", "ペンギン.png"] {
            XCTAssertTrue(SafePath.isClean(path), path)
        }
        for path in [
            "../etc/passwd", "a/../../b", "/etc/passwd", "a//b", "a/./b", "a\\..\\b", "a\u{0}b", "%2e%2e/x", "a;b", "a?b", "a#b", "", ".",
        ] {
            XCTAssertFalse(SafePath.isClean(path), path)
        }
    }
}
