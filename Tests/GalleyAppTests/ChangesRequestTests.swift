import XCTest
@testable import GalleyApp

final class ChangesRequestTests: XCTestCase {
    func testARevisionOrHEAD() {
        XCTAssertEqual(try ChangesRequest.read(since: "HEAD~1").get(), ChangesRequest(revision: "HEAD~1"))
        XCTAssertEqual(try ChangesRequest.read(since: " main ").get(), ChangesRequest(revision: "main"))
        XCTAssertEqual(try ChangesRequest.read(since: nil).get(), ChangesRequest(revision: "HEAD"))
        XCTAssertEqual(try ChangesRequest.read(since: "").get(), ChangesRequest(revision: "HEAD"))
    }

    func testARangeOrAnOptionIsABadRequest() {
        for since in ["main..HEAD", "a...b", "--output=x", "HEAD\nx"] {
            guard case .failure(let refusal) = ChangesRequest.read(since: since) else { return XCTFail("\(since) was read") }
            XCTAssertEqual(refusal.status, 400, since)
        }
    }

    func testGitFailuresAnswerAsWhatTheyAre() {
        let status = { (problem: GitHistory.GitError.Problem) in
            ChangesRequest.refusal(for: GitHistory.GitError(problem: problem, description: "why")).status
        }
        XCTAssertEqual(status(.notAWorkTree), 404)
        XCTAssertEqual(status(.noSuchRevision), 404)
        XCTAssertEqual(status(.notARevision), 400)
        XCTAssertEqual(status(.gitFailed), 500)
        XCTAssertEqual(ChangesRequest.refusal(for: GitHistory.GitError(problem: .noSuchRevision, description: "no revision 'x'")).reason, "no revision 'x'")
    }
}
