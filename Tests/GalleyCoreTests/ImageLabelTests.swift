import GalleyCore
import XCTest

/// What VoiceOver reads for an image, as the page's reading view takes it
/// from the rendered `alt`: the asset name unless a kind gives it a label,
/// nothing for a decorative one, and the warning when labels are asked for.
final class ImageLabelTests: XCTestCase {
    private let article = """
        [{"name": "Little Penguin", "imageName": "littlepenguin", "detailText": [
            "本文",
            "<image>02</image>",
            "<caption>夜に帰ってくる群れ</caption>"
        ]}]
        """

    private func document(_ json: String, config: String? = nil) throws -> (Document, [Diagnostic]) {
        var schema = ContentSchema.seed
        if let config {
            let read = ConfigReader(path: "galley.json").read(Array(config.utf8))
            XCTAssertEqual(read.diagnostics, [])
            schema = try XCTUnwrap(read.config).schema
        }
        guard case .items(let items, _) = DataFileReader(schema: schema, path: "data.json").read(Array(json.utf8)), let item = items.first
        else {
            XCTFail("not read as items")
            throw CancellationError()
        }
        return (item.document, item.diagnostics)
    }

    private func label(of document: Document) -> String? {
        for block in document.blocks { if case .image(let image) = block.content { return image.accessibilityLabel } }
        return nil
    }

    private func renderedHTML(_ document: Document) -> String {
        HTMLRenderer(context: RenderContext(resolveAsset: { _ in ResolvedImage(url: "p.png") })).render(document).html
    }

    func testTheSeedsImageIsReadByItsAssetName() throws {
        let (document, diagnostics) = try document(article)
        XCTAssertEqual(diagnostics, [])
        XCTAssertNil(label(of: document))
        XCTAssertTrue(renderedHTML(document).contains(#"alt="littlepenguin_02""#))
    }

    func testAKindCanTakeItsLabelFromTheCaptionOrBeDecorative() throws {
        let next = #"{"kinds": [{"name": "image", "label": "next"}, {"name": "caption"}, {"name": "body"}]}"#
        var (document, _) = try document(article, config: next)
        XCTAssertEqual(label(of: document), "夜に帰ってくる群れ")
        XCTAssertTrue(renderedHTML(document).contains(#"alt="夜に帰ってくる群れ""#), renderedHTML(document))

        (document, _) = try self.document(
            article, config: #"{"kinds": [{"name": "image", "label": "none"}, {"name": "caption"}, {"name": "body"}]}"#)
        XCTAssertEqual(label(of: document), "")
        XCTAssertTrue(renderedHTML(document).contains(#"alt="""#))
    }

    func testEditingTheCaptionChangesTheImageItLabels() throws {
        let next = #"{"kinds": [{"name": "image", "label": "next"}, {"name": "caption"}, {"name": "body"}]}"#
        let (before, _) = try document(article, config: next)
        let (after, _) = try document(article.replacingOccurrences(of: "夜に帰ってくる群れ", with: "群れ"), config: next)
        XCTAssertNotEqual(before.blocks[1], after.blocks[1], "the image block is rendered again when its label changes")
    }

    func testImagesWithoutLabelsAreWarnedAboutWhenLabelsAreRequired() throws {
        let (_, diagnostics) = try document(article, config: #"{"requireImageLabels": true}"#)
        XCTAssertEqual(diagnostics.map(\.location), [SourceLocation(line: 3, column: 5)])
        XCTAssertTrue(diagnostics.first?.message.contains("'littlepenguin_02' has no accessibility label") ?? false)
        let (_, labelled) = try document(
            article,
            config: #"{"requireImageLabels": true, "kinds": [{"name": "image", "label": "next"}, {"name": "caption"}, {"name": "body"}]}"#)
        XCTAssertEqual(labelled, [])
    }

    func testAnUnknownLabelRuleIsAnError() {
        let read = ConfigReader(path: "galley.json").read(Array(#"{"kinds": [{"name": "image", "label": "caption"}]}"#.utf8))
        XCTAssertTrue(
            read.diagnostics.contains { $0.severity == .error && $0.message.contains("unknown 'label' value 'caption'") },
            "\(read.diagnostics)")
    }
}
