import XCTest

@testable import GalleyCore

/// Malformed and hostile input: the reader must finish in linear work, keep what it can and say what went wrong.
final class RTFHostileInputTests: XCTestCase {
    private typealias Support = RTFTestSupport

    private func read(_ bytes: [UInt8]) -> (document: Document, diagnostics: [Diagnostic]) {
        RTFReader.read(bytes, path: "hostile.rtf")
    }

    /// Reads `build(size)`, failing unless the reader's counted work grows linearly with `size`.
    private func readLinearly(_ size: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (Int) -> [UInt8])
        -> (document: Document, diagnostics: [Diagnostic])
    {
        LinearWork.read(size: size, file: file, line: line, build) { RTFReader.read($0, path: "hostile.rtf", work: $1) }
    }

    func testTruncatedFileKeepsTextAndReportsWhereItEnds() throws {
        let result = read(Array("{\\rtf1\\ansi\n{\\b bold text\\par\nmore".utf8))
        XCTAssertEqual(Support.paragraphs(result.document.blocks).map(\.plainText), ["bold text", "more"])
        let error = try XCTUnwrap(Support.errors(result.diagnostics).first)
        XCTAssertEqual(error.location, SourceLocation(line: 3, column: 5))
        XCTAssertTrue(error.message.hasPrefix("unbalanced '{' at end of file"), error.message)
        XCTAssertTrue(error.message.contains("2:1"), error.message)
    }

    func testExtraClosingBracesAreWarnings() {
        let result = read(Array("{\\rtf1 text}}}".utf8))
        XCTAssertEqual(Support.plainText(result.document), "text")
        XCTAssertTrue(Support.errors(result.diagnostics).isEmpty)
        XCTAssertFalse(result.diagnostics.isEmpty)
    }

    func testAbsurdNumbersAreClamped() {
        let source =
            "{\\rtf1\\fs999999999999999999999 big\\fs-5 small\\li99999999999999 \\u-99999999?\\u99999999999?\\uc999999999999 \\u65 "
            + "x\\cf99999 \\f-999999999 \\ls99999999\\ilvl99999 \\itap99999999 deep\\cell\\row\\sl-9999999999 y\\par}"
        let result = read(Array(source.utf8))
        let text = Support.plainText(result.document)
        XCTAssertTrue(text.hasPrefix("big"), text)
        let size = Support.paragraphs(result.document.blocks).first?.runs.first?.style.fontSize
        XCTAssertEqual(size, 1638)
    }

    func testDeepNestingIsCappedAndDiagnosed() {
        let result = readLinearly(100_000) { depth in
            Array("{\\rtf1 start".utf8) + [UInt8](repeating: UInt8(ascii: "{"), count: depth)
                + Array("x".utf8) + [UInt8](repeating: UInt8(ascii: "}"), count: depth) + Array(" end}".utf8)
        }
        XCTAssertEqual(Support.plainText(result.document), "start end")
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("nested deeper") })
    }

    func testDeepUnclosedNestingFinishes() {
        let result = readLinearly(200_000) { Array("{\\rtf1 ".utf8) + [UInt8](repeating: UInt8(ascii: "{"), count: $0) }
        XCTAssertEqual(Support.errors(result.diagnostics).count, 1)
    }

    func testManyParagraphsOnOneLineAreLinear() {
        // Every paragraph asks the source locator where it is; a minified file has them all on one line.
        let result = readLinearly(4_000) { Array(("{\\rtf1 " + String(repeating: "text\\par ", count: $0) + "}").utf8) }
        let paragraphs = Support.paragraphs(result.document.blocks)
        XCTAssertEqual(paragraphs.count, 4_000)
        XCTAssertEqual(result.document.blocks.last?.location, SourceLocation(line: 1, column: 8 + 3_999 * 9))
    }

    func testHugeBinaryLengthBeyondTheData() {
        let result = read(Array("{\\rtf1 a{\\pict\\pngblip\\bin999999999999 abc}}".utf8))
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("'\\bin'") })
        XCTAssertEqual(Support.plainText(result.document), "a")
    }

    func testBinaryDataInSkippedGroupsCanHoldBraces() {
        let result = read(Array("{\\rtf1 a{\\*\\unknown \\bin3 }}}}b}".utf8))
        XCTAssertEqual(Support.plainText(result.document), "ab")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func testInvalidBytesAndMalformedEscapes() {
        var bytes = Array("{\\rtf1\\ansi\\ansicpg932{\\fonttbl\\f0\\fcharset128 X;}\\f0 ok\\'zz \\'8".utf8)
        bytes += [0x00, 0xFF, 0xFE, 0x81] + Array("}".utf8)
        let result = read(bytes)
        XCTAssertTrue(Support.plainText(result.document).hasPrefix("ok"))
        XCTAssertTrue(result.diagnostics.contains { $0.message.contains("malformed") })
    }

    func testRandomBytesNeverCrash() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("{}\\'*0123456789abcdefuxbinpictfieldfldinst -;\n".utf8) + [0x80, 0xFF, 0x00]
        for _ in 0..<200 {
            let length = Int.random(in: 0..<2_000, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            _ = read(bytes)
            _ = read(Array("{\\rtf1 ".utf8) + bytes)
        }
    }

    func testEmptyAndNonRTFInput() {
        XCTAssertTrue(read([]).document.blocks.isEmpty)
        let plain = read(Array("just text".utf8))
        XCTAssertEqual(Support.plainText(plain.document), "just text")
        XCTAssertTrue(plain.diagnostics.contains { $0.message.contains("header") })
    }

    func testManyProblemsAreReportedBoundedly() {
        let result = readLinearly(10_000) { Array("{\\rtf1 ".utf8) + Array(String(repeating: "\\'zz}", count: $0).utf8) }
        XCTAssertLessThanOrEqual(result.diagnostics.count, RTFParser.maximumDiagnostics + 1)
    }
}
