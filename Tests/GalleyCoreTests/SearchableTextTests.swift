import GalleyCore
import XCTest

final class SearchableTextTests: XCTestCase {
    private func paragraph(_ text: String, line: Int) -> Block {
        Block(kind: "body", location: SourceLocation(line: line, column: 1), content: .paragraph(Paragraph(runs: [TextRun(text)])))
    }

    func testDistinctWordsInOrderLowerCasedFromParagraphsAndTables() {
        let cell = TableCell(blocks: [paragraph("Marsh crane", line: 3)])
        let document = Document(
            title: "T", kind: .tagged,
            blocks: [
                paragraph("Pelicans glide; pelicans FISH.", line: 1),
                Block(kind: "image", location: SourceLocation(line: 2, column: 1), content: .image(ImageBlock(source: .asset("x_01")))),
                Block(kind: "table", location: SourceLocation(line: 3, column: 1), content: .table([[cell]])),
            ])
        XCTAssertEqual(document.searchableText(), "pelicans glide fish marsh crane")
    }

    func testTheTextIsBoundedHoweverLongTheDocument() {
        let words = (0..<50_000).map { "word\($0)" }.joined(separator: " ")
        let document = Document(
            title: "T", kind: .tagged, blocks: [paragraph(words, line: 1), paragraph("ペリカンは大きなくちばしの袋で魚をすくい取ります", line: 2)])
        let text = document.searchableText(limit: 600)
        XCTAssertLessThanOrEqual(text.utf8.count, 600)
        XCTAssertTrue(text.hasPrefix("word0 word1 word2"))
        // A run of text without spaces is kept in part, within the bound.
        let japanese = Document(title: "T", kind: .tagged, blocks: [paragraph(String(repeating: "ペリカン", count: 200), line: 1)])
        XCTAssertTrue(japanese.searchableText().hasPrefix("ペリカン"))
        XCTAssertLessThanOrEqual(japanese.searchableText().utf8.count, 120)
    }

    /// ASCII runs are walked by bytes, others by characters: a word goes on across both.
    func testAWordGoesOnAcrossRunsOfASCIIAndOtherText() {
        let runs = [TextRun("Pel"), TextRun("icans glide"), TextRun("n\u{301}e ünd PELICANS, 42 \r\nbirds")]
        let document = Document(
            title: "T", kind: .tagged,
            blocks: [
                Block(kind: "body", location: SourceLocation(line: 1, column: 1), content: .paragraph(Paragraph(runs: runs)))
            ])
        XCTAssertEqual(document.searchableText(), "pelicans gliden\u{301}e ünd 42 birds")
    }

    /// A paragraph that is ASCII but for one character (the seed's body
    /// begins each with U+3000) is read as one that is all ASCII.
    func testACharacterBeyondASCIIEndsOrContinuesAWordAsItIs() {
        let document = Document(
            title: "T", kind: .tagged,
            blocks: [
                paragraph("\u{3000}Body text of Article 7.\u{3000}Caf\u{e9} au lait, cafe\u{301}s;\u{a0}body", line: 1)
            ])
        XCTAssertEqual(document.searchableText(), "body text of article 7 caf\u{e9} au lait cafe\u{301}s")
    }

    /// Words are lower-cased as `String.lowercased()` does it, whatever the script.
    func testWordsAreLowerCasedAsStringsAre() {
        let words = ["ÉCOLE", "Straße", "ΣΟΦΊΑ", "ПИНГВИН", "İstanbul", "ǅemal", "ⅫⅣ", "Ꭰꮿ", "ＡＢＣ"]
        let document = Document(title: "T", kind: .tagged, blocks: [paragraph(words.joined(separator: " "), line: 1)])
        XCTAssertEqual(document.searchableText(), words.map { $0.lowercased() }.joined(separator: " "))
    }

    /// Kana, ideographs and Hangul (scripts written without spaces, whose
    /// runs are long) are read without looking a scalar up in Unicode's
    /// tables; other scalars beyond ASCII are looked up once each.
    func testKanaIdeographsAndHangulNeedNoTableLookups() {
        let work = WorkCounter()
        let text = String(repeating: "「ペンギン」は、南極の海で泳ぎます。", count: 30) + "\u{3000}펭귄은 헤엄친다！"
        let document = Document(title: "T", kind: .tagged, blocks: [paragraph(text, line: 1)])
        let words = document.searchableText(work: work)
        XCTAssertEqual(work.steps, 0)
        XCTAssertTrue(words.hasPrefix("ペンギン は 南極の海で泳ぎます"))
        XCTAssertTrue(words.hasSuffix(" 펭귄은 헤엄친다"))

        let accented = WorkCounter()
        let french = Document(title: "T", kind: .tagged, blocks: [paragraph("Élan été à côté", line: 1)])
        XCTAssertEqual(french.searchableText(work: accented), "élan été à côté")
        XCTAssertEqual(accented.steps, 6)
    }

    /// A long word is cut within `longestWord` bytes where a scalar begins.
    func testALongWordIsCutWhereAScalarBegins() {
        for text in [String(repeating: "é", count: 200), String(repeating: "a", count: 119) + String(repeating: "海", count: 50)] {
            let document = Document(title: "T", kind: .tagged, blocks: [paragraph(text, line: 1)])
            let words = document.searchableText()
            XCTAssertLessThanOrEqual(words.utf8.count, 120)
            XCTAssertGreaterThan(words.utf8.count, 116)
            XCTAssertTrue(text.lowercased().hasPrefix(words))
        }
    }
}
