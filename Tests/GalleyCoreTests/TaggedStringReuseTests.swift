import XCTest

@testable import GalleyCore

/// A reading of edited strings takes over what each unchanged string said
/// last time instead of classifying it again, and still says exactly what a
/// fresh reading says. Counted, not timed.
final class TaggedStringReuseTests: XCTestCase {
    /// Strings that make every part of a string's reading: images (with
    /// their namings), a caption, an unknown tag with its fix, full-width
    /// tags, an empty caption, and a caption out of place.
    private let texts = [
        "First paragraph.", "<image>01</image>", "<caption>A penguin.</caption>", "<imgae>02</imgae>",
        "＜image＞03＜／image＞", "<caption></caption>", "Last paragraph.",
    ]

    /// `texts` as JSON strings, one a line from line `firstLine`.
    private func strings(_ texts: [String], firstLine: Int = 1) -> [TaggedString] {
        texts.enumerated().map { index, text in
            let start = SourceLocation(line: firstLine + index, column: 7)
            let written = JSONEscaping.sourceQuoted(text)
            return TaggedString(
                text: text, range: SourceRange(start, SourceLocation(line: start.line, column: 7 + written.utf16.count)),
                notation: .jsonString)
        }
    }

    private func assertSame(_ parsed: TaggedParser.Parsed, _ fresh: TaggedParser.Parsed, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(parsed.blocks, fresh.blocks, file: file, line: line)
        XCTAssertEqual(parsed.diagnostics, fresh.diagnostics, file: file, line: line)
        XCTAssertEqual(parsed.imageNamings, fresh.imageNamings, file: file, line: line)
        XCTAssertEqual(parsed.strings.strings.map(\.range), fresh.strings.strings.map(\.range), file: file, line: line)
    }

    /// Parses `edited` after `original`, and checks the result against a fresh parse; returns the strings read anew.
    private func stringsRead(
        _ edited: [TaggedString], after original: [TaggedString], imageName: String = "littlepenguin", editedImageName: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Int {
        let first = TaggedParser(schema: .seed, path: "a.json").blocks(from: original, imageName: imageName)
        let counter = WorkCounter()
        let parsed = TaggedParser(schema: .seed, path: "a.json", stringsRead: counter).blocks(
            from: edited, imageName: editedImageName ?? imageName, reusing: first.strings)
        assertSame(
            parsed, TaggedParser(schema: .seed, path: "a.json").blocks(from: edited, imageName: editedImageName ?? imageName), file: file,
            line: line)
        return counter.steps
    }

    func testTheWarningsAndNamingsOfTheFixtureAreThere() {
        let parsed = TaggedParser(schema: .seed, path: "a.json").blocks(from: strings(texts), imageName: "littlepenguin")
        let images = parsed.blocks.filter { $0.kind == "image" }
        XCTAssertEqual(images.count, 1)
        XCTAssertNotNil(images.first.flatMap { parsed.imageNamings[$0.location] })
        XCTAssertEqual(Set(parsed.diagnostics.map(\.id)), [.unknownTag, .emptyBlock, .misplacedBlock])
        XCTAssertTrue(parsed.diagnostics.contains { !$0.fixIts.isEmpty })
    }

    func testAnEditedStringIsTheOnlyOneReadAgain() {
        var edited = texts
        edited[2] = "<caption>A little penguin.</caption>"
        XCTAssertEqual(stringsRead(strings(edited), after: strings(texts)), 1)
    }

    func testStringsMovedByAnInsertionAreNotReadAgainButPlacedWhereTheyAre() {
        // A string added at the top moves every other one a line down.
        XCTAssertEqual(stringsRead(strings(["New first paragraph."] + texts), after: strings(texts)), 1)
        // Another column, and the same text written with escapes (a longer range).
        let moved = strings(texts).map { string in
            TaggedString(
                text: string.text,
                range: SourceRange(
                    SourceLocation(line: string.location.line, column: 3),
                    SourceLocation(line: string.location.line, column: string.range.end.column + 8)), notation: .jsonString)
        }
        XCTAssertEqual(stringsRead(moved, after: strings(texts)), 0)
        XCTAssertEqual(stringsRead(Array(strings(texts).dropFirst(2)), after: strings(texts)), 0, "strings removed")
    }

    func testAnotherImageNameReadsEveryStringAgain() {
        XCTAssertEqual(stringsRead(strings(texts), after: strings(texts), editedImageName: "snowleopard"), texts.count)
    }

    func testAStringWrittenInAnotherNotationIsReadAgain() {
        let lines = strings(texts).map { TaggedString(text: $0.text, range: $0.range, notation: .line) }
        XCTAssertEqual(stringsRead(lines, after: strings(texts)), texts.count)
    }

    /// A word typed inside one string of a data file: that string alone is
    /// parsed (its bytes) and classified, and the reading is a fresh one's.
    func testAWordTypedInOneStringOfADataFileReadsThatStringAlone() throws {
        let text = DataFileTexts.pretty(items: 20, seed: 3)
        let target = "Paragraph 2 of item 11"
        let edited = Array(text.replacingOccurrences(of: target, with: "Paragraph 2 of the edited item 11").utf8)
        let counter = WorkCounter()
        let reader = DataFileReader(schema: .seed, path: "data.json", stringsRead: counter)
        let before = reader.snapshot(of: Array(text.utf8))
        let read = counter.steps
        let after = reader.reread(edited, after: before)
        XCTAssertEqual(after.reading, reader.snapshot(of: edited).reading)
        XCTAssertEqual(counter.steps - read - 20 * 5, 1, "only the edited string was classified again (beside the fresh reading's 100)")
        let line = try XCTUnwrap(String(decoding: edited, as: UTF8.self).split(separator: "\n").first { $0.contains("the edited item 11") })
        XCTAssertEqual(
            after.bytesRead, line.trimmingCharacters(in: CharacterSet(charactersIn: " ,")).utf8.count, "only the string's bytes were parsed"
        )

        // A line break typed into the item's text is read with the item, and the strings after it are still taken over.
        let broken = Array(text.replacingOccurrences(of: "\"" + target, with: "\"New paragraph\",\n      \"" + target).utf8)
        let steps = counter.steps
        let rebroken = reader.reread(broken, after: before)
        XCTAssertEqual(rebroken.reading, reader.snapshot(of: broken).reading)
        XCTAssertEqual(counter.steps - steps - 20 * 5 - 1, 1, "only the new string was classified (beside the fresh reading's 101)")
    }
}
