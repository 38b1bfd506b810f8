import XCTest

@testable import GalleyCore

/// Byte order marks, `<meta charset>` and legacy encodings.
final class HTMLEncodingTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> (text: String, diagnostics: [Diagnostic]) {
        let result = HTMLDocumentReader.read(bytes, path: "enc.html", converters: RTFTestSupport.converters)
        return (RTFTestSupport.plainText(result.document), result.diagnostics)
    }

    func testUTF8WithAndWithoutByteOrderMark() {
        XCTAssertEqual(text(Array("<p>Zażółć 日本語 😀</p>".utf8)).text, "Zażółć 日本語 😀")
        let marked = HTMLDocumentReader.read([0xEF, 0xBB, 0xBF] + Array("<p>x</p>".utf8), path: "bom.html")
        XCTAssertEqual(RTFTestSupport.plainText(marked.document), "x")
        XCTAssertEqual(marked.document.blocks.first?.location, SourceLocation(line: 1, column: 1))
    }

    func testUTF16ByteOrderMarks() {
        let source = "<p>日本 é</p>"
        let little: [UInt8] = [0xFF, 0xFE] + source.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + source.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        XCTAssertEqual(text(little).text, "日本 é")
        XCTAssertEqual(text(big).text, "日本 é")
    }

    func testMetaCharsetShiftJIS() {
        // "日本語" in Shift-JIS.
        let bytes = Array("<meta charset=\"Shift_JIS\"><p>".utf8) + [0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA] + Array("</p>".utf8)
        let result = text(bytes)
        XCTAssertEqual(result.text, "日本語")
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    func testHTTPEquivContentTypeAndLatin1MeansWindows1252() {
        let bytes =
            Array("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\"><p>caf".utf8) + [
                0xE9, 0x20, 0x93, 0x71, 0x94,
            ]
        XCTAssertEqual(text(bytes).text, "café “q”")
    }

    func testOtherLegacyEncodings() {
        XCTAssertEqual(text(Array("<meta charset=euc-kr><p>".utf8) + [0xC7, 0xD1, 0xB1, 0xB9]).text, "한국")
        XCTAssertEqual(text(Array("<meta charset=gb2312><p>".utf8) + [0xD6, 0xD0, 0xCE, 0xC4]).text, "中文")
        XCTAssertEqual(text(Array("<meta charset=big5><p>".utf8) + [0xA4, 0xA4, 0xA4, 0xE5]).text, "中文")
        XCTAssertEqual(text(Array("<meta charset=windows-1250><p>".utf8) + [0x9C, 0xB9]).text, "śą")
        XCTAssertEqual(text(Array("<meta charset=koi8-r><p>".utf8) + [0xF0, 0xD2, 0xC9]).text, "При")
        XCTAssertEqual(text(Array("<meta charset=euc-jp><p>".utf8) + [0xC6, 0xFC, 0xCB, 0xDC]).text, "日本")
    }

    func testUnknownCharsetIsReadAsUTF8WithAWarning() {
        let result = text(Array("<meta charset=\"klingon\"><p>ok</p>".utf8))
        XCTAssertEqual(result.text, "ok")
        XCTAssertEqual(result.diagnostics.map(\.formatted), ["enc.html:1:1: warning: unknown charset 'klingon'; read as UTF-8"])
    }

    func testLocationsAfterTranscodingCountCharacters() {
        let bytes = Array("<meta charset=shift_jis>\n".utf8) + [0x93, 0xFA, 0x96, 0x7B] + Array("<p>x</p>".utf8)
        let result = HTMLDocumentReader.read(bytes, path: "enc.html", converters: RTFTestSupport.converters)
        XCTAssertEqual(result.document.blocks.map(\.location), [SourceLocation(line: 2, column: 1), SourceLocation(line: 2, column: 3)])
    }
}
