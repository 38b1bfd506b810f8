import XCTest

@testable import GalleyCore

/// Focused tests of the HTML reader, one feature each.
final class HTMLDocumentReaderTests: XCTestCase {
    private typealias Support = HTMLTestSupport

    // MARK: Document

    func testTitleComesFromTitleElementThenFirstHeading() {
        let titled = Support.read("<title>\n  Help &amp;  Tips </title><h1>Heading</h1>")
        XCTAssertEqual(titled.document.title, "Help & Tips")
        XCTAssertEqual(titled.document.kind, .html)
        XCTAssertEqual(Support.read("<h2>Second</h2><h1>First <b>level</b></h1>").document.title, "First level")
        XCTAssertEqual(Support.read("<p>No heading</p>").document.title, "")
        XCTAssertEqual(Support.read("<svg><title>Icon</title></svg><h1>Page</h1>").document.title, "Page")
    }

    func testBlockLocationsAreStartTagsInScalarColumns() {
        let result = Support.read("<p>日本語</p><p>b</p>\n  <h2>c</h2>\r\n<div>\n  loose text</div>")
        XCTAssertEqual(
            result.document.blocks.map(\.location),
            [
                SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 11),
                SourceLocation(line: 2, column: 3), SourceLocation(line: 3, column: 1),
            ])
        XCTAssertEqual(result.document.blocks.map(\.kind), ["paragraph", "paragraph", "heading", "paragraph"])
    }

    // MARK: Text

    func testWhitespaceCollapsesOutsidePre() {
        XCTAssertEqual(Support.texts("<p>\n   one \t two\n\n three   </p>"), ["one two three"])
        XCTAssertEqual(Support.texts("<p>a<b> b </b> c</p>"), ["a b c"])
        XCTAssertEqual(Support.texts("<p>keep&nbsp;&nbsp;two</p>"), ["keep\u{A0}\u{A0}two"])
        XCTAssertEqual(Support.texts("<p>line <br> next</p>"), ["line\u{2028}next"])
        XCTAssertEqual(Support.texts("  \n <div> \n </div> \n"), [])
    }

    func testPreKeepsWhitespaceAndDropsTheFirstNewline() {
        let paragraphs = Support.paragraphs("<pre>\n  a\tb  \r\n\nc</pre>")
        XCTAssertEqual(paragraphs.map(\.plainText), ["  a\tb  \u{2028}\u{2028}c"])
        XCTAssertEqual(paragraphs.first?.runs.first?.style.fontFamily, "Courier")
        XCTAssertEqual(Support.read("<pre>x</pre>").document.blocks.first?.kind, "preformatted")
    }

    func testCharacterReferences() {
        XCTAssertEqual(
            Support.texts("<p>&amp;&lt;&gt;&quot;&apos;&copy;&reg;&trade;&hellip;&mdash;&ndash;&lsquo;&rsquo;&ldquo;&rdquo;</p>"),
            ["&<>\"'©®™…—–‘’“”"])
        XCTAssertEqual(
            Support.texts("<p>&bull;&middot;&times;&divide;&euro;&yen;&pound;&laquo;&raquo;&deg;&alpha;&rarr;</p>"),
            ["•·×÷€¥£«»°α→"])
        XCTAssertEqual(
            Support.texts("<p>&#65;&#x42;&#X43;&#128512;&#x1F600;&#0;&#xD800;&#99999999999;&#150;</p>"),
            ["ABC😀😀\u{FFFD}\u{FFFD}\u{FFFD}–"])
        XCTAssertEqual(Support.texts("<p>AT&T &amp a&ampb &copy 2024 &# &#x; &</p>"), ["AT&T & a&ampb © 2024 &# &#x; &"])
    }

    func testUnknownReferencesStayAsWrittenWithAWarning() {
        let result = Support.read("<p>x &nosuchthing; y</p>")
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "x &nosuchthing; y")
        XCTAssertEqual(
            result.diagnostics.map(\.formatted), ["test.html:1:6: warning: unknown character reference '&nosuchthing;' is shown as written"]
        )
    }

    func testReferencesInAttributesKeepQueryStrings() {
        let result = Support.read("<a href=\"https://x.test/?a=1&copy=2&amp;b=3\">q</a>")
        XCTAssertEqual(RTFTestSupport.links(result.document).map(\.target), ["https://x.test/?a=1&copy=2&b=3"])
    }

    // MARK: Character formatting

    func testInlineElements() {
        let runs = Support.runs(
            "<p><b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>"
                + "<sub>2</sub><sup>3</sup><code>c</code><kbd>k</kbd><mark>m</mark></p>"
        )
        func style(_ index: Int) -> CharacterStyle { runs[index].style }
        XCTAssertEqual(runs.map(\.text), ["bs", "ie", "un", "skd", "2", "3", "ck", "m"])
        XCTAssertTrue(style(0).bold)
        XCTAssertTrue(style(1).italic)
        XCTAssertTrue(style(2).underline)
        XCTAssertTrue(style(3).strikethrough)
        XCTAssertEqual(style(4).baseline, .subscript)
        XCTAssertEqual(style(5).baseline, .superscript)
        XCTAssertEqual(style(6).fontFamily, "Courier")
        XCTAssertEqual(style(7).background, RGBColor(red: 255, green: 255, blue: 0))
    }

    func testSmallBigAndFontElement() {
        let runs = Support.runs(
            "<p><small>s</small><big>b</big><font color=\"ff0000\" face=\"Georgia, serif\" size=\"5\">f</font><font "
                + "size=\"-1\">m</font><span>plain</span></p>"
        )
        XCTAssertEqual(runs.map(\.style.fontSize), [10, 14.4, 18, 9.75, nil])
        XCTAssertEqual(runs[2].style.color, RGBColor(red: 255, green: 0, blue: 0))
        XCTAssertEqual(runs[2].style.fontFamily, "Georgia")
    }

    func testMisnestedFormattingFollowsBrowsers() {
        let runs = Support.runs("<p><b>1<i>2</b>3</i>4</p>")
        XCTAssertEqual(runs.map(\.text), ["1", "2", "3", "4"])
        XCTAssertEqual(runs.map(\.style.bold), [true, true, false, false])
        XCTAssertEqual(runs.map(\.style.italic), [false, true, true, false])
        let reopened = Support.paragraphs("<p><b>x</p>y")
        XCTAssertEqual(reopened.map(\.plainText), ["x", "y"])
        XCTAssertEqual(reopened.map { $0.runs.first?.style.bold }, [true, true])
        let fenced = Support.paragraphs("<table><tr><td><i>cell</td></tr></table>after")
        XCTAssertEqual(fenced.map { $0.runs.first?.style.italic }, [true, false])
    }

    func testInlineStyleDeclarations() {
        let runs = Support.runs(
            """
            <p><span style="color: #0a0B0c; background-color: rgb(255, 0, 0)">a</span>\
            <span style="font-weight: 700; font-style: italic; text-decoration: underline line-through">b</span>\
            <span style="font-size: 16px; font-family: 'Helvetica Neue', Arial">c</span>\
            <span style="font-size:10pt;color:red !important;/* note */background:url(x.png) navy">d</span>\
            <span style="font-size: 150%"><span style="font-size:2em">e</span></span>\
            <span style="position:fixed;width:9999px;color:nonsense;font-weight:normal">f</span></p>
            """)
        XCTAssertEqual(runs.map(\.text), ["a", "b", "c", "d", "e", "f"])
        XCTAssertEqual(runs[0].style.color, RGBColor(red: 10, green: 11, blue: 12))
        XCTAssertEqual(runs[0].style.background, RGBColor(red: 255, green: 0, blue: 0))
        XCTAssertTrue(runs[1].style.bold && runs[1].style.italic && runs[1].style.underline && runs[1].style.strikethrough)
        XCTAssertEqual(runs[2].style.fontSize, 12)
        XCTAssertEqual(runs[2].style.fontFamily, "Helvetica Neue")
        XCTAssertEqual(runs[3].style.fontSize, 10)
        XCTAssertEqual(runs[3].style.color, RGBColor(red: 255, green: 0, blue: 0))
        XCTAssertEqual(runs[3].style.background, RGBColor(red: 0, green: 0, blue: 128))
        XCTAssertEqual(runs[4].style.fontSize, 36)
        XCTAssertEqual(runs[5].style, CharacterStyle())
    }

    func testTextAlignmentOnBlocks() {
        let paragraphs = Support.paragraphs(
            """
            <p style="text-align:center">c</p><p align="right">r</p><div style="text-align: justify"><p>j</p></div>\
            <center>m</center><p>l</p>
            """)
        XCTAssertEqual(paragraphs.map { $0.style?.alignment ?? .leading }, [.center, .trailing, .justified, .center, .leading])
    }

    // MARK: Blocks

    func testHeadingsAreBoldLargerAndOfKindHeading() {
        let result = Support.read("<h1>One</h1><h2>Two</h2><h3>Three</h3><h6>Six</h6>")
        XCTAssertEqual(result.document.blocks.map(\.kind), ["heading", "heading", "heading", "heading"])
        let runs = RTFTestSupport.paragraphs(result.document.blocks).map { $0.runs[0].style }
        XCTAssertEqual(runs.map(\.fontSize), [24, 18, 14.04, 8.04])
        XCTAssertTrue(runs.allSatisfy(\.bold))
    }

    func testParagraphsGetBrowserMargins() {
        let style = Support.paragraphs("<p>x</p>").first?.style
        XCTAssertEqual(style?.spaceBefore, 12)
        XCTAssertEqual(style?.spaceAfter, 12)
        XCTAssertNil(Support.paragraphs("<div>x</div>").first?.style)
    }

    func testBlockquoteIndents() {
        let paragraphs = Support.paragraphs("<blockquote><p>q</p><blockquote>qq</blockquote></blockquote>")
        XCTAssertEqual(paragraphs.map { $0.style?.leftIndent }, [30, 60])
        XCTAssertEqual(paragraphs.map { $0.style?.rightIndent }, [30, 60])
    }

    func testImpliedEndTags() {
        XCTAssertEqual(Support.texts("<p>one<p>two<div>three</div>four"), ["one", "two", "three", "four"])
        XCTAssertEqual(Support.texts("<ul><li>a<li>b</ul>"), ["a", "b"])
        XCTAssertEqual(Support.texts("<dl><dt>term<dd>definition</dl>"), ["term", "definition"])
        XCTAssertEqual(Support.texts("<h1>one<h2>two</h2>"), ["one", "two"])
    }

    func testListsWithMarkersLevelsAndNumbering() {
        let paragraphs = Support.paragraphs(
            """
            <ul><li>a<ul><li>b<ul><li>c</ul></ul><li>d</ul>\
            <ol start="3"><li>three<li value="10">ten<li>eleven</ol>\
            <ol type="a"><li>x<li>y</ol><ol type="I"><li>x<li>y</ol><ul type="square"><li>s</ul>
            """)
        XCTAssertEqual(paragraphs.map { $0.listMarker ?? "" }, ["•", "◦", "▪", "•", "3.", "10.", "11.", "a.", "b.", "I.", "II.", "▪"])
        XCTAssertEqual(paragraphs.map(\.listLevel), [0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(paragraphs.prefix(3).map { $0.style?.leftIndent }, [18, 36, 54])
    }

    func testListItemEdgeCases() {
        let paragraphs = Support.paragraphs("<ul><li></li><li><p>para</p><p>second</p></li></ul><li>loose</li>")
        XCTAssertEqual(paragraphs.map(\.plainText), ["", "para", "second", "loose"])
        XCTAssertEqual(paragraphs.map(\.listMarker), ["•", "•", nil, "•"])
        XCTAssertEqual(paragraphs[2].style?.leftIndent, 18)
    }

    func testTables() throws {
        let result = Support.read(
            """
            <table><caption>Cap</caption><thead><tr><th>H1<th width="80">H2</thead>\
            <tbody><tr><td>a<td><table><tr><td>inner</table></td><tr><td>c</tbody></table>
            """)
        XCTAssertEqual(result.document.blocks.map(\.kind), ["paragraph", "table"])
        let rows = try XCTUnwrap(RTFTestSupport.tables(result.document).first)
        XCTAssertEqual(rows.map(\.count), [2, 2, 1])
        XCTAssertEqual(rows[0][1].widthPoints, 60)
        let header = try XCTUnwrap(RTFTestSupport.paragraphs(rows[0][0].blocks).first)
        XCTAssertTrue(header.runs[0].style.bold)
        XCTAssertEqual(header.style?.alignment, .center)
        XCTAssertEqual(RTFTestSupport.tables(result.document).count, 2)
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "Cap\nH1\nH2\na\ninner\nc")
    }

    func testTableWithoutRowsOrStrayContent() {
        XCTAssertEqual(Support.read("<table><td>cell</table>").document.blocks.map(\.kind), ["table"])
        let stray = Support.read("<table><tr>stray<td>cell</td></tr></table>")
        XCTAssertEqual(stray.document.blocks.map(\.kind), ["paragraph", "table"])
        // Browsers ignore table parts outside a table.
        XCTAssertEqual(Support.texts("<td>no table</td><tr>row"), ["no tablerow"])
        XCTAssertTrue(Support.read("<table></table>").document.blocks.isEmpty)
    }

    func testDividerAndLineBreaks() {
        let result = Support.read("<p>a</br>b</p><hr><p>c</p>")
        XCTAssertEqual(result.document.blocks.map(\.kind), ["paragraph", "divider", "paragraph"])
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "a\u{2028}b\nc")
        XCTAssertEqual(Support.texts("<br>"), ["\u{2028}"])
    }

    func testImages() throws {
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
        let result = Support.read(
            """
            <p>before <img src="pics/My%20Photo.png?v=2#x" width="200" height="100px"> after</p>\
            <img src="data:image/png;base64,\(png)"><img src="sub\\dir.gif" width="50%"><img src="/root.png"><img>
            """)
        XCTAssertEqual(result.document.blocks.map(\.kind), ["paragraph", "image", "paragraph", "image", "image"])
        let images = RTFTestSupport.images(result.document)
        XCTAssertEqual(images[0], ImageBlock(source: .file("pics/My Photo.png"), widthPoints: 150, heightPoints: 75))
        guard case .embedded(let mimeType, let bytes) = images[1].source else { return XCTFail("not embedded") }
        XCTAssertEqual(mimeType, "image/png")
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertEqual(images[2], ImageBlock(source: .file("sub/dir.gif")))
        XCTAssertEqual(
            result.diagnostics.map(\.message),
            [
                "image path '/root.png' is absolute; use a path relative to the document", "image has no 'src'",
            ])
    }

    func testLinks() {
        let result = Support.read(
            "<a href=\" https://a.test/x \">web</a> <a href=\"mailto:me@x.test\">mail</a> <a href=\"other.html\">rel</a> <a "
                + "name=\"x\">anchor</a> <a href=\"#top\">top</a>"
        )
        XCTAssertEqual(RTFTestSupport.links(result.document).map(\.text), ["web", "mail", "top"])
        XCTAssertEqual(RTFTestSupport.links(result.document).map(\.target), ["https://a.test/x", "mailto:me@x.test", "#top"])
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let nested = Support.runs("<p><a href=\"https://one.test\">one<a href=\"https://two.test\">two</a>three</p>")
        XCTAssertEqual(nested.map(\.style.link), ["https://one.test", "https://two.test", nil])
    }

    func testQuotesAndRubyReadings() {
        XCTAssertEqual(Support.texts("<p>He said <q>hi</q>.</p>"), ["He said “hi”."])
        XCTAssertEqual(Support.texts("<p><ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字<rt>じ</rt></ruby></p>"), ["漢(かん)字(じ)"])
    }

    // MARK: Skipped content

    func testRawTextAndHiddenElementsAreSkipped() {
        let source = """
            <style>p { x: "</p>" }</style><script>if (a < b) document.write("<p>no</p>")</script>\
            <p>shown</p><template><p>inert</p></template><noscript>ns</noscript><svg><text>vector</text><path/></svg>\
            <select><option>opt</select><span style="display: none">gone</span><div hidden>hid<p>den</div><p>end</p>
            """
        XCTAssertEqual(Support.texts(source), ["shown", "end"])
        XCTAssertTrue(Support.read(source).diagnostics.isEmpty, "\(Support.read(source).diagnostics)")
    }

    func testTextareaIsShownAsPreformattedText() {
        let result = Support.read("<textarea>\n&lt;a&gt;  b</textarea>")
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "<a>  b")
        XCTAssertEqual(result.document.blocks.first?.kind, "preformatted")
    }

    func testCommentsDoctypeCDATAAndProcessingInstructionsAreSkipped() {
        XCTAssertEqual(
            Support.texts("<!DOCTYPE html><?xml version=\"1.0\"?><!-- <p>c</p> --><!----><!--->a<![CDATA[x]]>b<!bogus>c</ >d"), ["abcd"])
        XCTAssertEqual(Support.texts("a < b and c <3 d"), ["a < b and c <3 d"])
    }

    // MARK: Diagnostics

    func testUnknownElementsGetASuggestion() {
        let result = Support.read("<p><imgae src=x>text</imgae> <my-widget>custom</my-widget></p>")
        XCTAssertEqual(result.diagnostics.map(\.formatted), ["test.html:1:4: warning: unknown element '<imgae>'; did you mean '<img>'?"])
        XCTAssertEqual(RTFTestSupport.plainText(result.document), "text custom")
    }

    func testStrayAndUnclosedTagsAreWarnings() {
        let result = Support.read("<div>\n<b>bold</span>\n<p>para")
        XCTAssertEqual(
            result.diagnostics.map(\.formatted),
            [
                "test.html:2:8: warning: end tag '</span>' matches no open element",
                "test.html:1:1: warning: '<div>' is never closed",
                "test.html:2:1: warning: '<b>' is never closed",
            ])
    }

    func testUnterminatedCommentAndCutOffTag() {
        let comment = Support.read("a<!-- never closed <p>b</p>")
        XCTAssertEqual(RTFTestSupport.plainText(comment.document), "a")
        XCTAssertEqual(comment.diagnostics.map(\.message), ["unterminated comment: '<!--' has no '-->'"])
        let tag = Support.read("<p>text</p><img src=\"a.png")
        XCTAssertEqual(RTFTestSupport.plainText(tag.document), "text")
        XCTAssertEqual(tag.diagnostics.map(\.formatted), ["test.html:1:12: warning: tag '<img' is cut off at end of file"])
    }
}
