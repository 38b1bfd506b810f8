import Foundation
import XCTest
@testable import GalleyApp

final class JSONTextTests: XCTestCase {
    func testQuotedStringsRoundTripThroughAJSONParser() throws {
        let samples = ["", "plain", "quote \" backslash \\ slash /", "line\nreturn\rtab\t", "\u{0}\u{1}\u{1F}",
                       "<script>alert(1)</script>", "sep\u{2028}para\u{2029}end", "ペンギン 🐧 é", "\u{E2}\u{80}", "x\u{2027}y"]
        for sample in samples {
            let quoted = JSONText.quoted(sample)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
            XCTAssertEqual(decoded, [sample], quoted)
            XCTAssertFalse(quoted.contains("<"), "'<' is always escaped")
            XCTAssertFalse(quoted.unicodeScalars.contains("\u{2028}"))
        }
        XCTAssertEqual(JSONText.quoted("a\u{1}<\u{2028}"), #""a\u0001\u003c\u2028""#)
    }
}
