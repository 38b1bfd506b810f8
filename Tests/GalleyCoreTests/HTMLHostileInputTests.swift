import Foundation
import XCTest

@testable import GalleyCore

/// Malformed and hostile input: the reader must finish in linear work, keep what it can and say what went wrong.
final class HTMLHostileInputTests: XCTestCase {
    private func read(_ bytes: [UInt8]) -> (document: Document, diagnostics: [Diagnostic]) {
        HTMLDocumentReader.read(bytes, path: "hostile.html")
    }

    /// Reads `build(size)`, failing unless the reader's counted work grows linearly with `size`.
    private func readLinearly(_ size: Int, file: StaticString = #filePath, line: UInt = #line, _ build: (Int) -> [UInt8])
        -> (document: Document, diagnostics: [Diagnostic])
    {
        LinearWork.read(size: size, file: file, line: line, build) { HTMLDocumentReader.read($0, path: "hostile.html", work: $1) }
    }

    private func repeated(_ text: String, _ count: Int) -> [UInt8] {
        Array(String(repeating: text, count: count).utf8)
    }

    func testDeepNestingIsCappedAndDiagnosed() {
        let result = readLinearly(4_000) { depth in
            Array("start".utf8) + self.repeated("<div><span>", depth) + Array("x".utf8) + self.repeated("</span></div>", depth)
                + Array("<p>end".utf8)
        }
        XCTAssertEqual(RTFTestSupport.paragraphs(result.document.blocks).map(\.plainText).last, "end")
        XCTAssertTrue(result.diagnostics.contains { $0.message == "elements nested deeper than 256; deeper tags are ignored" })
        XCTAssertLessThanOrEqual(result.diagnostics.count, HTMLDocumentBuilder.maximumDiagnostics)
    }

    func testHiddenElementsPastTheDepthLimitStayHidden() {
        let result = read(repeated("<div>", 300) + Array("a<script>secret</script><svg><text>vector</text></svg>b".utf8))
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "ab")
    }

    func testUnclosedFormattingAcrossManyBlocksStaysLinear() {
        let result = readLinearly(2_000) { self.repeated("<b><i><u>", 80) + self.repeated("<div>text</div>", $0) }
        XCTAssertEqual(result.document.blocks.count, 2_000)
        XCTAssertTrue(RTFTestSupport.paragraphs(result.document.blocks).allSatisfy { $0.runs.allSatisfy { $0.style.bold } })
    }

    func testManyStrayEndTagsAndNestedTablesFinish() {
        let result = readLinearly(4_000) {
            self.repeated("</b></div></td></table>", $0) + self.repeated("<table><tr><td>", 300) + Array("deep".utf8)
        }
        XCTAssertEqual(result.diagnostics.count, HTMLDocumentBuilder.maximumDiagnostics)
        XCTAssertTrue(RTFTestSupport.plainText(result.document).contains("deep"))
    }

    func testLongSingleLineWithManyBlocksIsLinear() {
        // A minified file: one line, each paragraph located after the image inside it.
        let result = readLinearly(2_000) { self.repeated("<p><img src=a.png>日本語 text</p>", $0) }
        XCTAssertEqual(result.document.blocks.count, 4_000)
        XCTAssertEqual(result.document.blocks.last?.location, SourceLocation(line: 1, column: 1 + 1_999 * 30))
    }

    func testHugeTextAttributesAndComments() {
        let text = readLinearly(16_000) { Array("<p>".utf8) + self.repeated("word ", $0) }
        XCTAssertEqual(RTFTestSupport.plainText(text.document).count, 16_000 * 5 - 1)
        let attributes = readLinearly(8_000) { Array("<p ".utf8) + self.repeated("a=1 ", $0) + Array(">x".utf8) }
        XCTAssertEqual(RTFTestSupport.plainText(attributes.document), "x")
        let comments = readLinearly(8_000) { self.repeated("<!-- - -- ->", $0) + Array("-->after".utf8) }
        XCTAssertEqual(RTFTestSupport.plainText(comments.document), "after")
        let references = readLinearly(4_000) { self.repeated("&amp;&#99999999999999999999;&#x;&unknownname;", $0) }
        XCTAssertEqual(references.diagnostics.count, HTMLDocumentBuilder.maximumDiagnostics)
    }

    func testUnclosedRawTextRunsToTheEnd() {
        XCTAssertEqual(readLinearly(4_000) { Array("<p>a</p><script>".utf8) + self.repeated("<p>x</p>", $0) }.document.blocks.count, 1)
        XCTAssertEqual(RTFTestSupport.plainText(readLinearly(2_000) { Array("<title>t".utf8) + self.repeated("<p>x", $0) }.document), "")
    }

    func testTruncatedMarkupAtEveryPosition() {
        let source = Array(
            ("<!DOCTYPE html><title>T</title><p class=\"a\" id='b' data=c>Hi &amp; <b>bold</b><!-- c --><img "
                + "src=\"x.png\"><table><tr><td>1</table>")
                .utf8)
        for length in 0...source.count {
            let result = HTMLDocumentReader.read(Array(source.prefix(length)), path: "cut.html")
            XCTAssertEqual(result.document.kind, .html)
        }
    }

    func testInvalidBytesAreReplacedAndReported() {
        let result = read(Array("<p>ok ".utf8) + [0xFF, 0xC3, 0x00, 0xE3, 0x81] + Array(" end</p>".utf8))
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "ok \u{FFFD}\u{FFFD}\u{FFFD} end")
        XCTAssertEqual(result.diagnostics.first?.location, SourceLocation(line: 1, column: 7))
        XCTAssertTrue(result.diagnostics.first?.message.hasPrefix("invalid UTF-8 bytes") ?? false)
    }

    func testRandomMarkupNeverCrashes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "<", ">", "</", "/>", "<!--", "-->", "<p>", "<li>", "<td>", "<tr>", "<table>", "</table>", "<b>", "</b>",
            "<script>", "</script>", "<pre>", "\n", " ", "&", "&#x", ";", "\"", "'", "=", "a", "日", "<img src=",
            "<ul>", "</ul>", "<svg>", "<a href=", "javascript:", "<q>", "<rt>", "<![CDATA[", "<h1>", "<br>", "<hr>",
        ]
        // Text may say "javascript:"; only a link to it would be a hole.
        let unsafeHref = try Regex(#"href="(?!https?:|mailto:|tel:|#)"#)
        for _ in 0..<300 {
            var source = ""
            for _ in 0..<Int.random(in: 0..<200, using: &generator) { source += pieces.randomElement(using: &generator) ?? "" }
            var bytes = Array(source.utf8)
            if Bool.random(using: &generator), !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let result = HTMLDocumentReader.read(bytes, path: "random.html")
            let html = HTMLRenderer(context: RenderContext()).render(result.document).html
            XCTAssertFalse(html.contains("<script"), source)
            XCTAssertNil(html.firstMatch(of: unsafeHref), source)
        }
    }
}
