import Foundation
import GalleyCore
import XCTest

/// The `line-limit` warning: a kind's `maxLines` held against its text at
/// every content size category, measured with the face the page draws.
final class LineLimitCheckTests: XCTestCase {
    /// Four words of four M's: 14.98 em in Liberation Serif (M is 1821 of
    /// 2048 units, a space 512), so one line of the 358 pt column up to
    /// 23.9 pt; a 16 pt caption is 26.4 pt at AX1 (16 × 28 / 17), where
    /// three words fit, and 49.9 pt at AX5, where one does.
    private let text = "MMMM MMMM MMMM MMMM"

    private func schema(_ kinds: String) throws -> ContentSchema {
        let read = ConfigReader().read(Array(#"{"kinds": [\#(kinds), {"name": "body"}]}"#.utf8))
        XCTAssertEqual(read.diagnostics, [])
        return try XCTUnwrap(read.config).schema
    }

    private func serif() throws -> TextMeasure {
        TextMeasure(widths: try XCTUnwrap(AdvanceWidths.read(try AdvanceWidthsTests.bytes(AdvanceWidthsTests.liberationSerif))))
    }

    private func document(_ blocks: [(KindName, String)]) -> Document {
        Document(
            title: "t", kind: .tagged,
            blocks: blocks.enumerated().map { index, block in
                Block(
                    kind: block.0, location: SourceLocation(line: index + 2, column: 5),
                    content: .paragraph(Paragraph(runs: [TextRun(block.1)])))
            })
    }

    func testTheLineCountsFollowTheCaptionsSizeAtEveryCategory() throws {
        let caption = try XCTUnwrap(try schema(#"{"name": "caption", "maxLines": 1, "style": {"size": 16}}"#).kind(named: "caption"))
        XCTAssertEqual(
            LineLimitCheck.lineCounts(of: text, style: caption.style, measure: try serif(), columnWidth: 358),
            [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4])
    }

    func testOneWarningPerBlockAtTheSmallestSizeThatExceedsTheLimit() throws {
        let schema = try schema(
            #"{"name": "caption", "maxLines": 2, "style": {"size": 16}}, {"name": "short", "pattern": "^<s>(.*)</s>$", "maxLines": 1, "#
                + #""style": {"size": 16}}"#
        )
        let measures: [KindName: TextMeasure] = ["caption": try serif(), "short": try serif()]
        let article = document([("caption", text), ("short", text), ("short", "MMMM"), ("body", text + " " + text)])
        let found = LineLimitCheck.diagnostics(for: article, path: "data.json", schema: schema, measures: measures, deviceWidth: 390)
        XCTAssertEqual(
            found.map(\.formatted),
            [
                "data.json:2:5: warning: 'caption' text wraps to 4 lines from accessibility size AX5 (limit 2) at 390 pt",
                "data.json:3:5: warning: 'short' text wraps to 2 lines from accessibility size AX1 (limit 1) at 390 pt",
            ])
        XCTAssertEqual(found.map(\.id), [.lineLimit, .lineLimit])
        XCTAssertEqual(found.first?.lineCounts, [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4])
        // The counts travel with the warning, in `check --json` and the page's API.
        var json = JSONWriter()
        json.beginObject()
        found[0].writeFields(into: &json)
        json.endObject()
        let node = try XCTUnwrap(try? JSONReader.parse(json.bytes).get())
        XCTAssertEqual(Diagnostic(json: node), found[0])

        XCTAssertEqual(
            LineLimitCheck.diagnostics(for: article, path: "data.json", schema: schema, measures: measures, deviceWidth: 1000), [],
            "on a wider device every caption fits")
        XCTAssertEqual(
            LineLimitCheck.diagnostics(for: article, path: "data.json", schema: schema, measures: [:], deviceWidth: 390), [],
            "a kind whose face cannot be read is not checked")
    }

    func testAFixedSizeNeverGrowsAndAStyleRelativeToTitleGrowsAsTitleDoes() throws {
        let schema = try schema(
            #"{"name": "fixed", "pattern": "^<f>(.*)</f>$", "maxLines": 1, "style": {"size": 16, "fixedSize": true}}, {"name": "titled", "#
                + #""pattern": "^<t>(.*)</t>$", "maxLines": 1, "style": {"size": 16, "relativeTo": "title"}}"#
        )
        let measure = try serif()
        XCTAssertEqual(
            LineLimitCheck.lineCounts(
                of: text, style: try XCTUnwrap(schema.kind(named: "fixed")).style, measure: measure, columnWidth: 358),
            Array(repeating: 1, count: 12))
        // Title is 28 pt at Large and 38 at AX1: 16 × 38 / 28 = 21.7 pt still fits; 16 × 43 / 28 = 24.6 at AX2 does not.
        let titled = LineLimitCheck.lineCounts(
            of: text, style: try XCTUnwrap(schema.kind(named: "titled")).style, measure: measure, columnWidth: 358)
        XCTAssertEqual(titled.firstIndex { $0 > 1 }.flatMap(ContentSizeCategory.init(rawValue:)), .ax2)
    }

    func testTheMeasureIsOfTheFileThatDrawsTheKindsWeightAndTheStandInsScale() throws {
        let installed = InstalledFonts(
            listing: BundledFontsTests.listing
                + "\n/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf\t0\tLiberation Serif\tLiberation Serif Bold\t200\t0")
        let schema = try schema(
            #"{"name": "caption", "maxLines": 2, "style": {"font": "Baskerville", "weight": "semibold"}}, {"name": "title", "pattern": "#
                + #""^<t>(.*)</t>$", "maxLines": 1}"#
        )
        let faces = TextFaces(
            families: schema.kinds.map(\.style.fontFamily) + [TextFaces.japaneseFamily], bundled: BundledFonts(),
            fallbacks: FallbackFontFaces(installed: installed), installed: installed
        ) { _, _ in FontMetrics(ascent: 0.9, descent: 0.2, lineGap: 0) }
        var asked: [String] = []
        let widths = try XCTUnwrap(AdvanceWidths.read(try AdvanceWidthsTests.bytes(AdvanceWidthsTests.liberationSerif)))
        let measures = LineLimitCheck.measures(for: schema, faces: faces) { file in
            asked.append((file.path as NSString).lastPathComponent)
            return widths
        }
        XCTAssertEqual(Set(measures.keys), ["caption", "title"], "body has no limit and gets no measure")
        // Semibold (600) is drawn with the bold face, as CSS picks the next heavier one; Japanese with Noto Sans CJK.
        XCTAssertTrue(asked.contains("LiberationSerif-Bold.ttf"), "\(asked)")
        XCTAssertFalse(asked.contains("LiberationSerif-Regular.ttf"), "\(asked)")
        XCTAssertTrue(asked.contains("NotoSansCJK-Regular.ttc"), "\(asked)")
        XCTAssertEqual(measures["title"]?.scale ?? 0, 853.0 / 904.0, accuracy: 1e-9, "the system font's stand-in is drawn 94 % as wide")
        XCTAssertEqual(measures["caption"]?.scale, 1)
    }

    func testThePageScalesByTheCategoriesOwnStyleSheet() throws {
        // The sweep's scales are this table's, served as CSS; the page keeps only the categories' names, held equal here.
        let script = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Assets/Page/settings.js"), encoding: .utf8)
        let names = ContentSizeCategory.allCases.map { "'\($0.name)'" }.joined(separator: ", ")
        XCTAssertTrue(script.contains("export const TEXT_SIZES = [\(names)];"), "settings.js names other categories")
        let rules = ContentSizeCategory.styleSheet.split(separator: "\n")
        XCTAssertEqual(rules.count, 12)
        let ax1 = try XCTUnwrap(rules.first { $0.hasPrefix("[data-text-size=\"AX1\"]{") })
        XCTAssertTrue(ax1.contains("--text-scale:\(28.0 / 17);"), String(ax1))
        XCTAssertTrue(ax1.contains("--text-scale-title:\(38.0 / 28);"), String(ax1))
        XCTAssertTrue(rules[3].contains("--text-scale:1.0;"), String(rules[3]))
        XCTAssertEqual(ContentSizeCategory.ax1.scaled(17, .relative(to: .body)), 28)
        XCTAssertEqual(ContentSizeCategory.ax5.scaled(12, .fixed), 12)
    }
}
