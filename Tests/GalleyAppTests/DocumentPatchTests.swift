import Foundation
@testable import GalleyCore
import XCTest
@testable import GalleyApp

final class DocumentPatchTests: XCTestCase {
    private let renderer = HTMLRenderer(context: RenderContext())

    /// Blocks on line 1, so that moved blocks are byte-identical, or one per line.
    private func published(_ texts: [String], version: Int, onePerLine: Bool = false) -> Versioned<PublishedDocument> {
        let document = Document(title: "Doc", kind: .rtf, blocks: texts.enumerated().map { index, text in
            Block(kind: "paragraph", location: onePerLine ? SourceLocation(line: index + 1, column: 1) : .start,
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

    /// What the page does: keep the old children named by id, parse the others.
    private func applied(_ patchJSON: String, to versioned: Versioned<PublishedDocument>) throws -> (html: String, sent: Int, moved: Int) {
        let patch = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(patchJSON.utf8)) as? [String: Any])
        XCTAssertEqual(patch["base"] as? Int, versioned.version)
        let old = versioned.value
        var oldChildren: [String: String] = [:]
        for element in old.elements {
            if let id = element.id { oldChildren[id] = String(old.html.utf8Slice(element.range)) }
        }
        var children: [String] = []
        var sent = 0
        var moved = 0
        for element in try XCTUnwrap(patch["elements"] as? [Any]) {
            if let id = element as? String {
                children.append(try XCTUnwrap(oldChildren[id], "kept id \(id) is not in the old version"))
            } else if let html = (element as? [String: Any])?["html"] as? String {
                children.append(html)
                sent += 1
            } else {
                let move = try XCTUnwrap(element as? [String: Any])
                let child = try XCTUnwrap(oldChildren[try XCTUnwrap(move["id"] as? String)])
                let line = try XCTUnwrap(move["line"] as? Int), column = try XCTUnwrap(move["column"] as? Int)
                children.append(child.replacingOccurrences(of: #" data-line="\d+" data-column="\d+""#,
                                                           with: " data-line=\"\(line)\" data-column=\"\(column)\"", options: .regularExpression))
                moved += 1
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
}
