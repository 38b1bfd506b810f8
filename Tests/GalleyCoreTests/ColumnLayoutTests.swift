import GalleyCore
import XCTest

/// The geometry of the seed's SwiftUI view, and the CSS written from it.
final class ColumnLayoutTests: XCTestCase {
    private let body = ColumnLayout.TextGeometry(lineHeight: 23, lineSpacing: 12, paddingTop: 18)

    func testLineSpacingIsBetweenLinesOnly() {
        XCTAssertEqual(body.height(lines: 6), 18 + 6 * 23 + 5 * 12, "the issue's 6-line paragraph: 198 pt of text")
        XCTAssertEqual(body.height(lines: 1), 18 + 23, "one line has no spacing")
        XCTAssertEqual(body.height(lines: 0), 18 + 23, "an empty Text keeps its font's height")
    }

    func testBlocksStackWithTheVStacksSpacing() {
        let image = ColumnLayout.ImageGeometry()
        let placements = ColumnLayout.place([.text(body, lines: 2), .image(image, width: 1200, height: 800), .measured(height: 5)], screenWidth: 390)
        let imageHeight: Double = 358.0 * 800 / 1200
        let imageTop: Double = 16 + 18 + 58 + 8
        XCTAssertEqual(placements.map(\.top), [16, imageTop, imageTop + imageHeight + 8])
        XCTAssertEqual(placements[1].height, imageHeight, "scaledToFit: the column's width times the picture's ratio")
        XCTAssertEqual(ColumnLayout.ImageGeometry(maxHeight: 100).height(width: 1200, height: 800, columnWidth: 358), 100)
        XCTAssertEqual(ColumnLayout.ImageGeometry(aspectRatio: 2).height(width: 10, height: 800, columnWidth: 358), 179)
    }

    func testTheCSSIsWrittenFromTheModel() {
        let css = KindStyleSheet.css(for: .seed, faces: TextFaces(every: FontMetrics(ascent: 0.9, descent: 0.2, lineGap: 0.05)))
        XCTAssertTrue(css.contains(".k-body{line-height:calc(1.15em + 12px)}\n.k-body>p{margin:-6px 0}"), css)
        XCTAssertTrue(css.contains(".k-caption{line-height:calc(1.15em + 0px)}"), css)
        XCTAssertFalse(css.contains(".k-caption>p"), "no spacing, nothing to give back")
        XCTAssertTrue(css.contains(".galley-doc.kind-tagged{padding:16px;gap:8px}"), css)
    }

    func testMeasuredBlocksAreReadByKind() {
        let geometries = KindGeometries(schema: .seed, faces: TextFaces(every: FontMetrics(ascent: 1, descent: 0, lineGap: 0)))
        XCTAssertEqual(geometries.block("body/3"), .text(ColumnLayout.TextGeometry(lineHeight: 20, lineSpacing: 12, paddingTop: 18), lines: 3))
        XCTAssertEqual(geometries.block("image/640x480"), .image(ColumnLayout.ImageGeometry(), width: 640, height: 480))
        XCTAssertEqual(geometries.block("image/=31.5"), .measured(height: 31.5))
        for bad in ["body", "body/x", "nosuchkind/3", "image/3", "image/1x2x3", "body/-1", "image/=nan"] {
            XCTAssertNil(geometries.block(Substring(bad)), bad)
        }
    }
}
