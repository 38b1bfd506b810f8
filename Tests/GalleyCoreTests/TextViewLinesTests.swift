import XCTest

@testable import GalleyCore

/// A rich-text document's lines from the faces that draw them, as TextKit
/// sets them: the face's ascent + descent + leading, times a multiple, made
/// up to a least height with space below each line.
final class TextViewLinesTests: XCTestCase {
    private typealias Support = RTFTestSupport

    /// Linux Libertine O's `hhea`: 894, −246 and 0 of 1000 units, 1.14 em.
    private let libertine = FontMetrics(ascent: 0.894, descent: 0.246, lineGap: 0)
    /// Helvetica's, as iOS reports it: 1.15 em.
    private let helvetica = FontMetrics(ascent: 0.92, descent: 0.23, lineGap: 0)
    /// Times's look-alike here, Liberation Serif: 1825, 443 and 87 of 2048 units.
    private let times = FontMetrics(ascent: 1825 / 2048, descent: 443 / 2048, lineGap: 87 / 2048)

    private var asked: [String] = []

    private func context() -> RenderContext {
        RenderContext(faceMetrics: { [libertine, helvetica, times] family in
            switch family.lowercased() {
            case "linux libertine o": libertine
            case "helvetica": helvetica
            case "times": times
            default: TextFaces.unknownMetrics
            }
        })
    }

    private func render(_ rtf: String) -> String {
        HTMLRenderer(context: context()).render(Support.read(rtf).document).html
    }

    func testAParagraphInAFontHasItsFacesLineHeight() {
        let html = render(#"{\rtf1{\fonttbl\f0 Helvetica;\f1 Linux Libertine O;}\f1 Libertine\par\f0 Helvetica\par}"#)
        let libertineParagraph = #"<p style="line-height:1.14;font-family:'Linux Libertine O',var(--galley-fallback-fonts)">Libertine</p>"#
        XCTAssertTrue(html.contains(libertineParagraph), html)
        // Helvetica is the text view's default, whose line height the style sheet gives.
        XCTAssertTrue(html.contains(#"<p style="font-family:'Helvetica',"#), html)
    }

    func testTheStyleSheetGivesTheDefaultFacesLineHeights() {
        let css = TextViewStyleSheet.css(faceMetrics: context().faceMetrics)
        XCTAssertTrue(css.contains("font-size:calc(12px * var(--text-scale, 1));line-height:1.15}"), css)
        let timesLine = TextViewLines.number(times.lineHeight)
        XCTAssertEqual(timesLine, "1.149902")
        XCTAssertTrue(css.contains(".galley-doc.kind-html p{font-family:\(FontStack.css(for: "Times"));line-height:\(timesLine)}"), css)
    }

    /// `\sl-480` is a 24 pt line: Libertine's 12 pt line is 13.68 pt, and
    /// the other 10.32 pt go below it, half of them moved from above the
    /// first line to below the last, as for `lineSpacing`.
    func testAnExactLineHeightIsTheFacesLineAndSpacingBelowIt() {
        let html = render(#"{\rtf1{\fonttbl\f0 Linux Libertine O;}\f0\sl-480 exact\par}"#)
        let style = #"style="margin-top:-5.16px;margin-bottom:5.16px;line-height:calc(1.14em + 10.32px);font-family:"#
        XCTAssertTrue(html.contains(style), html)
    }

    func testALeastLineHeightBelowTheFacesOwnChangesNothing() {
        let html = render(#"{\rtf1{\fonttbl\f0 Linux Libertine O;}\f0\fs48\sl240 large\par}"#)
        XCTAssertTrue(html.contains(#"<p style="line-height:1.14;font-family:"#), html)
    }

    /// The tallest face of the paragraph decides: 20 pt Libertine is 22.8 pt of the 24.
    func testALeastLineHeightIsMeasuredFromTheTallestRun() {
        let html = render(#"{\rtf1{\fonttbl\f0 Helvetica;\f1 Linux Libertine O;}\f0\sl480 small {\f1\fs40 large}\par}"#)
        XCTAssertTrue(html.contains("margin-top:-0.6px;margin-bottom:0.6px;line-height:calc(1.15em + 1.2px)"), html)
        XCTAssertTrue(html.contains("font-size:calc(var(--text-scale,1)*20px);line-height:calc(1.14em + 1.2px)"), html)
    }

    func testAMultipleMultipliesTheFacesLineHeight() {
        let html = render(#"{\rtf1{\fonttbl\f0 Linux Libertine O;}\f0\sl360\slmult1 one and a half\par}"#)
        XCTAssertTrue(html.contains(#"<p style="line-height:1.71;font-family:"#), html)
        let helveticaOnly = render(#"{\rtf1\sl480\slmult1 double\par}"#)
        XCTAssertTrue(helveticaOnly.contains(#"<p style="line-height:2.3">double</p>"#), helveticaOnly)
    }

    /// A run in another face brings its own line height: the line box covers
    /// both, as TextKit's line is as tall as its tallest face. A run of
    /// another size in the paragraph's face inherits the factor.
    func testARunInAnotherFaceHasItsOwnLineHeight() {
        let html = render(#"{\rtf1{\fonttbl\f0 Helvetica;\f1 Linux Libertine O;}\f0 plain {\f1 serif} {\fs36 big}\par}"#)
        let serif = "<span style=\"font-family:'Linux Libertine O',var(--galley-fallback-fonts);line-height:1.14\">serif</span>"
        XCTAssertTrue(html.contains(serif), html)
        XCTAssertTrue(html.contains("var(--galley-fallback-fonts);font-size:calc(var(--text-scale,1)*18px)\">big</span>"), html)
    }

    /// With spacing, a paragraph's line height is a length, which a run of
    /// another size would inherit as it is: the run gets its own.
    func testARunOfAnotherSizeWithSpacingHasItsOwnLineHeight() {
        let html = render(#"{\rtf1{\fonttbl\f0 Helvetica;}\f0\sl-480 small {\fs36 big}\par}"#)
        // 24 pt less the tallest run's 1.15 × 18 pt.
        let paragraph = "<p style=\"margin-top:-1.65px;margin-bottom:1.65px;line-height:calc(1.15em + 3.3px);font-family:"
        XCTAssertTrue(html.contains(paragraph), html)
        XCTAssertTrue(html.contains("font-size:calc(var(--text-scale,1)*18px);line-height:calc(1.15em + 3.3px)"), html)
    }

    func testAFontNobodyHasGetsTheCommonLine() {
        let html = render(#"{\rtf1{\fonttbl\f0 Nowhere Sans;}\f0 text\par}"#)
        XCTAssertTrue(html.contains(#"<p style="line-height:1.2;font-family:'Nowhere Sans',"#), html)
    }

    /// Each family is asked for once per renderer, however many paragraphs name it.
    func testEachFamilyIsAskedForOnce() {
        let counts = AskedFamilies()
        let context = RenderContext(faceMetrics: { family in
            counts.asked[family, default: 0] += 1
            return TextFaces.unknownMetrics
        })
        let paragraphs = String(repeating: #"\f0 a\par\f1 b {\f0 c}\par\sl-400 d\par"#, count: 200)
        _ = HTMLRenderer(context: context).render(Support.read(#"{\rtf1{\fonttbl\f0 Helvetica;\f1 Menlo;}"# + paragraphs + "}").document)
        XCTAssertEqual(counts.asked, ["Helvetica": 1, "Menlo": 1])
    }

    /// The families a rendering asked the context for, counted by the test's closure.
    private final class AskedFamilies {
        var asked: [String: Int] = [:]
    }

    /// A paragraph that names a font is rendered again when the context
    /// (the folder's fonts) changes, not copied from the last rendering.
    func testAParagraphInAFontIsRenderedAgainWhenTheFontsChange() {
        let rtf = #"{\rtf1{\fonttbl\f0 Linux Libertine O;}\f0 serif\par\pard\f0 more\par\pard\plain no font\par}"#
        let document = Support.read(rtf).document
        // Every face has the same line height here: nothing to say.
        let before = HTMLRenderer(context: RenderContext()).render(document)
        XCTAssertFalse(before.html.contains("line-height"), before.html)
        let counter = WorkCounter()
        let previous = PreviousRendering(document: document, rendered: before, sameContext: false)
        let after = HTMLRenderer(context: context(), counter: counter).render(document, reusing: previous)
        XCTAssertEqual(after, HTMLRenderer(context: context()).render(document))
        XCTAssertTrue(after.html.contains("line-height:1.14;"), after.html)
        XCTAssertEqual(counter.steps, 2, "the paragraph with no font is copied")
    }
}
