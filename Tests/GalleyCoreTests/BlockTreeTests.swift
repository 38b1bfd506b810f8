import XCTest

@testable import GalleyCore

/// The walker finds blocks nested in tables, and everything built on it
/// (the renderer's missing images, a document's image dependencies) sees them.
final class BlockTreeTests: XCTestCase {
    private let tableInTable = """
        <!doctype html><title>Nested</title>
        <img src="top.png">
        <table><tr><td>Cell</td>
        <td><img src="pictures/late.png"></td></tr>
        <tr><td><table><tr><td><img src="../deep.png"></td></tr></table></td></tr></table>
        """

    private func document() -> Document {
        HTMLDocumentReader.read(Array(tableInTable.utf8), path: "Help/Nested.html").document
    }

    func testImageReferencesIncludeImagesInTableCellsAtTheirOwnLocations() {
        let references = document().imageReferences
        XCTAssertEqual(references.map(\.source), [.file("top.png"), .file("pictures/late.png"), .file("../deep.png")])
        XCTAssertEqual(
            references.map(\.location),
            [SourceLocation(line: 2, column: 1), SourceLocation(line: 4, column: 5), SourceLocation(line: 5, column: 24)])
        XCTAssertEqual(references.map(\.topLevelIndex), [0, 1, 1])
    }

    func testWalkVisitsEveryBlockDepthFirstInReadingOrder() {
        guard let table = document().blocks.last else { return XCTFail("no table") }
        var kinds: [KindName] = []
        table.walk { kinds.append($0.kind) }
        XCTAssertEqual(kinds, ["table", "paragraph", "image", "table", "image"])
        XCTAssertTrue(table.containsImage)
    }

    func testRendererReportsImagesMissingInsideTableCells() {
        let context = RenderContext(resolveFile: { $0 == "top.png" ? ResolvedImage(url: "/files/Help/top.png") : nil })
        let rendered = HTMLRenderer(context: context).render(document())
        XCTAssertEqual(rendered.missingImages.map(\.name), ["pictures/late.png", "../deep.png"])
        XCTAssertEqual(rendered.missingImages.map(\.location), [SourceLocation(line: 4, column: 5), SourceLocation(line: 5, column: 24)])
        // Both point at the table, the block the page shows them in.
        XCTAssertEqual(Set(rendered.missingImages.map(\.blockID)), [rendered.blockIDs[1]])
        XCTAssertTrue(rendered.html.contains("class=\"blk k-table is-missing\" id=\"\(rendered.blockIDs[1])\""))
        let shownOn = rendered.blockIDs(at: [
            SourceLocation(line: 4, column: 5), SourceLocation(line: 2, column: 1), SourceLocation(line: 9, column: 9),
        ])
        XCTAssertEqual(
            shownOn, [SourceLocation(line: 4, column: 5): rendered.blockIDs[1], SourceLocation(line: 2, column: 1): rendered.blockIDs[0]])
    }

    func testDependenciesIncludeNestedImagesResolvedAgainstTheDocumentsFolder() {
        let source = DocumentSource(path: "Help/Nested.html", document: document())
        XCTAssertEqual(source.imageDependencies, [.file("Help/top.png"), .file("Help/pictures/late.png"), .file("deep.png")])
    }

    func testAnEditOfTextTakesTheImagesOverAndAnEditOfAnImageFindsThemAgain() {
        func read(_ html: String) -> Document { HTMLDocumentReader.read(Array(html.utf8), path: "Help/Page.html").document }
        let earlier = read("<p>One</p><img src=\"a.png\"><p>Two</p>")
        // A list the earlier version never had: taken over, it shows that nothing was walked again.
        let marker: [ImageDependency] = [.asset("taken over")]
        func images(of html: String) -> [ImageDependency] {
            let source = DocumentSource(path: "Help/Page.html", document: read(html))
            let unchanged = UnchangedBlocks(earlier: earlier.blocks, blocks: source.document.blocks)
            let found = source.imageDependencies(earlier: earlier, earlierImages: marker, unchanged: unchanged)
            if found != marker { XCTAssertEqual(found, source.imageDependencies, html) }
            return found
        }
        XCTAssertEqual(images(of: "<p>One, edited</p><img src=\"a.png\"><p>Two</p>"), marker)
        XCTAssertEqual(images(of: "<p>One</p><img src=\"a.png\"><p>Two</p><p>Three</p>"), marker)
        XCTAssertEqual(images(of: "<p>One</p><img src=\"b.png\"><p>Two</p>"), [.file("Help/b.png")], "the image changed")
        XCTAssertEqual(images(of: "<p>One</p><p>Two</p>"), [], "the image went")
        XCTAssertEqual(
            images(of: "<p>One</p><img src=\"a.png\"><p>Two</p><img src=\"c.png\">"), [.file("Help/a.png"), .file("Help/c.png")],
            "an image came")
    }

    func testDependencyGraphFollowsWhatEachDocumentUsesNow() {
        var graph = ImageDependencies()
        graph.record([.asset("a"), .file("x.png")], usedBy: "one")
        graph.record([.asset("a")], usedBy: "two")
        XCTAssertEqual(graph.users(of: .asset("a")), ["one", "two"])
        graph.record([.asset("b")], usedBy: "one")
        XCTAssertEqual(graph.users(of: .asset("a")), ["two"])
        XCTAssertEqual(graph.users(of: .file("x.png")), [])
        graph.forget("two")
        XCTAssertEqual(graph.users(of: .asset("a")), [])
        XCTAssertEqual(graph.users(of: .asset("b")), ["one"])
    }

    func testDiagnosticsOfADocumentListItsOwnFileFirstByPosition() {
        func warning(_ path: RelativePath, _ line: Int, _ severity: Severity = .warning) -> Diagnostic {
            Diagnostic(
                path: path, id: .unknownTag, at: SourceLocation(line: line, column: 1), severity: severity,
                message: "\(path):\(line):\(severity)")
        }
        let sorted = [warning("galley.json", 1), warning("a.html", 9), warning("a.html", 2), warning("a.html", 2, .error)]
            .sortedForDocument(at: "a.html")
        XCTAssertEqual(sorted.map(\.message), ["a.html:2:error", "a.html:2:warning", "a.html:9:warning", "galley.json:1:warning"])
    }
}
