import GalleyCore
import XCTest

/// Identifiers order and print as their text does, so tables keyed by them
/// list in the order they did as strings, and a literal names one in a test.
final class StringIdentifierTests: XCTestCase {
    func testOrdersAndPrintsAsItsText() {
        let paths: [RelativePath] = ["b/a.json", "a/z.json", "a.json", "A.json"]
        XCTAssertEqual(paths.sorted().map(\.rawValue), paths.map(\.rawValue).sorted())
        XCTAssertEqual("\(DocumentID(rawValue: "0a1b"))", "0a1b")
        XCTAssertEqual(KindName(rawValue: "body"), "body")
        XCTAssertNotEqual(AbsolutePath("/a"), AbsolutePath("/b"))
    }
}
