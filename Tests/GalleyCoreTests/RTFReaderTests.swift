import XCTest

@testable import GalleyCore

/// Focused tests of the RTF reader, one feature each.
final class RTFReaderTests: XCTestCase {
    private typealias Support = RTFTestSupport

    func testCocoaBackslashNewlineAndParEndParagraphs() {
        let result = Support.read("{\\rtf1\\ansi one\\\ntwo\\par three}")
        XCTAssertEqual(Support.paragraphs(result.document.blocks).map(\.plainText), ["one", "two", "three"])
        XCTAssertEqual(result.document.kind, .rtf)
        XCTAssertTrue(result.diagnostics.isEmpty)
    }

    func testBlockLocationsPointAtParagraphStarts() {
        let result = Support.read("{\\rtf1\\ansi\n\\pard first\\par\n\\pard second\\par}")
        XCTAssertEqual(result.document.blocks.map(\.location), [SourceLocation(line: 2, column: 7), SourceLocation(line: 3, column: 7)])
        XCTAssertEqual(result.document.blocks.map(\.kind), ["paragraph", "paragraph"])
    }

    func testSpecialCharactersAndSymbols() {
        let result = Support.read(
            "{\\rtf1 a\\emdash b\\endash c\\bullet \\lquote q\\rquote \\ldblquote d\\rdblquote \\~e\\_f\\-g\\tab h\\line i\\{\\}\\\\}")
        XCTAssertEqual(Support.plainText(result.document), "a—b–c•‘q’“d”\u{A0}e\u{2011}fg\th\ni{}\\")
    }

    func testUnicodeEscapesSkipFallbacks() {
        let result = Support.read("{\\rtf1\\ansi \\u8216\\'93hi\\u8217\\'94 \\u-3913?\\u945a{\\uc2\\u228\\'E8a}b\\uc0\\u8804 x}")
        XCTAssertEqual(Support.plainText(result.document), "‘hi’ \u{F0B7}αäb≤x")
    }

    func testSurrogatePairsAndInvalidUnicode() {
        let result = Support.read("{\\rtf1 \\u-10179?\\u-8704? \\u-99999999? \\u55357?x}")
        XCTAssertEqual(Support.plainText(result.document), "😀 \u{FFFD} \u{FFFD}x")
    }

    func testCodePagesFromFixture() throws {
        let result = try Support.readFixture("encodings.rtf")
        XCTAssertEqual(
            Support.paragraphs(result.document.blocks).map(\.plainText),
            ["Zażółć gęślą jaźń", "日本語", "한국어", "中文", "中文", "ไทย", "Café", "smile 😀 done", "€ euro"])
        XCTAssertEqual(result.document.title, "Encodings ćwiczenie")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func testDoubleByteCharacterWithASCIITrailByte() {
        // Shift-JIS 0x83 0x41 is "ア"; writers may leave the ASCII trail byte unescaped.
        let result = Support.read("{\\rtf1\\ansi\\ansicpg932{\\fonttbl\\f0\\fnil\\fcharset128 Osaka;}\\f0 \\'83A\\'83\\'43}")
        XCTAssertEqual(Support.plainText(result.document), "アイ")
    }

    func testMacAndPCCharacterSets() {
        XCTAssertEqual(Support.plainText(Support.read("{\\rtf1\\mac Caf\\'8e}").document), "Café")
        XCTAssertEqual(Support.plainText(Support.read("{\\rtf1\\pc \\'82t\\'e9}").document), "étΘ")
        XCTAssertEqual(Support.plainText(Support.read("{\\rtf1\\pca \\'d5}").document), "ı")
    }

    func testCharacterFormatting() throws {
        let source = """
            {\\rtf1\\ansi{\\fonttbl{\\f0 Times;}{\\f1 Courier New;}}{\\colortbl;\\red255\\green0\\blue0;\\red0\\green0\\blue255;}
            \\f0\\fs20 plain {\\b bold}{\\i italic}{\\ul under\\ulnone line}{\\strike gone}{\\super up}{\\sub down}{\\up6 raised}
            {\\f1\\fs36\\cf1\\highlight2 red}{\\cb2 back}{\\chcbpat1 pat}{\\b\\plain reset}{\\caps shout}}
            """
        let runs = try XCTUnwrap(Support.paragraphs(Support.read(source).document.blocks).first).runs
        func style(_ text: String) throws -> CharacterStyle { try XCTUnwrap(runs.first { $0.text == text }).style }
        XCTAssertEqual(try style("plain ").fontFamily, "Times")
        XCTAssertEqual(try style("plain ").fontSize, 10)
        XCTAssertTrue(try style("bold").bold)
        XCTAssertTrue(try style("italic").italic)
        XCTAssertTrue(try style("under").underline)
        XCTAssertFalse(try style("line").underline)
        XCTAssertTrue(try style("gone").strikethrough)
        XCTAssertEqual(try style("up").baseline, .superscript)
        XCTAssertEqual(try style("down").baseline, .subscript)
        XCTAssertEqual(try style("raised").baseline, .superscript)
        let red = try style("red")
        XCTAssertEqual(red.fontFamily, "Courier New")
        XCTAssertEqual(red.fontSize, 18)
        XCTAssertEqual(red.color, RGBColor(red: 255, green: 0, blue: 0))
        XCTAssertEqual(red.background, RGBColor(red: 0, green: 0, blue: 255))
        XCTAssertEqual(try style("back").background, RGBColor(red: 0, green: 0, blue: 255))
        XCTAssertEqual(try style("pat").background, RGBColor(red: 255, green: 0, blue: 0))
        XCTAssertFalse(try style("reset").bold)
        XCTAssertNotNil(runs.first { $0.text == "SHOUT" })
    }

    func testParagraphFormatting() throws {
        let source =
            "{\\rtf1\\pard\\qc\\li720\\ri360\\fi-360\\sb120\\sa240\\sl360\\slmult1 centred\\par\\pard\\qj justified\\par\\pard plain\\par}"
        let paragraphs = Support.paragraphs(Support.read(source).document.blocks)
        let style = try XCTUnwrap(paragraphs[0].style)
        XCTAssertEqual(style.alignment, .center)
        XCTAssertEqual(style.leftIndent, 36)
        XCTAssertEqual(style.rightIndent, 18)
        XCTAssertEqual(style.firstLineIndent, -18)
        XCTAssertEqual(style.spaceBefore, 6)
        XCTAssertEqual(style.spaceAfter, 12)
        XCTAssertEqual(style.lineHeightMultiple, 1.5)
        XCTAssertEqual(paragraphs[1].style?.alignment, .justified)
        XCTAssertNil(paragraphs[2].style)
    }

    func testListsFromListTable() throws {
        let result = try Support.readFixture("structure.rtf")
        let items = Support.paragraphs(result.document.blocks).filter { $0.listMarker != nil }
        XCTAssertEqual(items.map(\.plainText), ["first item", "second item", "nested item"])
        XCTAssertEqual(items.map(\.listMarker), ["1.", "2.", "a)"])
        XCTAssertEqual(items.map(\.listLevel), [0, 0, 1])
    }

    func testCocoaListTextMarkers() {
        let source = "{\\rtf1\\pard\\ls1\\ilvl0{\\listtext\t\\uc0\\u8226 \t}one\\\n{\\listtext\t\\uc0\\u8259 \t}two\\\n\\pard after\\\n}"
        let paragraphs = Support.paragraphs(Support.read(source).document.blocks)
        XCTAssertEqual(paragraphs.map(\.listMarker), ["•", "⁃", nil])
        XCTAssertEqual(paragraphs.map(\.plainText), ["one", "two", "after"])
    }

    func testLegacyParagraphNumbering() {
        let source = "{\\rtf1{\\pntext 1.\\tab}{\\*\\pn\\pnlvlbody\\pndec\\pnstart1{\\pntxta .}}A\\par B\\par\\pard C\\par}"
        let paragraphs = Support.paragraphs(Support.read(source).document.blocks)
        XCTAssertEqual(paragraphs.map(\.listMarker), ["1.", "2.", nil])
    }

    func testHyperlinkFieldsAndBookmarks() throws {
        let result = try Support.readFixture("structure.rtf")
        let links = Support.links(result.document)
        XCTAssertEqual(links.first?.text, "example")
        XCTAssertEqual(links.first?.target, "https://example.com/a?b=c")
        let anchor = Support.read("{\\rtf1{\\field{\\*\\fldinst { HYPERLINK  \\\\l \"mark\" }}{\\fldrslt{click me}}}}")
        XCTAssertEqual(Support.links(anchor.document).first?.target, "#mark")
        XCTAssertEqual(Support.links(anchor.document).first?.text, "click me")
    }

    func testNonHyperlinkFieldsShowTheirResult() {
        let result = Support.read("{\\rtf1 Page {\\field{\\*\\fldinst PAGE}{\\fldrslt 7}}}")
        XCTAssertEqual(Support.plainText(result.document), "Page 7")
        XCTAssertTrue(Support.links(result.document).isEmpty)
    }

    func testTables() throws {
        let result = try Support.readFixture("structure.rtf")
        let table = try XCTUnwrap(Support.tables(result.document).first)
        XCTAssertEqual(table.count, 1)
        XCTAssertEqual(table[0].map { Support.paragraphs($0.blocks).map(\.plainText) }, [["A1"], ["B1"]])
        XCTAssertEqual(table[0].map(\.widthPoints), [100, 100])
    }

    func testNestedTables() throws {
        let source = """
            {\\rtf1\\trowd\\cellx4000\\cellx8000
            \\pard\\intbl\\itap1 outer\\par
            \\pard\\intbl\\itap2 inner1\\nestcell \
            inner2\\nestcell{\\*\\nesttableprops\\trowd\\cellx2000\\cellx4000\\nestrow}{\\nonesttables\\par}
            \\pard\\intbl\\itap1\\cell second\\cell\\row\\pard after\\par}
            """
        let blocks = Support.read(source).document.blocks
        XCTAssertEqual(blocks.map(\.kind), ["table", "paragraph"])
        guard case .table(let rows) = blocks[0].content else { return XCTFail("no table") }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0].count, 2)
        let firstCell = rows[0][0].blocks
        XCTAssertEqual(firstCell.map(\.kind), ["paragraph", "table"])
        guard case .table(let inner) = firstCell[1].content else { return XCTFail("no nested table") }
        XCTAssertEqual(inner[0].map { Support.paragraphs($0.blocks).map(\.plainText) }, [["inner1"], ["inner2"]])
    }

    func testFootnotesAreMarkedAndAppended() {
        let source = "{\\rtf1 Body text.\\chftn{\\footnote\\pard{\\up6\\chftn} The note.} More.\\par Next\\par}"
        let blocks = Support.read(source).document.blocks
        XCTAssertEqual(blocks.map(\.kind), ["paragraph", "paragraph", "footnote"])
        guard case .paragraph(let body) = blocks[0].content, case .paragraph(let note) = blocks[2].content else { return XCTFail() }
        XCTAssertEqual(body.plainText, "Body text.1 More.")
        XCTAssertEqual(body.runs.first { $0.text == "1" }?.style.baseline, .superscript)
        XCTAssertEqual(note.plainText, "1 The note.")
    }

    func testEmbeddedPicturesInHexAndBinary() throws {
        let png = "89504e470d0a1a0a0000000d49484452"
        let hex = Support.read("{\\rtf1 before{\\pict\\pngblip\\picw10\\pich20\\picwgoal400\\pichgoal200\\picscalex50 \(png)}after}")
        XCTAssertEqual(hex.document.blocks.map(\.kind), ["paragraph", "image", "paragraph"])
        let image = try XCTUnwrap(Support.images(hex.document).first)
        XCTAssertEqual(image.source, .embedded(mimeType: "image/png", bytes: hexBytes(png)))
        XCTAssertEqual(image.widthPoints, 10)
        XCTAssertEqual(image.heightPoints, 10)

        var binary = Array("{\\rtf1{\\pict\\jpegblip\\bin4 ".utf8)
        binary += [0xFF, 0xD8, 0xFF, 0x7D]
        binary += Array("}}".utf8)
        let binaryResult = RTFReader.read(binary, path: "bin.rtf")
        XCTAssertEqual(
            Support.images(binaryResult.document).first?.source, .embedded(mimeType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, 0x7D]))
    }

    func testShapePicturesAndPicturesInCells() throws {
        let png = "89504e470d0a1a0a"
        let shape = Support.read(
            "{\\rtf1{\\shp{\\*\\shpinst\\shpleft0{\\sp{\\sn pib}{\\sv {\\pict\\pngblip \(png)}}}}{\\shprslt{\\pict\\wmetafile8 0100}}}}")
        XCTAssertEqual(Support.images(shape.document).count, 1)
        XCTAssertTrue(shape.diagnostics.isEmpty, "\(shape.diagnostics)")

        let cell = Support.read("{\\rtf1\\trowd\\cellx1000\\pard\\intbl{\\pict\\pngblip \(png)}\\cell\\row}")
        let table = try XCTUnwrap(Support.tables(cell.document).first)
        XCTAssertEqual(table[0][0].blocks.map(\.kind), ["image"])
    }

    /// The reader keeps the line's whole height: how much of it the face
    /// fills is the renderer's to say, which knows the face.
    func testExactAndLeastLineHeightsAreKeptWhole() {
        let paragraphs = Support.paragraphs(Support.read("{\\rtf1\\fs20\\sl-480 tall\\par\\pard\\sl300 least\\par}").document.blocks)
        XCTAssertEqual(paragraphs.map { $0.style?.minimumLineHeight }, [24, 15])
        XCTAssertNil(paragraphs.first?.style?.lineSpacing)
        XCTAssertNil(paragraphs.first?.style?.lineHeightMultiple)
    }

    func testLineSpacingFollowsEveryLineAsInTextKit() {
        let read = Support.read("{\\rtf1\\fs20\\sl-480\\sb40 tall\\par}")
        let html = HTMLRenderer(context: RenderContext()).render(read.document).html
        // 2 pt before, less the 6 pt CSS would put above the first line; the same 6 pt below the last.
        XCTAssertTrue(html.contains("margin-top:-4px;margin-bottom:6px;line-height:calc(1.2em + 12px)"), html)
    }

    func testMetafilesAreSkippedWithAWarning() {
        let result = Support.read(
            "{\\rtf1 a{\\pict\\wmetafile8\\picw10\\pich10 0100090000}{\\*\\shppict{\\pict\\emfblip "
                + "01000000}}{\\nonshppict{\\pict\\wmetafile8 0100}}b}"
        )
        XCTAssertTrue(Support.images(result.document).isEmpty)
        XCTAssertEqual(Support.plainText(result.document), "ab")
        XCTAssertEqual(result.diagnostics.filter { $0.severity == .warning }.count, 2)
    }

    func testNeXTGraphicAttachmentSplitsTheParagraph() throws {
        let result = try Support.readFixture("structure.rtf")
        let blocks = result.document.blocks
        let imageIndex = try XCTUnwrap(blocks.firstIndex { $0.kind == "image" })
        XCTAssertEqual(
            Support.images(result.document).first,
            ImageBlock(source: .file("photo @2x copy.png"), widthPoints: 100, heightPoints: 50))
        guard case .paragraph(let before) = blocks[imageIndex - 1].content,
            case .paragraph(let after) = blocks[imageIndex + 1].content
        else { return XCTFail("image not inline") }
        XCTAssertEqual(before.plainText, "Text ")
        XCTAssertEqual(after.plainText, " after")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func testSkippedDestinationsLeaveNoText() {
        let source = """
            {\\rtf1{\\fonttbl{\\f0 Arial;}}{\\stylesheet{\\s1 Heading;}}{\\*\\generator Word;}{\\info{\\author Me}{\\title T}}\
            {\\*\\latentstyles\\lsdstimax376{\\lsdlockedexcept Normal;}}{\\*\\revtbl{Unknown;}}{\\*\\rsidtbl \\rsid1}\
            {\\header head}{\\*\\unknownthing junk{\\b more}}{\\*\\bkmkstart b}visible{\\v hidden}}
            """
        let result = Support.read(source)
        XCTAssertEqual(Support.plainText(result.document), "visible")
        XCTAssertEqual(result.document.title, "T")
    }

    func testUnknownCodePageFallsBackWithAWarning() {
        let result = Support.read("{\\rtf1\\ansi\\ansicpg12345 caf\\'e9}")
        XCTAssertEqual(Support.plainText(result.document), "café")
        XCTAssertEqual(result.diagnostics.map(\.severity), [.warning])
    }

    func testDirectionsOfParagraphsAndRuns() throws {
        let result = try Support.readFixture("directions.rtf")
        XCTAssertEqual(result.diagnostics, [])
        let paragraphs = Support.paragraphs(result.document.blocks)
        XCTAssertEqual(
            paragraphs.map { $0.style?.direction },
            [.rightToLeft, .rightToLeft, .rightToLeft, .rightToLeft, .leftToRight, .leftToRight, nil])
        // RTF aligns to the page's edges; the model to the paragraph's: Word's
        // `\rtlpar\qr` is a right-to-left paragraph at its leading edge.
        XCTAssertEqual(
            paragraphs.map { $0.style?.alignment ?? .leading }, [.leading, .leading, .trailing, .center, .leading, .trailing, .leading])
        XCTAssertEqual(paragraphs[1].runs.map(\.style.direction), [.rightToLeft, .leftToRight, .rightToLeft])
        XCTAssertEqual(paragraphs[1].runs[1].text, "Aptenodytes forsteri")
        XCTAssertEqual(paragraphs[4].runs.map(\.style.direction), [.leftToRight], "the last of Word's pair counts")
        let images = Support.images(result.document)
        XCTAssertEqual(images.map(\.alignment), [.center, .leading])
        XCTAssertEqual(images.map(\.direction), [nil, .rightToLeft])
    }

    func testPardResetsTheDirection() {
        let paragraphs = Support.paragraphs(Support.read("{\\rtf1\\rtlpar one\\par\\pard two\\par}").document.blocks)
        XCTAssertEqual(paragraphs.map { $0.style?.direction }, [.rightToLeft, nil])
    }

    private func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
