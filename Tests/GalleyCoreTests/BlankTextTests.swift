import XCTest

@testable import GalleyCore

final class BlankTextTests: XCTestCase {
    func testBlankTextIsWhitespaceThroughoutAsSwiftCountsIt() {
        let texts = [
            "", " ", "\t\n\r\n", "\u{0B}\u{0C}", "\u{00A0}", "\u{3000} ", "\u{2029}", " \u{85}",
            "a", " a", "\u{00A0}x", "é", "\u{301}", "\u{3000}漢", "\u{200B}", "\n\u{0}",
        ]
        for text in texts {
            XCTAssertEqual(text.isBlank, text.allSatisfy(\.isWhitespace), text.debugDescription)
            XCTAssertEqual(text[...].isBlank, text.allSatisfy(\.isWhitespace), text.debugDescription)
        }
    }
}
