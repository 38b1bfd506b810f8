import GalleyCore
import XCTest

/// Runs of kept blocks folded in a review, a block of context left beside each change.
final class UnchangedRunsTests: XCTestCase {
    private func changes(_ pattern: String) -> [BlockDiff.Change] {
        pattern.enumerated().map { index, mark in mark == "k" ? .kept(old: index, new: index) : .changed(old: index, new: index) }
    }

    func testRunsFoldButTheBlockBesideEachChange() {
        XCTAssertEqual(UnchangedRuns.folded(changes("kkkkkckkkkkkkkkkkc")), [0..<4, 7..<16])
        XCTAssertEqual(UnchangedRuns.folded(changes("ckkkkkkkkkkkkkkk")), [2..<16])
    }

    func testShortRunsStayAndADocumentWithoutChangesFoldsWhole() {
        XCTAssertEqual(UnchangedRuns.folded(changes("ckkkc")), [], "one block between the context is not folded")
        XCTAssertEqual(UnchangedRuns.folded(changes("ckkkkc")), [2..<4])
        XCTAssertEqual(UnchangedRuns.folded(changes("kkkk")), [0..<4])
        XCTAssertEqual(UnchangedRuns.folded(changes("k")), [])
        XCTAssertEqual(UnchangedRuns.folded([]), [])
    }
}
