import XCTest

@testable import GalleyCore

/// Helpers shared by the HTML reader tests; traversal reuses the RTF tests' helpers, which only look at the model.
enum HTMLTestSupport {
    static func read(_ source: String) -> (document: Document, diagnostics: [Diagnostic]) {
        HTMLDocumentReader.read(Array(source.utf8), path: "test.html")
    }

    /// Reads a fragment and returns its paragraphs' texts.
    static func texts(_ source: String) -> [String] {
        RTFTestSupport.paragraphs(read(source).document.blocks).map(\.plainText)
    }

    static func paragraphs(_ source: String) -> [Paragraph] {
        RTFTestSupport.paragraphs(read(source).document.blocks)
    }

    /// The runs of the only paragraph of a fragment, as (text, style) pairs.
    static func runs(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [TextRun] {
        let paragraphs = paragraphs(source)
        XCTAssertEqual(paragraphs.count, 1, "expected one paragraph", file: file, line: line)
        return paragraphs.first?.runs ?? []
    }

    static func rendered(_ document: Document) -> String {
        HTMLRenderer(context: RenderContext()).render(document).html
    }
}
