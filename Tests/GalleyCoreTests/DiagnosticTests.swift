import GalleyCore
import XCTest

/// `text` with `fixIt`'s edits made, as an editor makes them (last first,
/// so earlier ranges stay where they were).
func applying(_ fixIt: FixIt, to text: String) -> String {
    var bytes = Array(text.utf8)
    let lines = SourceLocator(bytes)
    for edit in fixIt.edits.sorted(by: { $0.range.start > $1.range.start }) {
        guard let start = lines.offset(of: edit.range.start), let end = lines.offset(of: edit.range.end) else { return text }
        bytes.replaceSubrange(start..<end, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The text a diagnostic's range covers.
func covered(_ range: SourceRange, in text: String) -> String {
    let bytes = Array(text.utf8)
    let lines = SourceLocator(bytes)
    guard let start = lines.offset(of: range.start), let end = lines.offset(of: range.end) else { return "" }
    return String(decoding: bytes[start..<end], as: UTF8.self)
}

/// The model: stable ids, ranges, fix-its, and the one JSON form.
final class DiagnosticModelTests: XCTestCase {
    func testIdsHaveStableDistinctKebabCaseNames() {
        let names = DiagnosticID.allCases.map(\.rawValue)
        XCTAssertEqual(Set(names).count, names.count)
        for name in names { XCTAssertNotNil(name.wholeMatch(of: /[a-z]+(-[a-z]+)*/), name) }
        XCTAssertEqual(DiagnosticID.unknownTag.rawValue, "unknown-tag")
        XCTAssertEqual(DiagnosticID.missingImage.rawValue, "missing-image")
        XCTAssertEqual(DiagnosticID.jsonSyntax.rawValue, "json-syntax")
    }

    func testTheJSONFormCarriesEveryFieldAndReadsBack() throws {
        let range = SourceRange(SourceLocation(line: 2, column: 3), SourceLocation(line: 2, column: 22))
        let diagnostic = Diagnostic(
            path: "a/b.json", id: .unknownTag, range: range, severity: .warning, message: "it's \"wrong\"",
            fixIts: [.replacing(range, with: "\"<image>01</image>\"", message: "Change 'imgae' to 'image'")])
        var json = JSONWriter()
        json.beginObject()
        diagnostic.writeFields(into: &json)
        json.endObject()
        XCTAssertEqual(
            json.text,
            #"{"path":"a/b.json","line":2,"column":3,"endLine":2,"endColumn":22,"severity":"warning","id":"unknown-tag","message":"it's "#
                + #"\"wrong\"","fixIts":[{"message":"Change 'imgae' to "#
                + #"'image'","edits":[{"line":2,"column":3,"endLine":2,"endColumn":22,"text":"\"\u003cimage>01\u003c/image>\""}]}]}"#
        )
        let node = try JSONReader.parse(json.bytes).get()
        XCTAssertEqual(Diagnostic(json: node), diagnostic)
    }

    func testRangesOfOffsetsCountScalarsOnOneLineOrAcrossLines() {
        let lines = SourceLocator(Array("a日b\ncd".utf8))
        XCTAssertEqual(lines.range(ofOffsets: 0..<5), SourceRange(SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 4)))
        XCTAssertEqual(lines.range(ofOffsets: 4..<7), SourceRange(SourceLocation(line: 1, column: 3), SourceLocation(line: 2, column: 2)))
        XCTAssertEqual(
            lines.range(ofOffsets: 7..<99), SourceRange(SourceLocation(line: 2, column: 2), SourceLocation(line: 2, column: 3)), "clamped")
    }

    func testRelocatingMovesTheRangeAndTheFixes() {
        let range = SourceRange(SourceLocation(line: 2, column: 3), SourceLocation(line: 2, column: 9))
        let diagnostic = Diagnostic(
            path: "a.json", id: .unknownKey, range: range, severity: .warning, message: "m",
            fixIts: [.replacing(range, with: "x", message: "f")])
        let moved = diagnostic.relocated { SourceLocation(line: $0.line + 3, column: $0.column) }
        XCTAssertEqual(moved.range.start, SourceLocation(line: 5, column: 3))
        XCTAssertEqual(moved.fixIts.first?.edits.first?.range.end, SourceLocation(line: 5, column: 9))
    }
}

/// Each producer's id, range and fixes, asserted as fields, never through the message.
final class DiagnosticProducerTests: XCTestCase {
    private func jsonError(_ text: String) -> Diagnostic? {
        guard case .invalid(let diagnostic) = DataFileReader(schema: .seed, path: "a.json").read(Array(text.utf8)) else { return nil }
        return diagnostic
    }

    private func items(_ text: String) -> [ItemReading] {
        guard case .items(let items, _) = DataFileReader(schema: .seed, path: "a.json").read(Array(text.utf8)) else { return [] }
        return items
    }

    func testAnUnescapedQuoteIsNamedAndFixedWithABackslash() throws {
        let text = "[{\"name\": \"A\", \"detailText\": [\n  \"say \"hi\" now\"\n]}]\n"
        let error = try XCTUnwrap(jsonError(text))
        XCTAssertEqual(error.id, .jsonSyntax)
        XCTAssertEqual(error.severity, .error)
        XCTAssertEqual(covered(error.range, in: text), "h", "the character found")
        XCTAssertTrue(error.message.contains("'h'"), error.message)
        XCTAssertTrue(error.message.contains(#"\""#), error.message)
        let fixIt = try XCTUnwrap(error.fixIts.first)
        let once = applying(fixIt, to: text)
        XCTAssertTrue(once.contains(#""say \"hi" now""#), once)
        // The second quote gets the same fix; then the file reads.
        let second = try XCTUnwrap(jsonError(once)?.fixIts.first)
        let fixed = applying(second, to: once)
        XCTAssertNil(jsonError(fixed))
        XCTAssertEqual(items(fixed).first?.document.blocks.count, 1)
    }

    func testAMissingCommaIsInsertedAfterTheValue() throws {
        let text = "[\"a\" \"b\"]"
        guard case .failure(let error) = JSONReader.parse(Array(text.utf8)) else { return XCTFail("parsed") }
        let diagnostic = error.diagnostic(path: "x.json", location: SourceLocator(Array(text.utf8)).location(ofOffset:))
        XCTAssertEqual(diagnostic.fixIts.map { applying($0, to: text) }, ["[\"a\", \"b\"]"])
        XCTAssertTrue(diagnostic.fixIts.allSatisfy { $0.edits.allSatisfy(\.range.isEmpty) }, "an insertion")
    }

    func testAnUnexpectedCharacterIsNamedEvenOutsideASCII() {
        guard case .failure(let error) = JSONReader.parse(Array("[\"a\" 日]".utf8)) else { return XCTFail("parsed") }
        XCTAssertTrue(error.message.contains("'日' (U+65E5)"), error.message)
        XCTAssertEqual(error.end - error.offset, 3, "the whole character")
        XCTAssertNil(error.fix, "no quote follows: not a quote problem")
    }

    func testConfigKeysAreUnderlinedWithTheirQuotesAndRenamed() throws {
        let text =
            "{\n  \"kinds\": [{\"name\": \"caption\", \"style\": {\"colr\": \"gray\"}}],\n  \"language\": \"ja\", \"language\": \"ja\"\n}"
        let diagnostics = ConfigReader().read(Array(text.utf8)).diagnostics
        XCTAssertEqual(diagnostics.map(\.id), [.unknownKey, .duplicateKey])
        XCTAssertEqual(covered(diagnostics[0].range, in: text), "\"colr\"")
        XCTAssertEqual(diagnostics[0].fixIts.map(\.message), ["Change 'colr' to 'color'"])
        XCTAssertTrue(try applying(XCTUnwrap(diagnostics[0].fixIts.first), to: text).contains("{\"color\": \"gray\"}"))
        XCTAssertEqual(diagnostics.count, 2)
        XCTAssertEqual(diagnostics.last.map { covered($0.range, in: text) }, "\"language\"")
        let wrong = ConfigReader().read(Array("{\"device\": {\"width\": \"wide\"}}".utf8)).diagnostics
        XCTAssertEqual(wrong.map(\.id), [.wrongType])
        XCTAssertEqual(wrong.first.map { covered($0.range, in: "{\"device\": {\"width\": \"wide\"}}") }, "\"wide\"")
    }

    func testAnItemKeyCloseToAConfiguredOneIsFlaggedWithItsFix() throws {
        let text = "[{\"name\": \"A\", \"imagename\": \"littlepenguin\", \"detailText\": [\"<image>01</image>\"]}]"
        let diagnostics = try XCTUnwrap(items(text).first).diagnostics
        XCTAssertEqual(diagnostics.map(\.id), [.unknownKey])
        XCTAssertEqual(covered(diagnostics[0].range, in: text), "\"imagename\"")
        XCTAssertTrue(diagnostics[0].message.contains("'imageName'"), diagnostics[0].message)
        let fixed = applying(try XCTUnwrap(diagnostics[0].fixIts.first), to: text)
        XCTAssertEqual(try XCTUnwrap(items(fixed).first).diagnostics, [])
        // Other keys of the app's own are no concern of Galley's.
        XCTAssertEqual(items("[{\"name\": \"A\", \"id\": 4, \"detailText\": []}]").first?.diagnostics, [])
    }

    func testAPropertyListValueIsUnderlinedWithItsTags() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><dict>
            <key>name</key><integer>3</integer>
            <key>detailText</key><array><string>x</string></array>
            </dict></array></plist>
            """
        guard case .items(let items, _) = DataFileReader(schema: .seed, path: "a.plist", syntax: .propertyList).read(Array(text.utf8))
        else {
            return XCTFail("not read")
        }
        let diagnostics = try XCTUnwrap(items.first).diagnostics
        XCTAssertEqual(diagnostics.map(\.id), [.wrongType, .missingKey])
        XCTAssertEqual(covered(diagnostics[0].range, in: text), "<integer>3</integer>")
        XCTAssertEqual(diagnostics[0].fixIts, [])
    }

    func testTagProblemsCoverTheWholeStringAndRewriteIt() throws {
        let text =
            "[{\"name\": \"A\", \"imageName\": \"p\", \"detailText\": [\n  \"<imgae>01</imgae>\",\n  \"<image>02</caption>\",\n  "
            + "\"<caption>c</caption>\"\n]}]"
        let diagnostics = try XCTUnwrap(items(text).first).diagnostics
        XCTAssertEqual(diagnostics.map(\.id), [.unknownTag, .mismatchedTag, .misplacedBlock])
        XCTAssertEqual(covered(diagnostics[0].range, in: text), "\"<imgae>01</imgae>\"")
        XCTAssertEqual(diagnostics[0].fixIts.first.map { applying($0, to: text) }?.contains("\"<image>01</image>\","), true)
        XCTAssertEqual(diagnostics[0].fixIts.map(\.message), ["Change 'imgae' to 'image'"])
        XCTAssertEqual(diagnostics[1].fixIts.first.map { applying($0, to: text) }?.contains("\"<image>02</image>\","), true)
        XCTAssertEqual(diagnostics[2].fixIts, [])
    }

    func testATextFileLineIsUnderlinedToItsLastCharacter() {
        let text = "ペンギン 😀\n<imgae>01</imgae>  \n<caption>c</caption>\n"
        let diagnostics = TextFileReader(schema: .seed, path: "a.txt").read(Array(text.utf8)).diagnostics
        XCTAssertEqual(diagnostics.map(\.id), [.unknownTag, .misplacedBlock])
        XCTAssertEqual(covered(diagnostics[0].range, in: text), "<imgae>01</imgae>")
        XCTAssertEqual(diagnostics[0].fixIts.first.map { applying($0, to: text) }, "ペンギン 😀\n<image>01</image>  \n<caption>c</caption>\n")
    }

    func testATextFileImageTagNamesTheAssetOrTakesTheConfiguredPrefix() throws {
        let text = "<image>littlepenguin_01</image>\n<caption>c</caption>\n"
        let plain = TextFileReader(schema: .seed, path: "a.txt").read(Array(text.utf8)).document
        XCTAssertEqual(plain.blocks.first?.content, .image(ImageBlock(source: .asset("littlepenguin_01"))))
        var schema = ContentSchema.seed
        schema.textFileImageName = "littlepenguin"
        let prefixed = TextFileReader(schema: schema, path: "a.txt").read(Array("<image>01</image>\n".utf8)).document
        XCTAssertEqual(prefixed.blocks.first?.content, .image(ImageBlock(source: .asset("littlepenguin_01"))))
        let config = try XCTUnwrap(ConfigReader().read(Array(#"{"textImageName": "sugi"}"#.utf8)).config)
        XCTAssertEqual(config.schema.textFileImageName, "sugi")
    }

    func testAMissingImageSuggestsOnlyNamesTheBlockCanReachAndWritesOne() throws {
        var catalog = AssetCatalog()
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0,
        ]
        for name in ["littlepenguin_01.png", "littlepenguin_03.png", "sugi_07.png"] {
            catalog.setFile(name, .examine(path: name, bytes: png))
        }

        let data = "[{\"name\": \"A\", \"imageName\": \"littlepenguin\", \"detailText\": [\n  \"<image>07</image>\"\n]}]"
        let document = try XCTUnwrap(items(data).first).document
        let location = try XCTUnwrap(document.blocks.first?.location)
        let missing = catalog.missingImage("littlepenguin_07", path: "a.json", at: location, naming: document.imageNamings[location])
        XCTAssertEqual(missing.id, .missingImage)
        XCTAssertEqual(covered(missing.range, in: data), "\"<image>07</image>\"")
        XCTAssertTrue(missing.message.contains("'littlepenguin_01'"), "not 'sugi_07', which this item cannot name: \(missing.message)")
        XCTAssertEqual(missing.fixIts.map { applying($0, to: data) }, [data.replacingOccurrences(of: "<image>07", with: "<image>01")])

        let text = "<image>03</image>\n"
        let textDocument = TextFileReader(schema: .seed, path: "a.txt").read(Array(text.utf8)).document
        let textMissing = catalog.missingImage("03", path: "a.txt", at: .start, naming: textDocument.imageNamings[.start])
        XCTAssertEqual(textMissing.fixIts.map { applying($0, to: text) }, ["<image>littlepenguin_03</image>\n"])
    }

    func testAMissingImageOfAPatternKindIsRewrittenInsideItsNotation() throws {
        let config = try XCTUnwrap(
            ConfigReader().read(Array(#"{"kinds": [{"name": "picture", "pattern": "^!\\[(.*)\\]$", "renders": "image"}]}"#.utf8)).config)
        let text = "[{\"name\": \"A\", \"imageName\": \"p\", \"detailText\": [\"![07]\"]}]"
        guard case .items(let items, _) = DataFileReader(schema: config.schema, path: "a.json").read(Array(text.utf8)) else {
            return XCTFail("not read")
        }
        let document = try XCTUnwrap(items.first).document
        let location = try XCTUnwrap(document.blocks.first?.location)
        var catalog = AssetCatalog()
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0, 0, 0,
        ]
        catalog.setFile("p_01.png", .examine(path: "p_01.png", bytes: png))
        let missing = catalog.missingImage("p_07", path: "a.json", at: location, naming: document.imageNamings[location])
        XCTAssertEqual(missing.fixIts.map { applying($0, to: text) }, [text.replacingOccurrences(of: "![07]", with: "![01]")])
    }

    func testHTMLAndRTFProblemsCarryTheirIds() {
        let source = "<p>a<zork>b</zork></p></div>"
        let html = HTMLDocumentReader.read(Array(source.utf8), path: "a.html").diagnostics
        XCTAssertEqual(html.map(\.id), [.unknownTag, .htmlSyntax])
        XCTAssertEqual(html.map { covered($0.range, in: source) }, ["<zork", "</div"])
        let rtf = RTFReader.read(Array("{\\rtf1 {\\b bold}".utf8), path: "a.rtf").diagnostics
        XCTAssertEqual(rtf.map(\.id), [.rtfSyntax])
    }

    func testAnUnknownFontIsUnderlinedWhereItIsNamed() {
        var style = KindStyle()
        style.fontFamily = "No Such Font"
        style.fontRange = SourceRange(SourceLocation(line: 3, column: 20), SourceLocation(line: 3, column: 34))
        var schema = ContentSchema.seed
        schema.kinds[0].style = style
        let fonts = FontFaceStyleSheet.unknownFonts(in: schema, fonts: BundledFonts(), configPath: "galley.json")
        XCTAssertEqual(fonts.map(\.id), [.unknownFont])
        XCTAssertEqual(fonts.first?.range, style.fontRange)
    }
}
