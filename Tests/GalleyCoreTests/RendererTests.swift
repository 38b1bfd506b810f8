import GalleyTestSupport
import XCTest

@testable import GalleyCore

final class RendererTests: XCTestCase {
    private struct FixtureUnread: Error, CustomStringConvertible {
        var description: String { "tagged/everything.json did not read as items" }
    }

    private func renderEverything() throws -> (RenderedDocument, ItemReading) {
        let bytes = try Array(Data(contentsOf: GoldenFile.folder.appendingPathComponent("tagged/everything.json")))
        guard case .items(let items, _) = DataFileReader(schema: .seed, path: "everything.json").read(bytes), let item = items.first else {
            // A parser regression must fail here, not skip.
            throw FixtureUnread()
        }
        let context = RenderContext(
            schema: .seed,
            resolveAsset: { name in
                name == "lpenguin_02"
                    ? ResolvedImage(url: "/files/Assets.xcassets/lpenguin_02.imageset/lpenguin_02.jpg?v=1234", width: 640, height: 427)
                    : nil
            })
        return (HTMLRenderer(context: context).render(item.document), item)
    }

    func testEverythingMatchesGolden() throws {
        let (rendered, item) = try renderEverything()
        try GoldenFile.assertMatches(rendered.html, named: "tagged/everything.html")
        try GoldenFile.assertMatches(
            KindStyleSheet.css(
                for: .seed, faces: TextFaces(every: FontMetrics(ascent: 1825 / 2048, descent: 443 / 2048, lineGap: 87 / 2048)),
                rules: LayoutRules()), named: "tagged/seed-kinds.css")
        XCTAssertEqual(rendered.missingImages.map(\.name), ["lpenguin_09"])
        XCTAssertEqual(rendered.missingImages.first?.location, SourceLocation(line: 10, column: 13))
        XCTAssertEqual(item.diagnostics.count, 1, "only the misspelt tag is warned about")
    }

    func testContentTextIsEscaped() throws {
        let (rendered, _) = try renderEverything()
        XCTAssertFalse(rendered.html.contains("<script>"))
        XCTAssertTrue(rendered.html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
    }

    func testAKindsClassIsItsNameWithEveryCharacterACSSNameCannotHoldMadeAnUnderscore() {
        let document = Document(
            title: "t", kind: .tagged,
            blocks: ["body", "pull quote", "légende", "sub-head_2"].enumerated().map { index, kind in
                Block(
                    kind: KindName(rawValue: kind), location: SourceLocation(line: index + 1, column: 1),
                    content: .paragraph(Paragraph(runs: [TextRun("text")])))
            })
        let html = HTMLRenderer(context: RenderContext()).render(document).html
        for kindClass in ["k-body", "k-pull_quote", "k-l_gende", "k-sub-head_2"] {
            XCTAssertTrue(html.contains("class=\"blk \(kindClass)\""), kindClass)
        }
        XCTAssertEqual(KindStyleSheet.cssIdentifier("pull quote"), "pull_quote")
        XCTAssertEqual(KindStyleSheet.cssIdentifier("caption"), "caption")
    }

    func testBlockIDsAreStableWhenBlocksAreInsertedAbove() {
        let renderer = HTMLRenderer(context: RenderContext())
        func document(_ texts: [String]) -> Document {
            Document(
                title: "t", kind: .tagged,
                blocks: texts.enumerated().map { index, text in
                    Block(
                        kind: "body", location: SourceLocation(line: index + 1, column: 1),
                        content: .paragraph(Paragraph(runs: [TextRun(text)])))
                })
        }
        let before = renderer.render(document(["a", "b", "b"])).blockIDs
        let after = renderer.render(document(["new", "a", "b", "b"])).blockIDs
        XCTAssertEqual(Array(after.dropFirst()), before)
        XCTAssertEqual(Set(after).count, 4, "repeated text gets distinct ids")
    }

    func testReusingThePreviousRenderingGivesTheSameResultAsRenderingAgain() {
        // Two contexts, so that an image resolves in one rendering and not in the next.
        let contexts = [
            RenderContext(resolveAsset: { name in name == "known" ? ResolvedImage(url: "/files/known.png?v=1", width: 4, height: 3) : nil }
            ),
            RenderContext(resolveAsset: { name in ResolvedImage(url: "/files/\(name).png?v=2", width: 4, height: 3) }),
        ]
        var generator = SeededRandom(seed: 7)
        func block(_ value: UInt64, line: Int) -> Block {
            let location = SourceLocation(line: line, column: 1)
            switch value % 9 {
            case 0:
                return Block(
                    kind: "image", location: location, content: .image(ImageBlock(source: .asset(value % 2 == 0 ? "known" : "gone"))))
            case 1: return Block(kind: "divider", location: location, content: .divider)
            case 2:
                let cell = TableCell(blocks: [
                    Block(kind: "image", location: location, content: .image(ImageBlock(source: .asset("known"))))
                ])
                return Block(kind: "table", location: location, content: .table([[cell]]))
            default:
                // Few texts, so that repeated content (numbered apart in ids) is common.
                var style = CharacterStyle()
                style.bold = value % 3 == 0
                let texts = ["text é", "かな", "漢字", "", "text"]
                return Block(
                    kind: "paragraph", location: location,
                    content: .paragraph(Paragraph(runs: [TextRun(texts[Int(value / 9 % 5)], style: style)])))
            }
        }
        for _ in 0..<300 {
            var blocks = (0..<Int(generator.next() % 40)).map { block(generator.next(), line: $0 + 1) }
            var contextIndex = Int(generator.next() % 2)
            var renderer = HTMLRenderer(context: contexts[contextIndex])
            var previous = PreviousRendering(
                document: Document(title: "before", kind: .rtf, blocks: blocks),
                rendered: renderer.render(Document(title: "before", kind: .rtf, blocks: blocks)))
            // A chain of versions, each rendered from the one before, as saves come.
            for _ in 0..<4 {
                for _ in 0..<Int(generator.next() % 4) {
                    let position = blocks.isEmpty ? 0 : Int(generator.next() % UInt64(blocks.count))
                    switch generator.next() % 4 {
                    case 0: blocks.insert(block(generator.next(), line: position + 1), at: position)
                    case 1 where !blocks.isEmpty: blocks.remove(at: position)
                    case 2:
                        // A long stretch replaced, as when a big selection is pasted over.
                        let end = min(blocks.count, position + Int(generator.next() % 20))
                        blocks.replaceSubrange(
                            position..<end, with: (0..<Int(generator.next() % 20)).map { _ in block(generator.next(), line: 1) })
                    default: if !blocks.isEmpty { blocks[position] = block(generator.next(), line: position + 1) }
                    }
                }
                // Usually the lines after an edit move; sometimes they stay.
                if generator.next() % 4 != 0 {
                    for index in blocks.indices { blocks[index].location.line = index + 1 }
                }
                let nextContextIndex = Int(generator.next() % 2)
                renderer = HTMLRenderer(context: contexts[nextContextIndex])
                previous.sameContext = nextContextIndex == contextIndex
                contextIndex = nextContextIndex
                let after = Document(title: "after", kind: .rtf, blocks: blocks)
                let rendered = renderer.render(after, reusing: previous)
                XCTAssertEqual(rendered, renderer.render(after))
                previous = PreviousRendering(document: after, rendered: rendered)
            }
        }
    }

    func testRandomEditsOfLongDocumentsRenderAsAFreshRenderingDoes() {
        // Long enough for groups of many blocks, so that the blocks around an
        // edit are copied in runs; some share a line, as strings of a data file may.
        let context = RenderContext(resolveAsset: { name in
            name == "known" ? ResolvedImage(url: "/files/known.png?v=1", width: 4, height: 3) : nil
        })
        let renderer = HTMLRenderer(context: context)
        var generator = SeededRandom(seed: 45)
        func block(_ value: UInt64) -> Block {
            switch value % 12 {
            case 0, 1:
                return Block(
                    kind: "image", location: .start, content: .image(ImageBlock(source: .asset(value % 2 == 0 ? "known" : "gone"))))
            default:
                let texts = ["Line of a draft.", "Another line & more", "かな", "Repeated", "Repeated", "\u{2028}break"]
                return Block(
                    kind: "body", location: .start, content: .paragraph(Paragraph(runs: [TextRun(texts[Int(value / 12 % 6)])])))
            }
        }
        func located(_ blocks: [Block]) -> [Block] {
            var line = 1
            var column = 1
            return blocks.map { block in
                var block = block
                block.location = SourceLocation(line: line, column: column)
                // Mostly one block a line; now and then two on one line.
                if generator.next() % 5 == 0 {
                    column += 7
                } else {
                    line += 1
                    column = 1
                }
                return block
            }
        }
        for _ in 0..<40 {
            var blocks = located((0..<(100 + Int(generator.next() % 300))).map { _ in block(generator.next()) })
            var previous = PreviousRendering(
                document: Document(title: "t", kind: .tagged, blocks: blocks),
                rendered: renderer.render(Document(title: "t", kind: .tagged, blocks: blocks)), sameContext: true)
            for _ in 0..<5 {
                let position = Int(generator.next() % UInt64(blocks.count))
                switch generator.next() % 4 {
                case 0: blocks.insert(block(generator.next()), at: position)
                case 1 where blocks.count > 1: blocks.remove(at: position)
                default: blocks[position] = block(generator.next())
                }
                // The lines after an edit move, or (a word edited) stay.
                if generator.next() % 3 != 0 { blocks = located(blocks) }
                let document = Document(title: "t", kind: .tagged, blocks: blocks)
                let rendered = renderer.render(document, reusing: previous)
                XCTAssertEqual(rendered, renderer.render(document))
                previous = PreviousRendering(document: document, rendered: rendered, sameContext: true)
            }
        }
    }

    func testAnEditRendersOnlyTheBlocksItChanged() {
        // As an incremental parse hands them over: the blocks it did not read
        // again are the previous version's values.
        let blocks = (0..<4800).map { index in
            Block(
                kind: "paragraph", location: SourceLocation(line: index + 1, column: 1),
                content: .paragraph(Paragraph(runs: [TextRun(index % 10 == 0 ? "" : "Paragraph \(index % 700) of a long document.")])))
        }
        let before = Document(title: "t", kind: .rtf, blocks: blocks)
        let previous = PreviousRendering(document: before, rendered: HTMLRenderer(context: RenderContext()).render(before))
        var edited = blocks
        edited[2400].content = .paragraph(Paragraph(runs: [TextRun("An edited paragraph.")]))
        var added = blocks.map { $0.movedDown(by: 1) }
        added.insert(
            Block(kind: "paragraph", location: SourceLocation(line: 1, column: 1), content: .paragraph(Paragraph(runs: [TextRun("")]))),
            at: 0)
        for after in [edited, added, Array(blocks.dropFirst())] {
            let counter = WorkCounter()
            let document = Document(title: "t", kind: .rtf, blocks: after)
            let rendered = HTMLRenderer(context: RenderContext(), counter: counter).render(document, reusing: previous)
            XCTAssertEqual(counter.steps, after.count == blocks.count - 1 ? 0 : 1, "blocks rendered")
            XCTAssertEqual(rendered, HTMLRenderer(context: RenderContext()).render(document))
        }
    }

    func testAnEditCopiesTheBlocksAroundItInTwoPieces() {
        let blocks = (0..<4800).map { index in
            Block(
                kind: "paragraph", location: SourceLocation(line: index + 1, column: 1),
                content: .paragraph(Paragraph(runs: [TextRun("Paragraph \(index) of a long document.")])))
        }
        let before = Document(title: "t", kind: .rtf, blocks: blocks)
        let previous = PreviousRendering(document: before, rendered: HTMLRenderer(context: RenderContext()).render(before))
        var edited = blocks
        edited[2400].content = .paragraph(Paragraph(runs: [TextRun("An edited paragraph.")]))
        let copies = WorkCounter()
        let document = Document(title: "t", kind: .rtf, blocks: edited)
        let rendered = HTMLRenderer(context: RenderContext(), copies: copies).render(document, reusing: previous)
        XCTAssertEqual(rendered, HTMLRenderer(context: RenderContext()).render(document))
        // Every other group whole, and the edited group's blocks before and after the edit.
        XCTAssertEqual(copies.steps, rendered.groups.count - 1 + 2, "pieces of the previous HTML copied")
    }

    func testImagesAreCopiedOnlyWhenTheContextIsTheSame() {
        let context = RenderContext(resolveAsset: { name in
            name == "known" ? ResolvedImage(url: "/files/known.png?v=1", width: 4, height: 3) : nil
        })
        func image(_ name: String, line: Int) -> Block {
            Block(kind: "image", location: SourceLocation(line: line, column: 1), content: .image(ImageBlock(source: .asset(name))))
        }
        func paragraph(_ text: String) -> Block {
            Block(kind: "paragraph", location: SourceLocation(line: 2, column: 1), content: .paragraph(Paragraph(runs: [TextRun(text)])))
        }
        let before = Document(title: "t", kind: .rtf, blocks: [image("known", line: 1), paragraph("before"), image("gone", line: 3)])
        // The paragraph grew a line: the image after it moved down.
        let after = Document(title: "t", kind: .rtf, blocks: [image("known", line: 1), paragraph("after"), image("gone", line: 4)])
        let rendered = HTMLRenderer(context: context).render(before)
        // In the same context only the edited paragraph is rendered: the missing
        // image is copied too, and reported where its block now starts.
        for (sameContext, expected) in [(true, 1), (false, 3)] {
            let counter = WorkCounter()
            let previous = PreviousRendering(document: before, rendered: rendered, sameContext: sameContext)
            XCTAssertEqual(
                HTMLRenderer(context: context, counter: counter).render(after, reusing: previous),
                HTMLRenderer(context: context).render(after))
            XCTAssertEqual(counter.steps, expected, "blocks rendered, same context: \(sameContext)")
            XCTAssertEqual(
                HTMLRenderer(context: context).render(after, reusing: previous).missingImages.map(\.location),
                [SourceLocation(line: 4, column: 1)])
        }
    }

    func testARenderingOfAnotherDocumentIsNotReused() {
        let renderer = HTMLRenderer(context: RenderContext())
        func document(_ texts: [String]) -> Document {
            Document(
                title: "t", kind: .rtf,
                blocks: texts.map { Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun($0)]))) })
        }
        let mismatched = PreviousRendering(document: document(["a", "b", "c"]), rendered: renderer.render(document(["x"])))
        XCTAssertEqual(
            renderer.render(document(["a", "b", "c", "d"]), reusing: mismatched), renderer.render(document(["a", "b", "c", "d"])))
    }

    func testElementsLocateEveryChildOfTheArticle() throws {
        let rendered = HTMLRenderer(context: RenderContext()).render(
            Document(
                title: "Title", kind: .rtf,
                blocks: [
                    Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun("コガタペンギン")]))),
                    Block(kind: "divider", location: .start, content: .divider),
                ]))
        let elements = rendered.elements.map { String(rendered.html.utf8Slice($0.range)) }
        XCTAssertEqual(elements.first, "<header class=\"navbar\" data-display-mode=\"inline\"><h1>Title</h1></header>")
        XCTAssertTrue(
            elements[1].hasPrefix("<div class=\"blk k-paragraph\" id=\"\(rendered.blockIDs[0])\"")
                && elements[1].hasSuffix("ペンギン</p></div>"))
        XCTAssertEqual(rendered.elements.map(\.id), [nil] + rendered.blockIDs)
        // The article's children: the header, then groups, each its opening tag and its blocks, one a line.
        let group = try XCTUnwrap(rendered.groups.first)
        XCTAssertEqual(rendered.groups.count, 1)
        XCTAssertEqual(
            String(rendered.html.utf8Slice(group.openingTag)),
            "<div class=\"blk-group\" id=\"g-\(rendered.blockIDs[0])\" data-line=\"1\" data-column=\"1\">")
        XCTAssertEqual(
            String(rendered.html.utf8Slice(group.range)),
            String(rendered.html.utf8Slice(group.openingTag)) + "\n" + elements[1...].map { $0 + "\n" }.joined() + "</div>")
        XCTAssertEqual(
            rendered.html, rendered.articleTag + "\n" + elements[0] + "\n" + String(rendered.html.utf8Slice(group.range)) + "\n</article>\n"
        )
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
        let html = HTMLRenderer(context: RenderContext()).render(
            Document(
                title: "t", kind: .rtf,
                blocks: [
                    Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun("click", style: style)])))
                ])
        ).html
        XCTAssertFalse(html.contains("href"))
    }

    /// Right-to-left RTF in a right-to-left localisation: the article says
    /// the document's direction, paragraphs and runs their own where it
    /// differs, alignment is relative to it, and pictures keep their line's place.
    func testDirectionsMatchGolden() throws {
        let read = try RTFTestSupport.readFixture("directions.rtf")
        let rendered = HTMLRenderer(context: RenderContext(direction: .rightToLeft)).render(read.document)
        try GoldenFile.assertMatches(rendered.html, named: "rtf/directions.html")
        XCTAssertTrue(rendered.articleTag.contains(" dir=\"rtl\""))
        XCTAssertFalse(
            HTMLRenderer(context: RenderContext()).render(read.document).articleTag.contains("dir="),
            "no direction without a localisation: each paragraph finds its own")
    }

    func testTheDirectionComesFromTheLocalisationThenTheProject() {
        XCTAssertEqual(WritingDirection.decide(configured: nil, path: "Resources/ar.lproj/articles.json"), .rightToLeft)
        XCTAssertEqual(WritingDirection.decide(configured: "ar", path: "Resources/en.lproj/articles.json"), .leftToRight)
        XCTAssertEqual(WritingDirection.decide(configured: "he", path: "Resources/articles.json"), .rightToLeft)
        XCTAssertNil(WritingDirection.decide(configured: nil, path: "Resources/articles.json"))
        XCTAssertNil(WritingDirection.decide(configured: nil, path: "Resources/Base.lproj/articles.json"))
        XCTAssertEqual(WritingDirection.decide(configured: nil, path: "ar_EG.lproj/articles.json"), .rightToLeft)
        for tag in ["ar", "he", "fa", "ur", "ps", "yi", "ckb", "fa-IR", "pa-Arab", "az-Arab"] {
            XCTAssertEqual(WritingDirection(language: tag), .rightToLeft, tag)
        }
        for tag in ["en", "ja", "zh-Hans", "az", "ks-Deva", "uz-Latn", "arn"] {
            XCTAssertEqual(WritingDirection(language: tag), .leftToRight, tag)
        }
    }

    func testImageHeadersGiveDimensions() {
        let png: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 0x80, 0, 0, 1, 0xE0,
        ]
        XCTAssertEqual(ImageDimensions.read(png).map { [$0.width, $0.height] }, [640, 480])
        let gif: [UInt8] = Array("GIF89a".utf8) + [0x10, 0x00, 0x20, 0x00]
        XCTAssertEqual(ImageDimensions.read(gif).map { [$0.width, $0.height] }, [16, 32])
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x2C, 0x01, 0x90, 0x03]
        XCTAssertEqual(ImageDimensions.read(jpeg).map { [$0.width, $0.height] }, [400, 300])
        XCTAssertNil(ImageDimensions.read([0xFF, 0xD8, 0xFF]))
    }
}
