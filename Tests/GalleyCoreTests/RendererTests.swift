import XCTest
@testable import GalleyCore

final class RendererTests: XCTestCase {
    private func renderEverything() throws -> (RenderedDocument, ItemReading) {
        let bytes = try Array(Data(contentsOf: GoldenFile.folder.appendingPathComponent("tagged/everything.json")))
        guard case .items(let items, _) = DataFileReader(schema: .seed, path: "everything.json").read(bytes), let item = items.first else {
            throw XCTSkip("fixture did not read")
        }
        let context = RenderContext(schema: .seed, resolveAsset: { name in
            name == "lpenguin_02" ? ResolvedImage(url: "/files/Assets.xcassets/lpenguin_02.imageset/lpenguin_02.jpg?v=1234", width: 640, height: 427) : nil
        })
        return (HTMLRenderer(context: context).render(item.document), item)
    }

    func testEverythingMatchesGolden() throws {
        let (rendered, item) = try renderEverything()
        try GoldenFile.assertMatches(rendered.html, named: "tagged/everything.html")
        try GoldenFile.assertMatches(KindStyleSheet.css(for: .seed), named: "tagged/seed-kinds.css")
        XCTAssertEqual(rendered.missingImages.map(\.name), ["lpenguin_09"])
        XCTAssertEqual(rendered.missingImages.first?.location, SourceLocation(line: 10, column: 13))
        XCTAssertEqual(item.diagnostics.count, 1, "only the misspelt tag is warned about")
    }

    func testContentTextIsEscaped() throws {
        let (rendered, _) = try renderEverything()
        XCTAssertFalse(rendered.html.contains("<script>"))
        XCTAssertTrue(rendered.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
    }

    func testBlockIDsAreStableWhenBlocksAreInsertedAbove() {
        let renderer = HTMLRenderer(context: RenderContext())
        func document(_ texts: [String]) -> Document {
            Document(title: "t", kind: .tagged, blocks: texts.enumerated().map { index, text in
                Block(kind: "body", location: SourceLocation(line: index + 1, column: 1), content: .paragraph(Paragraph(runs: [TextRun(text)])))
            })
        }
        let before = renderer.render(document(["a", "b", "b"])).blockIDs
        let after = renderer.render(document(["new", "a", "b", "b"])).blockIDs
        XCTAssertEqual(Array(after.dropFirst()), before)
        XCTAssertEqual(Set(after).count, 4, "repeated text gets distinct ids")
    }

    func testReusingThePreviousRenderingGivesTheSameResultAsRenderingAgain() {
        let context = RenderContext(resolveAsset: { name in name == "known" ? ResolvedImage(url: "/files/known.png?v=1", width: 4, height: 3) : nil })
        let renderer = HTMLRenderer(context: context)
        var generator = SeededRandom(seed: 7)
        func block(_ value: UInt64, line: Int) -> Block {
            let location = SourceLocation(line: line, column: 1)
            switch value % 7 {
            case 0: return Block(kind: "image", location: location, content: .image(ImageBlock(source: .asset(value % 2 == 0 ? "known" : "gone"))))
            case 1: return Block(kind: "divider", location: location, content: .divider)
            case 2:
                let cell = TableCell(blocks: [Block(kind: "image", location: location, content: .image(ImageBlock(source: .asset("known"))))])
                return Block(kind: "table", location: location, content: .table([[cell]]))
            default:
                var style = CharacterStyle()
                style.bold = value % 3 == 0
                return Block(kind: "paragraph", location: location, content: .paragraph(Paragraph(runs: [TextRun("text \(value % 5) é", style: style)])))
            }
        }
        for _ in 0..<300 {
            let count = Int(generator.next() % 12)
            var blocks = (0..<count).map { block(generator.next(), line: $0 + 1) }
            let before = Document(title: "before", kind: .rtf, blocks: blocks)
            for _ in 0..<Int(generator.next() % 4) {
                let position = blocks.isEmpty ? 0 : Int(generator.next() % UInt64(blocks.count))
                switch generator.next() % 3 {
                case 0: blocks.insert(block(generator.next(), line: position + 1), at: position)
                case 1 where !blocks.isEmpty: blocks.remove(at: position)
                default: if !blocks.isEmpty { blocks[position] = block(generator.next(), line: position + 1) }
                }
            }
            for index in blocks.indices { blocks[index].location.line = index + 1 }
            let after = Document(title: "after", kind: .rtf, blocks: blocks)
            let previous = PreviousRendering(document: before, rendered: renderer.render(before))
            XCTAssertEqual(renderer.render(after, reusing: previous), renderer.render(after))
        }
    }

    func testARenderingOfAnotherDocumentIsNotReused() {
        let renderer = HTMLRenderer(context: RenderContext())
        func document(_ texts: [String]) -> Document {
            Document(title: "t", kind: .rtf, blocks: texts.map { Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun($0)]))) })
        }
        let mismatched = PreviousRendering(document: document(["a", "b", "c"]), rendered: renderer.render(document(["x"])))
        XCTAssertEqual(renderer.render(document(["a", "b", "c", "d"]), reusing: mismatched), renderer.render(document(["a", "b", "c", "d"])))
    }

    func testElementsLocateEveryChildOfTheArticle() {
        let rendered = HTMLRenderer(context: RenderContext()).render(Document(title: "Title", kind: .rtf, blocks: [
            Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun("コガタペンギン")]))),
            Block(kind: "divider", location: .start, content: .divider),
        ]))
        let children = rendered.elements.map { String(rendered.html.utf8Slice($0.range)) }
        XCTAssertEqual(children.first, "<header class=\"navbar\"><h1>Title</h1></header>")
        XCTAssertTrue(children[1].hasPrefix("<div class=\"blk k-paragraph\" id=\"\(rendered.blockIDs[0])\"") && children[1].hasSuffix("ペンギン</p></div>"))
        XCTAssertEqual(rendered.elements.map(\.id), [nil] + rendered.blockIDs)
        XCTAssertEqual(rendered.html, rendered.articleTag + "\n" + children.joined(separator: "\n") + "\n</article>\n")
    }

    func testUnsafeLinksAreDropped() {
        XCTAssertNil(SafeLink.href("javascript:alert(1)"))
        XCTAssertNil(SafeLink.href(" java\tscript:alert(1)"))
        XCTAssertNil(SafeLink.href("data:text/html,<script>"))
        XCTAssertNil(SafeLink.href("vbscript:x"))
        XCTAssertEqual(SafeLink.href("https://example.com/a?b=1"), "https://example.com/a?b=1")
        XCTAssertEqual(SafeLink.href("mailto:a@example.com"), "mailto:a@example.com")
        var style = CharacterStyle()
        style.link = "javascript:alert(1)"
        let html = HTMLRenderer(context: RenderContext()).render(Document(title: "t", kind: .rtf, blocks: [
            Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun("click", style: style)]))),
        ])).html
        XCTAssertFalse(html.contains("href"))
    }

    func testImageHeadersGiveDimensions() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 0x80, 0, 0, 1, 0xE0]
        XCTAssertEqual(ImageDimensions.read(png).map { [$0.width, $0.height] }, [640, 480])
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00]
        XCTAssertEqual(ImageDimensions.read(gif).map { [$0.width, $0.height] }, [16, 32])
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x01, 0x90, 0x03]
        XCTAssertEqual(ImageDimensions.read(jpeg).map { [$0.width, $0.height] }, [400, 300])
        XCTAssertNil(ImageDimensions.read([0xFF, 0xD8, 0xFF]))
    }

    func testImageSetPrefersLargestScale() {
        let contents = #"{"images": [{"filename": "a.png", "scale": "1x"}, {"filename": "a@3x.png", "scale": "3x"}, {"scale": "2x"}]}"#
        XCTAssertEqual(ImageSetContents.preferredFileName(Array(contents.utf8)), "a@3x.png")
        XCTAssertNil(ImageSetContents.preferredFileName(Array(#"{"images": [{"scale": "1x"}]}"#.utf8)))
        XCTAssertNil(ImageSetContents.preferredFileName(Array("{broken".utf8)))
    }
}
