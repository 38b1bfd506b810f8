import Glibc
import XCTest

@testable import GalleyApp

final class ChangesRequestTests: XCTestCase {
    func testARevisionOrHEAD() {
        XCTAssertEqual(try ChangesRequest.read(since: "HEAD~1").get(), ChangesRequest(revision: "HEAD~1"))
        XCTAssertEqual(try ChangesRequest.read(since: " main ").get(), ChangesRequest(revision: "main"))
        XCTAssertEqual(try ChangesRequest.read(since: nil).get(), ChangesRequest(revision: "HEAD"))
        XCTAssertEqual(try ChangesRequest.read(since: "").get(), ChangesRequest(revision: "HEAD"))
    }

    func testARangeAnOptionOrAMessageSearchIsABadRequest() {
        for since in ["main..HEAD", "a...b", "--output=x", "HEAD\nx", "HEAD^{/(.*)(.*)\\1x}", ":/fix", String(repeating: "a", count: 300)] {
            guard case .failure(let refusal) = ChangesRequest.read(since: since) else { return XCTFail("\(since) was read") }
            XCTAssertEqual(refusal.status, 400, since)
        }
    }

    func testGitFailuresAnswerAsWhatTheyAre() {
        let request = ChangesRequest(revision: "x")
        XCTAssertEqual(request.refusal(for: .notAWorkTree(complaint: "fatal: /home/a")).status, 404)
        XCTAssertEqual(request.refusal(for: .foreignGitDirectory).status, 404)
        XCTAssertEqual(request.refusal(for: .noSuchRevision("x")).status, 404)
        XCTAssertEqual(request.refusal(for: .notARevision("x")).status, 400)
        XCTAssertEqual(request.refusal(for: .timedOut(step: .revParse, limit: .seconds(20))).status, 504)
        XCTAssertEqual(request.refusal(for: .gitFailed(step: .lsTree, complaint: "fatal: /home/a")).status, 500)
        // A daemon stopping is not a fault: the page may ask again; a full temporary folder is the server's.
        XCTAssertEqual(request.refusal(for: .unpacking(.removed)).status, 503)
        XCTAssertEqual(request.refusal(for: .unpacking(.cannotMake(errno: ENOSPC))).status, 500)
        XCTAssertEqual(request.refusal(for: .noSuchRevision("x")).reason, "no revision 'x' in the content folder's git history")
        // What git said may name the author's paths: it is for the command line only.
        XCTAssertFalse(request.refusal(for: .notAWorkTree(complaint: "fatal: /home/a")).reason.contains("/home"))
        XCTAssertFalse(request.refusal(for: .gitFailed(step: .lsTree, complaint: "fatal: /home/a")).reason.contains("/home"))
    }

    /// A device cannot tell a revision that is not there from one it may not ask for.
    func testADeviceGetsOneAnswerForAbsentAndRefusedRevisions() throws {
        XCTAssertNoThrow(try ChangesRequest.read(since: "HEAD~2", asker: .device).get())
        XCTAssertNoThrow(try ChangesRequest.read(since: "HEAD^^", asker: .device).get())
        XCTAssertNoThrow(try ChangesRequest.read(since: "0123abc", asker: .device).get())
        let refused = { (since: String) -> ChangesRequest.Refusal? in
            guard case .failure(let refusal) = ChangesRequest.read(since: since, asker: .device) else { return nil }
            return refusal
        }
        let absent = ChangesRequest(revision: "main", asker: .device).refusal(for: .noSuchRevision("main"))
        XCTAssertEqual(refused("main"), absent)
        XCTAssertEqual(refused("main")?.status, 404)
        let searching = try XCTUnwrap(refused("HEAD^{/x}"))
        XCTAssertEqual(searching, ChangesRequest(revision: "HEAD^{/x}", asker: .device).refusal(for: .noSuchRevision("HEAD^{/x}")))
        XCTAssertEqual(refused("main..HEAD")?.status, 404)
        XCTAssertEqual(refused("HEADS-UP")?.status, 404)
    }
}
