import GalleyCore
import XCTest

/// Text colours against the view's background in every appearance, by
/// WCAG 2.2's ratio, for the seed's styles, colours a project configures,
/// and colours an RTF writes into itself.
final class TextContrastCheckTests: XCTestCase {
    private let iPhone = PreviewDevice.forWidth(390).traits(appearance: .light)

    func testTheRatioMatchesWCAGsWorkedValues() {
        let white = CatalogColor(red: 1, green: 1, blue: 1)
        let black = CatalogColor(red: 0, green: 0, blue: 0)
        XCTAssertEqual(ContrastRatio.of(black, on: white), 21, accuracy: 0.001)
        XCTAssertEqual(ContrastRatio.of(white, on: white), 1, accuracy: 0.001)
        // #767676 on white is the classic lightest grey that passes 4.5:1 (4.54).
        let grey = CatalogColor(red: 118 / 255, green: 118 / 255, blue: 118 / 255)
        XCTAssertEqual(ContrastRatio.of(grey, on: white), 4.54, accuracy: 0.01)
        // Half-transparent black over white is seen as mid-grey, 0.5 encoded (3.98:1).
        XCTAssertEqual(ContrastRatio.of(CatalogColor(red: 0, green: 0, blue: 0, alpha: 0.5), on: white), 3.98, accuracy: 0.01)
        XCTAssertEqual(ContrastRatio.required(points: 16, isBold: false), 4.5)
        XCTAssertEqual(ContrastRatio.required(points: 18, isBold: false), 3)
        XCTAssertEqual(ContrastRatio.required(points: 14, isBold: true), 3)
    }

    func testTheSeedsGreyCaptionFallsShortInLightAppearanceOnly() throws {
        let caption = try XCTUnwrap(ContentSchema.seed.kind(named: "caption"))
        let shortfalls = TextContrastCheck.shortfalls(of: caption.style, catalog: AssetCatalog(), traits: iPhone)
        XCTAssertEqual(shortfalls.count, 1)
        let light = try XCTUnwrap(shortfalls.first)
        XCTAssertEqual(light.appearance, .light)
        XCTAssertEqual(light.contrast, .normal)
        XCTAssertEqual(light.ratio, 3.26, accuracy: 0.005)
        XCTAssertEqual(light.required, 4.5)
    }

    func testTheSeedsBodyPasses() throws {
        let body = try XCTUnwrap(ContentSchema.seed.kind(named: "body"))
        XCTAssertEqual(TextContrastCheck.shortfalls(of: body.style, catalog: AssetCatalog(), traits: iPhone), [])
    }

    private let article = Document(
        title: "t", kind: .tagged,
        blocks: [
            Block(kind: "body", location: SourceLocation(line: 3, column: 5), content: .paragraph(Paragraph(runs: [TextRun("a")]))),
            Block(kind: "caption", location: SourceLocation(line: 4, column: 5), content: .paragraph(Paragraph(runs: [TextRun("b")]))),
            Block(kind: "caption", location: SourceLocation(line: 6, column: 5), content: .paragraph(Paragraph(runs: [TextRun("c")]))),
        ])

    func testWithNoConfigurationOneWarningIsAtTheFirstCaptionOfTheDocument() throws {
        let found = TextContrastCheck.diagnostics(
            for: .seed, shortfalls: TextContrastCheck.shortfalls(of: .seed, catalog: AssetCatalog(), traits: iPhone), configPath: nil,
            document: article, documentPath: "data.json")
        XCTAssertEqual(found.count, 1)
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.id, .lowContrast)
        XCTAssertEqual(warning.path, "data.json")
        XCTAssertEqual(warning.location, SourceLocation(line: 4, column: 5))
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.contains("3.26:1 in light appearance"), warning.message)
        XCTAssertTrue(warning.message.contains("#8E8E93"), warning.message)
    }

    func testWithAConfigurationTheSeedsOwnCaptionIsWarnedAboutAtItsStart() {
        let found = TextContrastCheck.diagnostics(
            for: .seed, shortfalls: TextContrastCheck.shortfalls(of: .seed, catalog: AssetCatalog(), traits: iPhone),
            configPath: "galley.json", document: article, documentPath: "data.json")
        XCTAssertEqual(found.map(\.path), ["galley.json"])
        XCTAssertEqual(found.map(\.location), [.start])
    }

    func testAKindTheConfigurationDeclaresWithoutAColourIsWarnedAboutAtItsName() throws {
        let config = try XCTUnwrap(
            ConfigReader(path: "galley.json").read(
                Array(
                    """
                    {"kinds": [
                      {"name": "body"},
                      {"name": "caption", "style": {"size": 15}}
                    ]}
                    """.utf8)
            ).config)
        let found = TextContrastCheck.diagnostics(
            for: config.schema, shortfalls: TextContrastCheck.shortfalls(of: config.schema, catalog: AssetCatalog(), traits: iPhone),
            configPath: "galley.json", document: article, documentPath: "data.json")
        XCTAssertEqual(found.map(\.path), ["galley.json"])
        XCTAssertEqual(found.map(\.location), [SourceLocation(line: 3, column: 12)])
        XCTAssertTrue(found.first?.message.contains("15 pt text needs 4.5:1") ?? false, found.first?.message ?? "")
    }

    func testAConfiguredColourIsWarnedAboutAtItsLineAndAPassingOneIsNot() throws {
        var schema = ContentSchema.seed
        let index = try XCTUnwrap(schema.kinds.firstIndex { $0.name == "caption" })
        schema.kinds[index].style.color = "#AAAAAA"
        schema.kinds[index].style.colorRange = SourceRange(at: SourceLocation(line: 7, column: 18))
        let found = TextContrastCheck.diagnostics(
            for: schema, shortfalls: TextContrastCheck.shortfalls(of: schema, catalog: AssetCatalog(), traits: iPhone),
            configPath: "galley.json", document: article, documentPath: "data.json")
        XCTAssertEqual(found.map(\.path), ["galley.json"])
        XCTAssertEqual(found.first?.location, SourceLocation(line: 7, column: 18))
        // A fixed light grey is fine on black: only the light appearances fall short.
        XCTAssertTrue(found.first?.message.contains("in light appearance,") ?? false, found.first?.message ?? "")
        XCTAssertFalse(found.first?.message.contains("in dark appearance") ?? true)

        // Mid-grey passes on both backgrounds (4.54:1 on white, 4.62:1 on black).
        schema.kinds[index].style.color = "#767676"
        XCTAssertEqual(
            TextContrastCheck.diagnostics(
                for: schema, shortfalls: TextContrastCheck.shortfalls(of: schema, catalog: AssetCatalog(), traits: iPhone),
                configPath: "galley.json", document: article, documentPath: "data.json"), [])
    }

    func testAColourSetIsCheckedInEachOfItsAppearances() throws {
        var catalog = AssetCatalog()
        catalog.setContents("A.xcassets/Contents.json", Array(#"{"info": {"version": 1}}"#.utf8))
        catalog.setContents(
            "A.xcassets/Faint.colorset/Contents.json",
            Array(
                """
                {"colors": [
                  {"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0x00", "green": "0x00", "blue": "0x00", \
                "alpha": "1.000"}}},
                  {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
                   "color": {"color-space": "srgb", "components": {"red": "0x20", "green": "0x20", "blue": "0x20", "alpha": "1.000"}}}
                ]}
                """.utf8))
        var style = KindStyle()
        style.color = "Faint"
        let shortfalls = TextContrastCheck.shortfalls(of: style, catalog: catalog, traits: iPhone)
        XCTAssertEqual(shortfalls.map(\.appearance), [.dark, .dark])
        XCTAssertEqual(shortfalls.map(\.contrast), [.normal, .high])
    }

    func testBlackTextWrittenIntoAnRTFIsBlackOnBlackInDarkAppearance() throws {
        let rtf = #"{\rtf1\ansi{\colortbl;\red0\green0\blue0;}\f0\fs24\cf1 First paragraph.\par Second.\par}"#
        let read = RTFReader.read(Array(rtf.utf8), path: "help.rtf")
        let warning = try XCTUnwrap(richTextDiagnostic(for: read.document, path: "help.rtf"))
        XCTAssertEqual(warning.path, "help.rtf")
        XCTAssertEqual(warning.location, read.document.blocks.first?.location)
        XCTAssertTrue(warning.message.contains("1:1"), warning.message)
        XCTAssertTrue(warning.message.contains("in dark appearance"), warning.message)
        XCTAssertTrue(warning.message.contains("2 paragraphs"), warning.message)
    }

    func testEachColourOfARichTextDocumentIsJudgedOnceHoweverManyParagraphsRepeatIt() throws {
        // Black on the view's background (faint in dark appearance), then black on cream (fine).
        let paragraphs = (0..<300).map { #"\cf1\highlight\#($0 % 2 * 2) Paragraph \#($0) in {\b bold} and plain.\par "# }.joined()
        let rtf = #"{\rtf1\ansi{\colortbl;\red0\green0\blue0;\red255\green255\blue200;}\f0\fs24 "# + paragraphs + "}"
        let read = RTFReader.read(Array(rtf.utf8), path: "help.rtf")
        let work = WorkCounter()
        let warning = try XCTUnwrap(richTextDiagnostic(for: read.document, path: "help.rtf", work: work))
        XCTAssertTrue(warning.message.contains("150 paragraphs"), warning.message)
        // A faint paragraph is judged up to its first run; a fine one in full,
        // plain and bold: three judgements, not one per run.
        XCTAssertEqual(work.steps, 3)
    }

    func testRTFTextInTheDefaultColourAdaptsAndIsNotWarnedAbout() {
        let rtf = #"{\rtf1\ansi{\colortbl;\red0\green0\blue0;}\f0\fs24\cf0 Default colour.\par}"#
        let read = RTFReader.read(Array(rtf.utf8), path: "help.rtf")
        XCTAssertNil(richTextDiagnostic(for: read.document, path: "help.rtf"))
    }

    func testRTFTextOnItsOwnBackgroundIsJudgedAgainstIt() {
        let rtf = #"{\rtf1\ansi{\colortbl;\red0\green0\blue0;\red255\green255\blue200;}\f0\fs24\cf1\highlight2 Black on cream.\par}"#
        let read = RTFReader.read(Array(rtf.utf8), path: "help.rtf")
        XCTAssertNil(richTextDiagnostic(for: read.document, path: "help.rtf"))
    }

    /// An RTF of one paragraph a line, after a line of colours: each
    /// paragraph is in its colour of `colours`, a dark red of a table of
    /// them (each faint in dark appearance), or the default colour for 0.
    private func colouredRTF(_ colours: [Int]) -> Document {
        let table = (1...64).map { #"\red\#($0)\green0\blue0;"# }.joined()
        let paragraphs = colours.map { #"\cf\#($0) Paragraph in colour \#($0).\par"# + "\n" }.joined()
        return RTFReader.read(Array((#"{\rtf1\ansi{\colortbl;"# + table + "}\n" + paragraphs + "}").utf8), path: "help.rtf").document
    }

    func testANewVersionOfARichTextDocumentIsJudgedOnlyWhereItChanged() throws {
        let before = colouredRTF(Array(1...40))
        let fullWork = WorkCounter()
        let earlier = TextContrastCheck.richTextContrast(of: before, work: fullWork)
        XCTAssertEqual(fullWork.steps, 40)
        // A paragraph in a colour of its own added at the top moves every other one down.
        let after = colouredRTF([41] + Array(1...40))
        let work = WorkCounter()
        let contrast = TextContrastCheck.richTextContrast(
            of: after, reusing: earlier, unchanged: UnchangedBlocks(earlier: before.blocks, blocks: after.blocks), work: work)
        XCTAssertEqual(work.steps, 1)
        XCTAssertEqual(contrast, TextContrastCheck.richTextContrast(of: after))
        let warning = try XCTUnwrap(TextContrastCheck.richTextDiagnostic(contrast, in: after, path: "help.rtf"))
        XCTAssertEqual(warning, richTextDiagnostic(for: after, path: "help.rtf"))
        XCTAssertTrue(warning.message.contains("41 paragraphs"), warning.message)
        XCTAssertEqual(warning.location.line, 2)
    }

    func testWhatIsTakenOverFromTheLastVersionIsWhatJudgingItAnewFinds() {
        var colours = [0, 3, 0, 5, 5, 0, 7, 0]
        var document = colouredRTF(colours)
        var contrast = TextContrastCheck.richTextContrast(of: document)
        let edits: [(String, ([Int]) -> [Int])] = [
            ("first paragraph removed", { Array($0.dropFirst()) }),
            (
                "a faint paragraph put in the default colour",
                {
                    var c = $0
                    c[2] = 0
                    return c
                }
            ),
            (
                "a paragraph in the default colour made faint",
                {
                    var c = $0
                    c[0] = 9
                    return c
                }
            ),
            ("last paragraph removed", { Array($0.dropLast()) }),
            (
                "two paragraphs added in the middle",
                {
                    var c = $0
                    c.insert(contentsOf: [0, 11], at: 3)
                    return c
                }
            ),
            ("every paragraph in the default colour", { $0.map { _ in 0 } }),
            ("all made faint again", { $0.indices.map { $0 + 1 } }),
        ]
        for (name, edit) in edits {
            colours = edit(colours)
            let next = colouredRTF(colours)
            contrast = TextContrastCheck.richTextContrast(
                of: next, reusing: contrast, unchanged: UnchangedBlocks(earlier: document.blocks, blocks: next.blocks))
            XCTAssertEqual(contrast, TextContrastCheck.richTextContrast(of: next), name)
            XCTAssertEqual(
                TextContrastCheck.richTextDiagnostic(contrast, in: next, path: "help.rtf"),
                richTextDiagnostic(for: next, path: "help.rtf"), name)
            document = next
        }
    }

    func testAMatchFoundForOtherVersionsIsNotTakenOver() {
        let before = colouredRTF([1, 2, 3])
        let after = colouredRTF([1, 2, 3, 4])
        let elsewhere = UnchangedBlocks(earlier: colouredRTF([1]).blocks, blocks: colouredRTF([1, 2]).blocks)
        let contrast = TextContrastCheck.richTextContrast(
            of: after, reusing: TextContrastCheck.richTextContrast(of: before), unchanged: elsewhere)
        XCTAssertEqual(contrast.faintBlocks, [0, 1, 2, 3])
    }

    /// The warning a rich-text document gets when judged whole.
    private func richTextDiagnostic(for document: Document, path: RelativePath, work: WorkCounter? = nil) -> Diagnostic? {
        TextContrastCheck.richTextDiagnostic(TextContrastCheck.richTextContrast(of: document, work: work), in: document, path: path)
    }
}
