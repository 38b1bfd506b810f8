import GalleyCore
import XCTest

/// Greedy line breaking as the page's CSS breaks text, with advances that
/// make the arithmetic plain: every character 10 pt, a space 5 pt.
final class LineBreakingTests: XCTestCase {
    /// Measured once; broken at each width asked.
    private func lines(_ text: String, width: Double) -> [String] {
        LineBreaking(text) { $0 == " " ? 5 : 10 }.lines(width: width)
    }

    func testWordsThatFitShareALineAndTheSpaceAtTheEdgeHangs() {
        XCTAssertEqual(lines("one two three", width: 75), ["one two", "three"])
        // "one two" is 65 pt: it fits exactly; the space after it hangs past the edge.
        XCTAssertEqual(lines("one two three", width: 65), ["one two", "three"])
        XCTAssertEqual(lines("one two three", width: 64.99), ["one", "two", "three"])
        XCTAssertEqual(lines("one two three", width: 1000), ["one two three"])
        XCTAssertEqual(LineBreaking("") { _ in 10 }.lineCount(width: 100), 1, "an empty Text still has one line")
        XCTAssertEqual(
            LineBreaking("one two three\u{2028}four") { $0 == " " ? 0.5 : 1 }.lineCount(width: 7.5), 3, "counted as they are broken")
    }

    func testSpacesCollapseAndNoLineStartsWithOne() {
        XCTAssertEqual(lines("  one   two\n\tthree  ", width: 75), ["one two", "three"])
    }

    func testAWordLongerThanTheLineStartsItsOwnLineAndBreaksAtTheEdge() {
        XCTAssertEqual(lines("a abcdefghij b", width: 40), ["a", "abcd", "efgh", "ij b"])
        XCTAssertEqual(lines("abc", width: 1), ["a", "b", "c"], "one character at least on every line")
    }

    func testHyphensIdeographsAndForcedBreaks() {
        XCTAssertEqual(lines("well-known", width: 60), ["well-", "known"])
        XCTAssertEqual(lines("x -12345", width: 50), ["x", "-1234", "5"], "a minus sign stays with its number")
        // Kana break anywhere, but a line does not start with a full stop.
        XCTAssertEqual(lines("あいう。えお", width: 30), ["あい", "う。え", "お"])
        XCTAssertEqual(lines("one\u{2028}two", width: 1000), ["one", "two"])
    }

    func testFullWidthPunctuationSideBySideLosesItsBlankHalf() {
        // "」、" is 15 pt, not 20: four kana and the pair fit in 55.
        XCTAssertEqual(lines("「あい」、うえ", width: 60), ["「あい」、う", "え"])
        // A line's opening mark after the first line is half as wide: "「いい" is 25 pt.
        XCTAssertEqual(lines("ああ「いい", width: 25), ["ああ", "「いい"])
    }
}
