import XCTest

@testable import GalleyCore

/// The real app's screen: its navigation bar's title and the fields it
/// shows above the text (`navigationTitle`, `header` in `galley.json`).
final class ItemHeaderTests: XCTestCase {
    private func schema() throws -> ContentSchema {
        let config = #"""
            {"navigationTitle": {"key": "jpnName", "displayMode": "large"},
             "header": [{"key": "imageName", "renders": "image"}, {"key": "jpnName", "style": {"font": "MarkerFelt-Wide", "size": 34}}]}
            """#
        let read = ConfigReader().read(Array(config.utf8))
        XCTAssertEqual(read.diagnostics.map(\.message), [])
        return try XCTUnwrap(read.config?.schema)
    }

    private let item = #"""
        [{"name": "Little Penguin",
          "jpnName": "コガタペンギン",
          "imageName": "lpenguin",
          "detailText": ["First paragraph.", "<image>01</image>"]}]
        """#

    func testTheHeaderFieldsComeFirstInTheirOwnKinds() throws {
        let reader = DataFileReader(schema: try schema(), path: "speciesData.json")
        guard case .items(let items, _) = reader.read(Array(item.utf8)) else { return XCTFail("not items") }
        let document = items[0].document
        XCTAssertEqual(document.blocks.map(\.kind), ["header-imageName", "header-jpnName", "body", "image"])
        guard case .image(let hero) = document.blocks[0].content else { return XCTFail("the hero is not an image") }
        XCTAssertEqual(hero.source, .asset("lpenguin"), "the field's value names the asset whole")
        XCTAssertEqual(document.blocks[1].location, SourceLocation(line: 2, column: 14), "where the field's value is written")
        XCTAssertEqual(document.navigationBar, NavigationBar(title: "コガタペンギン", displayMode: .large))
        XCTAssertEqual(document.title, "Little Penguin", "the index still names the item by its title key")
        XCTAssertEqual(items[0].diagnostics.map(\.message), [])
    }

    func testAnEditedItemReadAgainKeepsItsHeader() throws {
        let reader = DataFileReader(schema: try schema(), path: "speciesData.json")
        let before = reader.snapshot(of: Array(item.utf8))
        let edited = Array(item.replacingOccurrences(of: "First paragraph.", with: "First paragraph, edited.").utf8)
        XCTAssertEqual(reader.reread(edited, after: before).reading, reader.snapshot(of: edited).reading)
        let moved = Array(("\n\n" + item).utf8)
        XCTAssertEqual(reader.reread(moved, after: before).reading, reader.snapshot(of: moved).reading)
    }

    func testTheRendererDrawsTheBarForAnyKindOfDocument() {
        let tagged = Document(
            title: "Axolotl", kind: .tagged, blocks: [], navigationBar: NavigationBar(title: "ウーパールーパー", displayMode: .inline))
        XCTAssertEqual(tagged.shownNavigationBar?.title, "ウーパールーパー")
        XCTAssertNil(Document(title: "Axolotl", kind: .tagged, blocks: []).shownNavigationBar, "the seed's view has no bar")
        XCTAssertEqual(
            Document(title: "Credits", kind: .rtf, blocks: []).shownNavigationBar, NavigationBar(title: "Credits", displayMode: .inline))
    }

    func testADocumentHoldsItsBarOutOfLineAndSharesItWithItsCopies() {
        // A document is held whole in several tables for each of a folder's thousands; most have no bar.
        XCTAssertLessThanOrEqual(MemoryLayout<Document>.size, 6 * MemoryLayout<Int>.size)
        var document = Document(title: "Axolotl", kind: .tagged, blocks: [])
        XCTAssertNil(document.navigationBar)
        document.navigationBar = NavigationBar(title: "ウーパールーパー", displayMode: .large)
        let copy = document
        XCTAssertEqual(copy, document)
        document.navigationBar?.displayMode = .inline
        XCTAssertEqual(copy.navigationBar, NavigationBar(title: "ウーパールーパー", displayMode: .large), "a copy keeps its own")
        XCTAssertNotEqual(copy, document)
        XCTAssertEqual(document.navigationBar?.displayMode, .inline)
    }

    func testTheBarStartsTheScrollingContentBelowIt() {
        let rules = LayoutRules(navigationBar: .inline).onScreen(width: 390)
        XCTAssertEqual(rules.navigationBarHeight, 44)
        XCTAssertEqual(LayoutRules(navigationBar: .large).onScreen(width: 390).navigationBarHeight, 96)
        XCTAssertEqual(LayoutRules(navigationBar: .inline).onScreen(width: 820).navigationBarHeight, 50)
        let placed = ColumnLayout.place([.measured(height: 10)], screenWidth: 390, rules: rules)
        XCTAssertEqual(placed.first?.top, 44 + 16)
    }

    func testBadHeaderAndTitleConfigurationIsReported() {
        let read = ConfigReader().read(
            Array(#"{"navigationTitle": {"displayMode": "huge"}, "header": [{"key": "a b"}, {"key": "x", "renders": "divider"}]}"#.utf8))
        XCTAssertNil(read.config)
        XCTAssertEqual(
            read.diagnostics.map(\.message),
            [
                "'navigationTitle' has no 'key' naming the item field of the title",
                "unknown display mode 'huge', expected 'inline' or 'large'",
                "header key 'a b' must be letters, digits, '-' or '_'",
                "unknown 'renders' value 'divider' for a header field, expected 'text' or 'image'",
            ], "in the file's order")
    }
}
