import GalleyCore
import XCTest

/// The geometry of the seed's SwiftUI view, and the CSS written from it.
final class ColumnLayoutTests: XCTestCase {
    private let face = FontMetrics(ascent: 0.9, descent: 0.2, lineGap: 0.05, capHeight: 0.7)
    private var body: ColumnLayout.TextGeometry { ColumnLayout.TextGeometry(face: face, fontSize: 20, lineSpacing: 12, paddingTop: 18) }

    func testFramesLandOnTheDevicesPixelGrid() {
        // A 20 pt text of 1.15 em lines: 2 lines and 12 of spacing, 58, on the grid already.
        XCTAssertEqual(body.height(lines: 2, pixelLength: 1.0 / 3.0), 18 + 58, accuracy: 1e-9)
        let odd = ColumnLayout.TextGeometry(face: face, fontSize: 16.1, lineSpacing: 0)
        XCTAssertEqual(
            odd.height(lines: 1, pixelLength: 1.0 / 3.0), 18.0 + 2.0 / 3.0, accuracy: 1e-9,
            "1.15 em of 16.1 pt, 18.52, rounded up to a third")
        let placed = ColumnLayout.place(
            [.measured(height: 10.1), .measured(height: 10.1), .measured(height: 10.1)], screenWidth: 390, rules: LayoutRules())
        for placement in placed {
            for edge in [placement.top, placement.top + placement.height] {
                XCTAssertEqual((edge * 3).rounded(), edge * 3, accuracy: 1e-9, "\(edge) is on a 3x grid")
            }
        }
        XCTAssertEqual(placed[2].top, 16 + 2 * (10.1 + 8), accuracy: 1.0 / 6.0, "within half a pixel of the continuous layout")
    }

    func testLineSpacingIsBetweenLinesOnly() {
        XCTAssertEqual(body.height(lines: 6), 18 + 6 * 23 + 5 * 12, accuracy: 1e-9, "the issue's 6-line paragraph: 198 pt of text")
        XCTAssertEqual(body.height(lines: 1), 18 + 23, accuracy: 1e-9, "one line has no spacing")
        XCTAssertEqual(body.height(lines: 0), 18 + 23, accuracy: 1e-9, "an empty Text keeps its font's height")
    }

    func testBlocksStackWithTheirNeighboursSpacing() {
        let image = ColumnLayout.ImageGeometry()
        let placements = ColumnLayout.place(
            [.text(body, lines: 2), .image(image, width: 1200, height: 800), .measured(height: 5)],
            screenWidth: 390, rules: LayoutRules())
        let imageHeight: Double = 358.0 * 800 / 1200
        // Below a 20 pt text: its line (22 pt) and extra (2.2, up to 7/3) less its cap height (14).
        let belowText = 22 + 7.0 / 3.0 - 14
        let imageTop: Double = 16 + 18 + 58 + belowText
        XCTAssertEqual(placements[0].top, 16)
        XCTAssertEqual(placements[1].top, imageTop, accuracy: 1e-9)
        XCTAssertEqual(placements[1].gap?.cause, .met([.edgeBelowText]))
        XCTAssertEqual(placements[2].top, imageTop + imageHeight + 8, accuracy: 1e-9, "two plain views: the stack's default")
        XCTAssertEqual(placements[2].gap?.cause, .stackDefault)
        XCTAssertEqual(placements[1].height, imageHeight, accuracy: 1e-9, "scaledToFit: the column's width times the picture's ratio")
        XCTAssertEqual(ColumnLayout.ImageGeometry(maxHeight: 100).height(width: 1200, height: 800, columnWidth: 358), 100)
        XCTAssertEqual(ColumnLayout.ImageGeometry(aspectRatio: 2).height(width: 10, height: 800, columnWidth: 358), 179)
    }

    func testTheCSSIsWrittenFromTheModel() {
        let css = KindStyleSheet.css(for: .seed, faces: TextFaces(every: face), rules: LayoutRules())
        let rounded = "height:calc-size(auto, round(up, size, var(--galley-pixel, 0.333333px)))"
        XCTAssertTrue(css.contains(".k-body{line-height:calc(1.15em + 12px);\(rounded)}\n.k-body>p{margin:-6px 0}"), css)
        XCTAssertTrue(css.contains(".k-caption{line-height:calc(1.15em + 0px);\(rounded)}"), css)
        XCTAssertFalse(css.contains(".k-caption>p"), "no spacing, nothing to give back")
        XCTAssertTrue(css.contains(".galley-doc.kind-tagged{padding:16px;gap:0}"), css)
        XCTAssertTrue(
            css.contains(".k-image+.k-image,.blk-group:has(>.k-image:last-child)+.blk-group>.k-image:first-child{margin-top:8px}"), css)
        XCTAssertTrue(css.contains(".blk-group>.k-body:first-child{margin-top:var(--galley-caption-bottom-edgeBelowText)}\n"), css)
        let below = css.split(separator: ";").first { $0.hasPrefix("--galley-caption-bottom-edgeBelowText:") }
        XCTAssertNotNil(below?.range(of: "round(up, calc(0.1 * calc(calc(0.9 * calc(16px * var(--text-scale, 1)))"), css)
        XCTAssertNotNil(below?.range(of: "var(--galley-pixel, 0.333333px)"), css)
        let fixed = KindStyleSheet.css(
            for: .seed, faces: TextFaces(every: face), rules: LayoutRules(stack: StackStyle(spacing: 12, alignment: .leading)))
        XCTAssertTrue(fixed.contains(".blk+.blk,.blk-group+.blk-group>.blk:first-child{margin-top:12px}\n"), fixed)
        XCTAssertFalse(fixed.contains(".k-body+.k-body"), "one spacing for every pair")
        XCTAssertTrue(fixed.contains("align-self:flex-start"), "a leading stack puts a short caption at the leading edge")
    }

    func testMeasuredBlocksAreReadByKind() {
        let metrics = FontMetrics(ascent: 1, descent: 0, lineGap: 0)
        let geometries = KindGeometries(schema: .seed, faces: TextFaces(every: metrics), rules: LayoutRules())
        XCTAssertEqual(
            geometries.block("body/3"),
            .text(ColumnLayout.TextGeometry(face: metrics, fontSize: 20, lineSpacing: 12, paddingTop: 18), lines: 3))
        XCTAssertEqual(geometries.block("image/640x480"), .image(ColumnLayout.ImageGeometry(), width: 640, height: 480))
        XCTAssertEqual(geometries.block("image/=31.5"), .measured(height: 31.5))
        for bad in ["body", "body/x", "nosuchkind/3", "image/3", "image/1x2x3", "body/-1", "image/=nan"] {
            XCTAssertNil(geometries.block(Substring(bad)), bad)
        }
    }

    func testEveryCopyOfASchemasGeometriesIsOneReference() {
        // Each tagged document published carries them: a word, not a copy of the kinds' table and the layout rules.
        XCTAssertEqual(MemoryLayout<KindGeometries>.size, MemoryLayout<Int>.size)
        let metrics = FontMetrics(ascent: 1, descent: 0, lineGap: 0)
        let geometries = KindGeometries(schema: .seed, faces: TextFaces(every: metrics), rules: LayoutRules(navigationBar: .large))
        let copy = geometries
        XCTAssertEqual(copy, geometries)
        XCTAssertEqual(copy.rules.navigationBar, .large)
        XCTAssertNotEqual(copy, KindGeometries(schema: .seed, faces: TextFaces(every: metrics), rules: LayoutRules()))
    }
}
