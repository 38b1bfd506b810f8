import XCTest

@testable import GalleyCore

final class TaggedContentTests: XCTestCase {
    private func read(_ json: String, schema: ContentSchema = .seed) -> DataFileReading {
        DataFileReader(schema: schema, path: "data.json").read(Array(json.utf8))
    }

    private func items(_ json: String) throws -> [ItemReading] {
        guard case .items(let items, _) = read(json) else {
            XCTFail("not read as items")
            return []
        }
        return items
    }

    func testSeedKindsAndLocations() throws {
        let json = """
            [{"name": "Little Penguin", "imageName": "lpenguin", "detailText": [
                "本文",
                "<image>02</image>",
                "<caption>夜に帰ってくる群れ</caption>"
            ]}]
            """
        let item = try XCTUnwrap(items(json).first)
        XCTAssertEqual(item.document.title, "Little Penguin")
        XCTAssertEqual(item.diagnostics, [])
        XCTAssertEqual(
            item.document.blocks,
            [
                Block(
                    kind: "body", location: SourceLocation(line: 2, column: 5),
                    content: .paragraph(Paragraph(runs: [TextRun("\u{3000}本文")]))),
                Block(
                    kind: "image", location: SourceLocation(line: 3, column: 5),
                    content: .image(ImageBlock(source: .asset("lpenguin_02")))),
                Block(
                    kind: "caption", location: SourceLocation(line: 4, column: 5),
                    content: .paragraph(Paragraph(runs: [TextRun("夜に帰ってくる群れ")]))),
            ])
    }

    func testObjectHoldingItemsAndNonContentJSON() throws {
        XCTAssertEqual(try items(#"{"version": 2, "species": [{"name": "A", "detailText": ["x"]}]}"#).count, 1)
        guard case .notContent = read(#"{"name": "package", "dependencies": []}"#) else { return XCTFail("manifest read as content") }
    }

    func testSyntaxErrorIsInvalidWithPosition() {
        guard case .invalid(let diagnostic) = read("[{\"name\": \"A\",\n  \"detailText\": [\"a\" \"b\"]}]") else {
            return XCTFail("broken JSON accepted")
        }
        XCTAssertEqual(diagnostic.formatted, "data.json:2:21: error: missing ',' between array elements")
    }

    func testAuthorMistakesAreWarnedAtTheirString() throws {
        let json = """
            [{"name": "A", "imageName": "p", "detailText": [
              "<caption>stray</caption>",
              "<imgae>02</imgae>",
              "<caption>unclosed",
              "<image>01</image>",
              "<caption>ok</captoin>",
              "",
              42
            ]},
            {"imageName": "q", "detailText": "not an array", "imageName": "r"}]
            """
        let readings = try items(json)
        XCTAssertEqual(
            readings[0].diagnostics.map(\.formatted),
            [
                "data.json:8:3: warning: 'detailText' element is a number, expected a string",
                "data.json:2:3: warning: caption does not directly follow an image",
                "data.json:3:3: warning: '<imgae>' matches no block kind and is shown as body text; did you mean 'image'?",
                "data.json:4:3: warning: unclosed '<caption>': the block is shown as body text",
                "data.json:6:3: warning: '<caption>' is closed by '</captoin>'; did you mean '</caption>'?",
                "data.json:7:3: warning: empty body block",
            ])
        XCTAssertEqual(
            readings[1].diagnostics.map(\.formatted),
            [
                "data.json:10:50: warning: duplicate key 'imageName'; the last one is used",
                "data.json:10:1: warning: item has no title ('name')",
                "data.json:10:34: error: 'detailText' is a string, expected an array of strings",
            ])
    }

    func testFullWidthTagsAreWarnedWithTheirFix() throws {
        // As a Japanese input method types them: the brackets (and the slash) full width.
        let json = """
            [{"name": "A", "imageName": "p", "detailText": [
              "＜image＞01＜/image＞",
              "＜caption＞ペンギン＜／caption＞",
              "＜ｉｍａｇｅ＞02＜／ｉｍａｇｅ＞",
              "＜これは＞本文です",
              "本文＜注＞"
            ]}]
            """
        let reading = try XCTUnwrap(try items(json).first)
        XCTAssertEqual(
            reading.diagnostics.map(\.formatted),
            [
                "data.json:2:3: warning: '＜image＞01＜/image＞' has full-width brackets and is shown as body text, not as an image; did you "
                    + "mean '<image>01</image>'?",
                "data.json:3:3: warning: '＜caption＞ペンギン＜／caption＞' has full-width brackets and is shown as body text, not as a caption; "
                    + "did you mean '<caption>ペンギン</caption>'?",
                "data.json:4:3: warning: '＜ｉｍａｇｅ＞02＜／ｉｍａｇｅ＞' has full-width brackets and is shown as body text, not as an image; did you "
                    + "mean '<image>02</image>'?",
            ])
        XCTAssertEqual(reading.document.blocks.map(\.kind), ["body", "body", "body", "body", "body"], "shown as the app shows them")
        // The fix-it writes the whole string again with ASCII tags.
        XCTAssertEqual(reading.diagnostics[0].id, .unknownTag)
        XCTAssertEqual(reading.diagnostics[0].fixIts.first?.edits.map(\.replacement), ["\"<image>01</image>\""])
    }

    func testTagMatchingFollowsTheSeedRegex() {
        XCTAssertEqual(BlockMatcher.tag("image").content(of: "<image>02</image>"), "02")
        XCTAssertNil(BlockMatcher.tag("image").content(of: "<image>0\n2</image>"), "'.' does not match a line break")
        XCTAssertNil(BlockMatcher.tag("image").content(of: " <image>02</image>"))
        XCTAssertEqual(BlockMatcher.tag("caption").content(of: "<caption></caption>"), "")
        XCTAssertEqual(BlockMatcher.stripTags("<b>bold</b>"), "bold")
        XCTAssertEqual(BlockMatcher.stripTags("a < b"), "a < b")
    }

    func testSeedPatternCompilesToFastTagMatcher() throws {
        guard case .tag(let tag) = try BlockMatcher.compile(pattern: "^<caption>.*</caption>$") else { return XCTFail("not a tag matcher") }
        XCTAssertEqual(tag.name, "caption")
        guard case .regex = try BlockMatcher.compile(pattern: "^<h([1-3])>.*</h\\1>$") else { return XCTFail("expected a regex") }
    }

    func testTextFileLinesAreBlocks() {
        let text = "First paragraph\n\n<image>01</image>\r\n<caption>Under the image</caption>\n"
        let result = TextFileReader(schema: .seed, path: "draft.txt").read(Array(text.utf8))
        XCTAssertEqual(result.document.title, "draft")
        XCTAssertEqual(result.document.kind, .tagged)
        XCTAssertEqual(result.document.blocks.map(\.kind), ["body", "image", "caption"])
        XCTAssertEqual(result.document.blocks.map(\.location.line), [1, 3, 4])
    }

    func testTextFileLinesEndAtLineFeedsWhateverTheBytesAroundThem() {
        // A byte order mark, "\r\n", a carriage return that ends nothing, a combining mark after a line feed,
        // trailing blanks, a broken UTF-8 sequence cut by a line feed, a blank line, and a last line without one.
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("café\r\na\r\r\n\u{301}accent\ntab\t \n".utf8) + [0xE3, 0x81] + Array("\n  \r\nlast\r".utf8)
        let document = TextFileReader(schema: .seed, path: "plain.txt").read(bytes).document
        let lines = document.blocks.map { block -> (Int, String) in
            guard case .paragraph(let paragraph) = block.content else { return (block.location.line, "not a paragraph") }
            return (block.location.line, paragraph.plainText)
        }
        XCTAssertEqual(lines.map(\.0), [1, 2, 3, 4, 5, 7])
        XCTAssertEqual(lines.map(\.1), ["café", "a\r", "\u{301}accent", "tab", "\u{FFFD}", "last\r"])

        // A line ends after its last scalar, however many bytes each takes, before its trailing blanks.
        let line = "<imgae>ペンギン😀e\u{301}</imgae>"
        let tagged = line + " \t\r\n<image>01</image>\n"
        let diagnostics = TextFileReader(schema: .seed, path: "tagged.txt").read(Array(tagged.utf8)).diagnostics
        XCTAssertEqual(diagnostics.first?.range.end.column, 1 + line.unicodeScalars.count)
    }

    func testATextFileWithoutTagsIsPlainTextWhateverItsKinds() throws {
        let lines = "Heading: penguins\nFull-width ＜image＞01＜/image＞ is not a tag\n"
        let seed = TextFileReader(schema: .seed, path: "notes.txt").read(Array(lines.utf8))
        XCTAssertEqual(seed.document.kind, .text)
        XCTAssertEqual(seed.document.blocks.map(\.kind), ["paragraph", "paragraph"])
        XCTAssertEqual(seed.diagnostics, [])

        // A kind of the project's own, a pattern, may match a line without a "<": the file is tagged.
        var schema = ContentSchema.seed
        let heading = try BlockMatcher.compile(pattern: "^Heading: (.*)$")
        schema.kinds.insert(BlockKind(name: "heading", matcher: heading, role: .text), at: 0)
        let tagged = TextFileReader(schema: schema, path: "notes.txt").read(Array(lines.utf8))
        XCTAssertEqual(tagged.document.kind, .tagged)
        XCTAssertEqual(tagged.document.title, "penguins")
        XCTAssertEqual(tagged.document.blocks.map(\.kind), ["body"])
    }

    func testNearestName() {
        XCTAssertEqual(NearestName.find("imgae", among: ["image", "caption"]), "image")
        XCTAssertEqual(NearestName.find("cheetah_07", among: ["lpenguin_01", "cheetah"]), nil)
        XCTAssertEqual(NearestName.find("lpengiun_02", among: ["lpenguin_01", "lpenguin_02"]), "lpenguin_02")
        XCTAssertNil(NearestName.find("zzz", among: ["image"]))
    }
}
