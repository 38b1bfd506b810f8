import GalleyCore
import XCTest

/// SwiftUI's spacing between neighbours in a `VStack`, against the figures
/// OpenSwiftUI's own tests hold its audited reimplementation to
/// (`SpacingTests.swift`, `NSAttributedStringTests.swift`), and against the
/// rules worked by hand for Linux Libertine O (its `hhea` and `OS/2`:
/// 1000 units per em, ascender 894, descender −246, no line gap, cap height 658).
final class ViewSpacingTests: XCTestCase {
    private let iOS17 = PlatformSDK(name: "iOS 17")!
    private let iOS13 = PlatformSDK(name: "iOS 13")!

    /// OpenSwiftUI's fixed 16 pt face, at a pixel length of 1.
    private let fixedFace = TextSpacingMetrics<Double>(ascender: 12.3203125, descender: 3.6796875, capHeight: 11.4765625, leading: 0)

    func testOpenSwiftUIsTextVectors() {
        let newer = ViewSpacing.text(fixedFace, sdk: iOS17, pixelLength: 1.0)
        XCTAssertEqual(distance(newer.top[.edgeAboveText]), 5.6796875)
        XCTAssertEqual(distance(newer.bottom[.edgeBelowText]), 6.5234375)
        let older = ViewSpacing.text(fixedFace, sdk: iOS13, pixelLength: 1.0)
        XCTAssertEqual(distance(older.top[.edgeAboveText]), 7.6796875)
        XCTAssertEqual(distance(older.bottom[.edgeBelowText]), 8.5234375)
    }

    func testTwoTextsMeetAtTheLowerOnesLeadingFromIOS17() {
        let upper = ViewSpacing.text(fixedFace, sdk: iOS17, pixelLength: 1.0)
        var leaded = fixedFace
        leaded.leading = 2.2
        let lower = ViewSpacing.text(leaded, sdk: iOS17, pixelLength: 1.0)
        XCTAssertEqual(upper.space(above: lower, sdk: iOS17).length, 3, "2.2 rounded up to the upper text's pixel")
        XCTAssertEqual(upper.space(above: lower, sdk: iOS17).met, [.textToText, .textBaseline])
        XCTAssertEqual(upper.space(above: lower, sdk: iOS13).length, 0, "before iOS 17, texts meet at 0")
    }

    func testAPlainViewMeetsATextAtTheTextsOwnDistance() {
        let text = ViewSpacing.text(fixedFace, sdk: iOS17, pixelLength: 1.0)
        let image = ViewSpacing<Double>.plain
        XCTAssertEqual(text.space(above: image, sdk: iOS17).length, 6.5234375)
        XCTAssertEqual(text.space(above: image, sdk: iOS17).met, [.edgeBelowText])
        XCTAssertEqual(image.space(above: text, sdk: iOS17).length, 5.6796875)
        XCTAssertEqual(image.space(above: text, sdk: iOS17).met, [.edgeAboveText])
        XCTAssertEqual(image.space(above: image, sdk: iOS17).length, StackStyle.defaultSpacing)
        XCTAssertEqual(image.space(above: image, sdk: iOS17).met, [])
    }

    func testPaddingResetsAnEdgeFromIOS14() {
        let padded = ViewSpacing.text(fixedFace, sdk: iOS17, pixelLength: 1.0).padded(top: true, bottom: false, sdk: iOS17)
        let text = ViewSpacing.text(fixedFace, sdk: iOS17, pixelLength: 1.0)
        XCTAssertEqual(text.space(above: padded, sdk: iOS17).length, 6.5234375, "the upper text's 'below' alone")
        XCTAssertEqual(ViewSpacing<Double>.plain.space(above: padded, sdk: iOS17).length, 8, "nothing meets: the default")
        let unreset = ViewSpacing.text(fixedFace, sdk: iOS13, pixelLength: 1.0).padded(top: true, bottom: false, sdk: iOS13)
        XCTAssertEqual(ViewSpacing.text(fixedFace, sdk: iOS13, pixelLength: 1.0).space(above: unreset, sdk: iOS13).length, 0)
    }

    /// The issue's table: Linux Libertine O, body 20 pt with `lineSpacing`
    /// 12 and `paddingTop` 18, caption 16 pt, on a 3× phone.
    func testLibertineNeighboursAsTheIssueMeasuredThem() {
        let libertine = FontMetrics(ascent: 0.894, descent: 0.246, lineGap: 0, capHeight: 0.658)
        let body = ColumnLayout.TextGeometry(face: libertine, fontSize: 20, lineSpacing: 12, paddingTop: 18)
        let caption = ColumnLayout.TextGeometry(face: libertine, fontSize: 16, lineSpacing: 0)
        let image = ColumnLayout.ImageGeometry()
        func gaps(_ sdk: PlatformSDK) -> [Double] {
            let rules = LayoutRules(sdk: sdk, pixelLength: 1.0 / 3.0)
            let blocks: [ColumnLayout.Block] = [
                .text(body, lines: 1), .text(body, lines: 1), .image(image, width: 3, height: 2), .text(caption, lines: 1),
                .text(caption, lines: 1), .text(body, lines: 1), .image(image, width: 3, height: 2), .image(image, width: 3, height: 2),
            ]
            // The space from one frame to the next block's text: its gap and its padding.
            return ColumnLayout.place(blocks, screenWidth: 390, rules: rules).dropFirst().map {
                ($0.gap?.length ?? 0) + ($0.gap?.padding ?? 0)
            }
        }
        let newer = gaps(iOS17)
        let expected17 = [29.973_333, 11.973_333, 5.936, 0, 27.712, 11.973_333, 8]
        for (got, want) in zip(newer, expected17) { XCTAssertEqual(got, want, accuracy: 0.001, "\(newer)") }
        let older = gaps(iOS13)
        let expected13 = [18, 13.64, 7.936, 0, 18, 13.64, 8]
        for (got, want) in zip(older, expected13) { XCTAssertEqual(got, want, accuracy: 0.001, "\(older)") }
    }

    func testTheStacksOwnSpacingReplacesEveryGap() {
        let rules = LayoutRules(stack: StackStyle(spacing: 12))
        let text = ColumnLayout.TextGeometry(face: FontMetrics(ascent: 0.9, descent: 0.2, lineGap: 0), fontSize: 17, lineSpacing: 0)
        let placed = ColumnLayout.place(
            [.text(text, lines: 1), .image(ColumnLayout.ImageGeometry(), width: 1, height: 1), .measured(height: 3)],
            screenWidth: 390, rules: rules)
        XCTAssertEqual(placed.compactMap(\.gap).map(\.length), [12, 12])
        XCTAssertEqual(placed.compactMap(\.gap).map(\.cause), [.stackSpacing, .stackSpacing])
    }

    func testTheSDKIsReadByName() {
        XCTAssertEqual(PlatformSDK(name: "iOS 13.5")?.major, 13)
        XCTAssertEqual(PlatformSDK(name: "ios 26")?.major, 26)
        for bad in ["iOS 12", "iOS 27", "iOS", "macOS 14", "iOS 17.", "iOS x", "iOS 17 beta"] { XCTAssertNil(PlatformSDK(name: bad), bad) }
        XCTAssertEqual(GalleyConfig.standard.sdk, .newest)
    }

    func testTheCSSRoundsAsTheModelDoes() {
        XCTAssertEqual(2.28.roundedUp(toMultipleOf: 1.0 / 3.0), 7.0 / 3.0, accuracy: 1e-12)
        XCTAssertEqual((2.0 / 3.0).roundedUp(toMultipleOf: 1.0 / 3.0), 2.0 / 3.0, accuracy: 1e-12, "on the grid: stays")
        XCTAssertEqual(1.6.roundedUp(toMultipleOf: 4), 4)
        let css = CSSLength.points(2.28).roundedUp(toMultipleOf: .property("--galley-pixel", fallback: .points(1.0 / 3.0)))
        XCTAssertEqual(css.expression, "round(up, 2.28px, var(--galley-pixel, 0.333333px))")
    }

    private func distance(_ offer: ViewSpacing<Double>.Offer?) -> Double? {
        guard case .distance(let value)? = offer else { return nil }
        return value
    }
}
