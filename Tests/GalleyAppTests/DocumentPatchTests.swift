import Foundation
@testable import GalleyCore
import XCTest
@testable import GalleyApp

final class DocumentPatchTests: XCTestCase {
    private let renderer = HTMLRenderer(context: RenderContext())

    private func published(_ texts: [String], version: Int) -> PublishedDocument {
        // Every block on line 1, so that moved blocks are byte-identical and can be kept.
        let document = Document(title: "Doc", kind: .rtf, blocks: texts.map { text in
            Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun(text)])))
        })
        let rendered = renderer.render(document)
        return PublishedDocument(id: "d", path: "d.rtf", item: nil, title: "Doc", kind: .rtf, version: version,
                                 html: rendered.html, articleTag: rendered.articleTag, elements: rendered.elements,
                                 css: "", layout: "{}", diagnostics: [])
    }

    /// What the page does: keep the old children named by id, parse the others.
    private func applied(_ patchJSON: String, to old: PublishedDocument) throws -> (html: String, sent: Int) {
        let patch = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(patchJSON.utf8)) as? [String: Any])
        XCTAssertEqual(patch["base"] as? Int, old.version)
        var oldChildren: [String: String] = [:]
        for element in old.elements {
            if let id = element.id { oldChildren[id] = String(old.html.utf8Slice(element.range)) }
        }
        var children: [String] = []
        var sent = 0
        for element in try XCTUnwrap(patch["elements"] as? [Any]) {
            if let id = element as? String {
                children.append(try XCTUnwrap(oldChildren[id], "kept id \(id) is not in the old version"))
            } else {
                children.append(try XCTUnwrap((element as? [String: String])?["html"]))
                sent += 1
            }
        }
        let article = try XCTUnwrap(patch["article"] as? String)
        return (article + "\n" + children.joined(separator: "\n") + "\n</article>\n", sent)
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
            let result = try applied(DocumentPatch.json(from: before, to: after), to: before)
            XCTAssertEqual(result.html, after.html, "\(old) → \(new)")
            XCTAssertEqual(result.sent, sent, "\(old) → \(new)")
        }
    }
}
