import Foundation
@testable import GalleyCore
import XCTest
@testable import GalleyApp

final class DocumentPatchTests: XCTestCase {
    private let renderer = HTMLRenderer(context: RenderContext())

    /// Blocks on line 1, so that moved blocks are byte-identical, or one per
    /// line, or at the locations given.
    private func published(_ texts: [String], version: Int, onePerLine: Bool = false,
                           locations: [SourceLocation]? = nil) -> Versioned<PublishedDocument> {
        let document = Document(title: "Doc", kind: .rtf, blocks: texts.enumerated().map { index, text in
            Block(kind: "paragraph", location: locations?[index] ?? (onePerLine ? SourceLocation(line: index + 1, column: 1) : .start),
                  content: .paragraph(Paragraph(runs: [TextRun(text)])))
        })
        let rendered = renderer.render(document)
        return Versioned(PublishedDocument(id: "d", path: "d.rtf", item: nil, title: "Doc", kind: .rtf,
                                 html: rendered.html, articleTag: rendered.articleTag, elements: rendered.elements,
                                 css: "", layout: .null, diagnostics: []), version: version)
    }

    private func patchJSON(from old: Versioned<PublishedDocument>, to new: Versioned<PublishedDocument>) -> String {
        var json = JSONWriter()
        DocumentPatch.write(from: old, to: new.value, into: &json)
        return json.text
    }

    /// What the page does: keep the runs of old children, checked at their
    /// ends, with their new lines; parse the others.
    private func applied(_ patchJSON: String, to versioned: Versioned<PublishedDocument>) throws -> (html: String, sent: Int, moved: Int) {
        let patch = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(patchJSON.utf8)) as? [String: Any])
        XCTAssertEqual(patch["base"] as? Int, versioned.version)
        let old = versioned.value
        var children: [String] = []
        var sent = 0
        var moved = 0
        for element in try XCTUnwrap(patch["elements"] as? [[String: Any]]) {
            if let html = element["html"] as? String {
                children.append(html)
                sent += 1
                continue
            }
            let from = try XCTUnwrap(element["keep"] as? Int), count = try XCTUnwrap(element["count"] as? Int)
            XCTAssertGreaterThan(count, 0)
            let run = old.elements[from..<(from + count)]
            XCTAssertEqual(run.first?.id, element["first"] as? String)
            XCTAssertEqual(run.last?.id, element["last"] as? String)
            for kept in run {
                var child = String(old.html.utf8Slice(kept.range))
                var location = kept.location
                location?.line += element["lines"] as? Int ?? 0
                location?.column += element["columns"] as? Int ?? 0
                if let location, location != kept.location {
                    child = child.replacingOccurrences(of: #" data-line="\d+" data-column="\d+""#,
                                                       with: " data-line=\"\(location.line)\" data-column=\"\(location.column)\"",
                                                       options: .regularExpression)
                    moved += 1
                }
                children.append(child)
            }
        }
        let article = try XCTUnwrap(patch["article"] as? String)
        return (article + "\n" + children.joined(separator: "\n") + "\n</article>\n", sent, moved)
    }

    func testPatchesRebuildTheNewVersionAndSendOnlyWhatChanged() throws {
        let cases: [(old: [String], new: [String], sent: Int)] = [
            (["a", "b", "c"], ["a", "B", "c"], 2),            // the header and the edited paragraph
            (["a", "b", "c"], ["new", "a", "b", "c"], 2),     // an insertion at the top
            (["a", "b", "c", "d"], ["d", "c", "b", "a"], 1),  // every block moved: found by id
            (["a", "a", "b"], ["a", "b"], 1),                 // repeated text: the second "a" went
            ([], ["a"], 2),
            (["a"], [], 1),
        ]
        for (old, new, sent) in cases {
            let before = published(old, version: 1)
            let after = published(new, version: 2)
            let result = try applied(patchJSON(from: before, to: after), to: before)
            XCTAssertEqual(result.html, after.value.html, "\(old) → \(new)")
            XCTAssertEqual(result.sent, sent, "\(old) → \(new)")
            XCTAssertEqual(result.moved, 0, "\(old) → \(new)")
        }
    }

    func testBlocksThatOnlyMovedAreToldTheirNewLine() throws {
        let before = published(["a", "b", "c", "d"], version: 1, onePerLine: true)
        let after = published(["new", "a", "b", "C", "d"], version: 2, onePerLine: true)
        let result = try applied(patchJSON(from: before, to: after), to: before)
        XCTAssertEqual(result.html, after.value.html)
        XCTAssertEqual(result.sent, 3, "the header, the new paragraph and the edited one")
        XCTAssertEqual(result.moved, 3, "a, b and d moved down a line")
    }

    /// The patch from `before` to `after`, applied as the page does: its
    /// size, its runs, and what it sent and moved; fails unless it rebuilds `after`.
    private func patch(from before: Versioned<PublishedDocument>, to after: Versioned<PublishedDocument>,
                       file: StaticString = #filePath, line: UInt = #line) throws -> (bytes: Int, runs: [[String: Any]], sent: Int, moved: Int) {
        let json = patchJSON(from: before, to: after)
        let result = try applied(json, to: before)
        XCTAssertEqual(result.html, after.value.html, file: file, line: line)
        let patch = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let elements = try XCTUnwrap(patch["elements"] as? [[String: Any]])
        return (json.utf8.count, elements.filter { $0["keep"] != nil }, result.sent, result.moved)
    }

    func testAWordEditedInALongDocumentIsSentAsItsParagraphAndTwoRuns() throws {
        var texts = (0..<2000).map { "Paragraph \($0) of a long document, with a few words in it." }
        let before = published(texts, version: 1, onePerLine: true)
        texts[1000] = "Paragraph 1000 of a long document, with a word edited in it."
        let after = published(texts, version: 2, onePerLine: true)
        let patch = try patch(from: before, to: after)
        XCTAssertEqual(patch.sent, 2, "the header and the edited paragraph")
        XCTAssertLessThan(patch.bytes, 1_000, "a patch of \(patch.bytes) bytes for a document of \(after.value.html.utf8.count)")
        XCTAssertEqual(patch.runs.count, 2, "the paragraphs before the edit, and those after it")
    }

    func testAParagraphAddedAtTheTopMovesTheRestInOneRun() throws {
        var texts = (0..<2000).map { "Paragraph \($0)." }
        let before = published(texts, version: 1, onePerLine: true)
        texts.insert("A new first paragraph.", at: 0)
        let patch = try patch(from: before, to: published(texts, version: 2, onePerLine: true))
        XCTAssertEqual(patch.moved, 2000, "every old paragraph moved down a line")
        XCTAssertLessThan(patch.bytes, 1_000)
        XCTAssertEqual(patch.runs.map { $0["lines"] as? Int }, [1])
    }

    func testBlocksAreToldHowFarTheyMovedInLinesAndColumns() throws {
        let before = published(["a", "b", "c"], version: 1, locations: (1...3).map { SourceLocation(line: $0, column: 1) })
        let after = published(["a", "b", "c"], version: 2,
                              locations: [SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 9), SourceLocation(line: 2, column: 1)])
        let patch = try patch(from: before, to: after)
        XCTAssertEqual(patch.sent, 1, "the header only")
        XCTAssertEqual(patch.moved, 2)
        XCTAssertEqual(patch.runs.map { $0["count"] as? Int }, [1, 1, 1], "a stayed, b moved up and along, c up")
        XCTAssertEqual(patch.runs.map { $0["lines"] as? Int }, [nil, -1, -1])
        XCTAssertEqual(patch.runs.map { $0["columns"] as? Int }, [nil, 8, nil])
    }

    func testAWordEditedInADocumentOnOneLineMovesTheBlocksAfterItInOneRun() throws {
        /// Each text on line 1, just after the one before it.
        func onOneLine(_ texts: [String]) -> [SourceLocation] {
            var column = 1
            return texts.map { text in
                defer { column += text.utf8.count }
                return SourceLocation(line: 1, column: column)
            }
        }
        var texts = (0..<1000).map { "Paragraph \($0)." }
        let before = published(texts, version: 1, locations: onOneLine(texts))
        texts[0] = "Paragraph zero."
        let patch = try patch(from: before, to: published(texts, version: 2, locations: onOneLine(texts)))
        XCTAssertEqual(patch.sent, 2, "the header and the edited paragraph")
        XCTAssertLessThan(patch.bytes, 1_000)
        XCTAssertEqual(patch.runs.map { $0["columns"] as? Int }, [3])
    }
}
