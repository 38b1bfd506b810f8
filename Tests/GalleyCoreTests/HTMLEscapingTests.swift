import XCTest

@testable import GalleyCore

final class HTMLEscapingTests: XCTestCase {
    /// The rule written character by character, as it reads in the HTML standard.
    private func reference(_ text: String, keepingApostrophes: Bool, breakingLines: Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'" where !keepingApostrophes: result += "&#39;"
            case "\u{2028}" where breakingLines: result += "<br>"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    func testEachSpecialCharacterIsEscapedAndOtherTextKept() {
        XCTAssertEqual(HTMLEscaping.escape("a & b < c > d \" e ' f"), "a &amp; b &lt; c &gt; d &quot; e &#39; f")
        XCTAssertEqual(HTMLEscaping.escape("font-family:'A B'", keepingApostrophes: true), "font-family:'A B'")
        XCTAssertEqual(HTMLEscaping.escape("かな & 漢字 é"), "かな &amp; 漢字 é")
        XCTAssertEqual(HTMLEscaping.escape("line\u{2028}separator"), "line\u{2028}separator", "only a run's text breaks lines")
        XCTAssertEqual(HTMLEscaping.escapeBreakingLines("one\u{2028}two\u{2028}"), "one<br>two<br>")
        XCTAssertEqual(HTMLEscaping.escapeBreakingLines("\u{2029}\u{2027}<"), "\u{2029}\u{2027}&lt;", "neighbours of U+2028 are kept")
        XCTAssertEqual(HTMLEscaping.escapeBreakingLines(""), "")
    }

    func testRandomTextIsEscapedAsTheRuleSays() {
        let pieces = ["a", "&", "<", ">", "\"", "'", "\u{2028}", "\u{2029}", "é", "e\u{301}", "漢", "🐧", " ", "&amp;"]
        var generator = SeededRandom(seed: 44)
        for _ in 0..<2000 {
            let text = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for keeping in [false, true] {
                XCTAssertEqual(
                    HTMLEscaping.escape(text, keepingApostrophes: keeping),
                    reference(text, keepingApostrophes: keeping, breakingLines: false))
            }
            XCTAssertEqual(HTMLEscaping.escapeBreakingLines(text), reference(text, keepingApostrophes: false, breakingLines: true))
        }
    }
}
