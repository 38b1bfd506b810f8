import GalleyCore
import XCTest

/// Changes within a block, marked by word, and by character in text without spaces.
final class InlineDiffTests: XCTestCase {
    private func marked(_ old: String, _ new: String, budget: Int = InlineDiff.reviewBudget) -> String? {
        InlineDiff.mark(old: old[...], new: new[...], budget: budget).html
    }

    func testATwoCharacterEditOfAJapaneseParagraphIsTwoCharacters() {
        let old = "<p>　トキソプラズマの生活環の中で主に３つの形態があります。</p></div>"
        let new = "<p>　トキソプラズマの生命周の中で主に３つの形態があります。</p></div>"
        XCTAssertEqual(marked(old, new), "<p>　トキソプラズマの生<del>活環</del><ins>命周</ins>の中で主に３つの形態があります。</p></div>")
    }

    func testWordsAreMarkedWholeAndPunctuationOnItsOwn() {
        XCTAssertEqual(
            marked("<p>The quick brown fox jumps.</p>", "<p>The quick red fox jumps!</p>"),
            "<p>The quick <del>brown</del><ins>red</ins> fox jumps<del>.</del><ins>!</ins></p>")
    }

    func testTagsAndCharacterReferencesAreNeverSplitAndMarksNeverCrossATag() {
        XCTAssertEqual(
            marked("<p>Cats &amp; dogs <b>bark</b> loudly</p>", "<p>Cats &lt; dogs <i>bark</i> loudly</p>"),
            "<p>Cats <del>&amp;</del><ins>&lt;</ins> dogs <i>bark</i> loudly</p>")
        // An old tag is left out (its text stays), so the marked HTML opens and closes what the new one does.
        XCTAssertEqual(
            marked("<p>Keep <b>this bold</b> text here</p>", "<p>Keep this text here now</p>"),
            "<p>Keep this <del>bold </del>text here<ins> now</ins></p>")
    }

    func testTheMarkedHTMLIsTheNewRenderingWithMarksAdded() {
        var random = SeededRandom(seed: 43)
        let pieces = ["<p>", "</p>", "<b>", "</b>", "&amp;", "猫", "犬", "の", "cat", "dog", " ", ".", "é", "が\u{FE00}"]
        var markedCount = 0
        for _ in 0..<300 {
            let words = (0..<30).map { _ in pieces.randomElement(using: &random) ?? "" }
            var edited = words
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                edited[Int.random(in: 0..<edited.count, using: &random)] = pieces.randomElement(using: &random) ?? ""
            }
            let (old, new) = (words.joined(), edited.joined())
            guard let html = marked(old, new) else { continue }
            markedCount += 1
            // Without the marks, and without what they say was removed, it is the new rendering exactly.
            let withoutRemoved = html.replacing(/<del>.*?<\/del>/, with: "")
            XCTAssertEqual(withoutRemoved.replacing("<ins>", with: "").replacing("</ins>", with: ""), new, "\(old) → \(new)")
            // No mark holds a tag, or part of a character reference or of a character.
            for match in html.matches(of: /<(del|ins)>(.*?)<\/(del|ins)>/) {
                let inside = String(match.output.2)
                XCTAssertFalse(inside.contains("<"), html)
                XCTAssertFalse(inside.hasPrefix("\u{FE00}") || inside.hasPrefix("amp;"), html)
            }
        }
        XCTAssertGreaterThan(markedCount, 100, "most small edits are marked within")
    }

    func testARewrittenBlockAndAChangeOfTagsOnlyAreShownWhole() {
        XCTAssertNil(marked("<p>One two three four.</p>", "<p>Five six seven eight.</p>"))
        XCTAssertNil(marked("<p><b>Bold</b></p>", "<p><i>Bold</i></p>"))
        XCTAssertNil(marked("<p>Same</p>", "<p>Same</p>"))
    }

    func testAMegabyteParagraphWithATwoCharacterEditFillsFourCells() {
        let text = String(repeating: "トキソプラズマは細胞内寄生生物です。", count: 20_000)
        let old = "<p>" + text + "猫犬" + text + "</p>"
        let new = "<p>" + text + "猫鳥" + text + "</p>"
        XCTAssertGreaterThan(old.utf8.count, 1_000_000)
        let marking = InlineDiff.mark(old: old[...], new: new[...], budget: InlineDiff.reviewBudget)
        XCTAssertEqual(marking.cells, 1)
        XCTAssertEqual(marking.html?.contains("猫<del>犬</del><ins>鳥</ins>"), true)
    }

    func testTwoDifferentMegabyteParagraphsFillNoTableAndAreShownWhole() {
        let old = "<p>" + String(repeating: "alpha beta ", count: 100_000) + "</p>"
        let new = "<p>" + String(repeating: "gamma delta ", count: 100_000) + "</p>"
        let marking = InlineDiff.mark(old: old[...], new: new[...], budget: InlineDiff.reviewBudget)
        XCTAssertNil(marking.html)
        XCTAssertEqual(marking.cells, 0, "past the largest table, no cell is filled")
    }

    func testTheWorkIsCappedPerBlockAndByWhatIsLeftOfTheReviewsBudget() {
        // 600 words against 600 others, about a third in common: a table of 1,200 × 1,200 tokens is past the cap.
        let words = (0..<600).map { "w\($0)" }
        let old = "<p>" + words.joined(separator: " ") + "</p>"
        let new = "<p>" + words.enumerated().map { $0.offset % 3 == 0 ? $0.element : "x\($0.offset)" }.joined(separator: " ") + "</p>"
        XCTAssertEqual(InlineDiff.mark(old: old[...], new: new[...], budget: InlineDiff.reviewBudget).cells, 0)
        let smaller = (0..<300).map { $0 % 5 == 0 ? "x\($0)" : "w\($0)" }.joined(separator: " ")
        let fits = InlineDiff.mark(old: "<p>\(words.prefix(300).joined(separator: " "))</p>", new: "<p>\(smaller)</p>", budget: 400_000)
        XCTAssertNotNil(fits.html)
        XCTAssertLessThanOrEqual(fits.cells, 400_000)
        XCTAssertGreaterThan(fits.cells, 0)
        let spent = InlineDiff.mark(old: "<p>\(words.prefix(300).joined(separator: " "))</p>", new: "<p>\(smaller)</p>", budget: 1000)
        XCTAssertNil(spent.html, "a review's budget spent, the block is shown whole")
        XCTAssertEqual(spent.cells, 0)
    }
}
