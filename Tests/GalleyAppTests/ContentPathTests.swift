import XCTest

@testable import GalleyApp

final class ContentPathTests: XCTestCase {
    func testRelativePathsCompareBytesNotGraphemes() {
        let table: [(path: String, root: String, relative: String?)] = [
            ("/r/a/b", "/r", "a/b"), ("/r", "/r", ""), ("/r/a", "/r/", "a"), ("/rx/a", "/r", nil),
            ("/a", "/", "a"), ("/elsewhere", "/r", nil),
            // A name that begins with a combining mark stays inside its folder.
            ("/r/\u{619}a", "/r", "\u{619}a"), ("/r\u{301}/a", "/r", nil),
        ]
        for row in table {
            XCTAssertEqual(ContentPath.relative(row.path, to: row.root), row.relative, "\(row.path) in \(row.root)")
        }
    }
}
