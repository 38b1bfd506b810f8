import GalleyCore
import XCTest

/// Characters no installed face draws: fontconfig's character sets read
/// into one coverage, and a document's text held against it.
final class MissingGlyphsTests: XCTestCase {
    /// Two faces as `fc-list --format '%{charset}\n'` prints them: Latin and
    /// Thai, and a few emoji; a token it cannot read is skipped.
    private let coverage = CharacterCoverage(charsets: "20-7e a0-17f\ne01-e3a e3f-e5b 1f427 zz-1 5-3\n1f600-1f64f\n")

    private func document(_ texts: [String], title: String = "t") -> Document {
        Document(
            title: title, kind: .tagged,
            blocks: texts.enumerated().map { index, text in
                Block(
                    kind: "body", location: SourceLocation(line: index + 2, column: 5),
                    content: .paragraph(Paragraph(runs: [TextRun(text)])))
            })
    }

    func testCharsetsAreReadIntoOneCoverageThatAnswersEachCharacter() {
        XCTAssertEqual(
            CharacterCoverage(ranges: [5...9, 1...3, 4...4, 0x7F...0x80, 0x10FFFF...0x200000]),
            CharacterCoverage(charsets: "1-9 7f-80 10ffff x 3-1"))
        for covered: Unicode.Scalar in [
            " ", "~", "\u{A0}", "é", "\u{17F}", "\u{0E01}", "\u{0E3A}", "\u{0E3F}", "\u{1F427}", "\u{1F600}", "\u{1F64F}",
        ] {
            XCTAssertTrue(coverage.covers(covered), "\(covered)")
        }
        for missing: Unicode.Scalar in ["\u{7F}", "\u{9F}", "\u{0E3B}", "\u{0E3E}", "\u{1F428}", "\u{11F04}", "\u{F0000}"] {
            XCTAssertFalse(coverage.covers(missing), "\(missing)")
        }
    }

    func testTheFirstMissingCharactersAreNamedAtTheirBlockAndTheRestCounted() throws {
        let article = document(["Penguins กา 🐧", "Kawi \u{11F04}\u{11F05} and \u{F0000}", "\u{10D40} \u{11F04} \u{1F98A}"])
        let missing = MissingGlyphs(in: article, coverage: coverage)
        XCTAssertEqual(missing.characters.map(\.spoken), ["U+11F04 KAWI LETTER A", "U+11F05 KAWI LETTER AA", "U+F0000 private use"])
        XCTAssertEqual(missing.count, 5, "U+10D40, U+1F98A are the other two; U+11F04 counts once")
        XCTAssertEqual(missing.location, SourceLocation(line: 3, column: 5))
        let note = try XCTUnwrap(missing.diagnostic(path: "data.json"))
        XCTAssertEqual(
            note.formatted,
            "data.json:3:5: note: no installed font draws U+11F04 KAWI LETTER A, U+11F05 KAWI LETTER AA, "
                + "U+F0000 private use and 2 more: the preview shows a box for each")
        XCTAssertEqual(note.id, .missingGlyph)
        var json = JSONWriter()
        missing.write(into: &json)
        let first = #"{"character":"\#u{11F04}","codePoint":"U+11F04","name":"KAWI LETTER A"}"#
        XCTAssertTrue(json.text.hasPrefix(#"{"count":5,"characters":["# + first), json.text)
    }

    func testWhatNoFaceNeedsToDrawIsNotMissing() {
        // Controls, joiners, variation selectors and spaces change or space
        // the characters around them; an emoji sequence needs its emoji only.
        let article = document(["a\u{200D}b\u{FE0F}\u{E0100}\u{2007}\u{3000}\t\u{2028}\u{1F427}\u{200D}\u{1F600}"])
        XCTAssertTrue(MissingGlyphs(in: article, coverage: coverage).isEmpty)
        XCTAssertNil(MissingGlyphs(in: article, coverage: coverage).diagnostic(path: "data.json"))
    }

    func testTextOfASCIIAloneIsPassedOverOnlyWhenEveryPrintableASCIICharacterIsDrawn() {
        let long = String(repeating: "Plain words, long enough for many vector steps. ", count: 3)
        XCTAssertTrue(coverage.coversPrintableASCII)
        XCTAssertTrue(MissingGlyphs(in: document([long, "\t\u{7F}"]), coverage: coverage).isEmpty)
        // The one character past the vector steps, and the one in the byte-wise tail, are found.
        let found = MissingGlyphs(in: document([long + "\u{11F04}", "abc\u{11F05}"]), coverage: coverage)
        XCTAssertEqual(found.characters.map(\.codePoint), ["U+11F04", "U+11F05"])
        // A set of faces without `a` has ASCII text walked, and `a` named.
        let withoutA = CharacterCoverage(charsets: "20-60 62-7e")
        XCTAssertFalse(withoutA.coversPrintableASCII)
        XCTAssertEqual(MissingGlyphs(in: document([long]), coverage: withoutA).characters.map(\.spoken), ["U+0061 LATIN SMALL LETTER A"])
        XCTAssertFalse(CharacterCoverage(charsets: "21-7d").coversPrintableASCII, "`~` is printable")
        XCTAssertTrue(CharacterCoverage(charsets: "21-7e").coversPrintableASCII, "space is not drawn")
    }

    func testTheTitleAndTableCellsAreReadAndNothingIsMissingWithoutFontconfig() {
        let cell = TableCell(blocks: [
            Block(
                kind: "paragraph", location: SourceLocation(line: 9, column: 1),
                content: .paragraph(Paragraph(runs: [TextRun("\u{11F04}")])))
        ])
        var article = document(["plain"], title: "\u{0E3B}")
        article.blocks.append(Block(kind: "table", location: SourceLocation(line: 8, column: 1), content: .table([[cell]])))
        let missing = MissingGlyphs(in: article, coverage: coverage)
        XCTAssertEqual(missing.characters.map(\.codePoint), ["U+0E3B", "U+11F04"])
        XCTAssertEqual(missing.location, SourceLocation(line: 2, column: 5), "a title's character is said at the first block")
        XCTAssertTrue(MissingGlyphs(in: article, coverage: CharacterCoverage(charsets: "")).isEmpty)
    }
}
