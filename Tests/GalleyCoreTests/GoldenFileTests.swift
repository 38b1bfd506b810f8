import GalleyTestSupport
import XCTest

/// A golden file's failure shows where it differs, even inside one long line
/// (the patch fixture is a single line of JSON).
final class GoldenFileTests: XCTestCase {
    func testTheDiffNamesChangedLinesOnly() {
        XCTAssertEqual(GoldenFile.diff(expected: "a\nb\nc", actual: "a\nB\nc\nd"), ["-2: b", "+2: B", "+4: d"])
        XCTAssertEqual(GoldenFile.diff(expected: "same", actual: "same"), [])
    }

    func testALongLineIsShownAroundItsFirstDifference() {
        let expected = String(repeating: "x", count: 5_000) + "old" + String(repeating: "y", count: 5_000)
        let actual = String(repeating: "x", count: 5_000) + "new" + String(repeating: "y", count: 5_000)
        let diff = GoldenFile.diff(expected: expected, actual: actual)
        XCTAssertEqual(diff.count, 2)
        XCTAssertTrue(diff[0].hasPrefix("-1 (column 5001): …"), diff[0])
        XCTAssertTrue(diff[0].contains("xold"), diff[0])
        XCTAssertTrue(diff[1].contains("xnew"), diff[1])
        XCTAssertLessThan(diff[0].count, 200, "only the neighbourhood of the difference is shown")
    }
}
