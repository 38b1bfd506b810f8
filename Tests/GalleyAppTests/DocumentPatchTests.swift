import Foundation
import GalleyTestSupport
import XCTest

@testable import GalleyApp
@testable import GalleyCore

final class DocumentPatchTests: XCTestCase {
    private let renderer = HTMLRenderer(context: RenderContext())

    /// A version of a document as the daemon has it: its blocks and its publication.
    private struct Version {
        var document: Document
        var published: Versioned<PublishedDocument>
    }

    /// Each text on line 1, just after the one before it.
    private static func onOneLine(_ texts: [String]) -> [SourceLocation] {
        var column = 1
        return texts.map { text in
            defer { column += text.utf8.count }
            return SourceLocation(line: 1, column: column)
        }
    }

    private static func onePerLine(_ texts: [String]) -> [SourceLocation] {
        texts.indices.map { SourceLocation(line: $0 + 1, column: 1) }
    }

    /// The first version, or the next one rendered from `previous` as the daemon renders it.
    private func version(_ texts: [String], title: String = "Doc", locations: [SourceLocation]? = nil, after previous: Version? = nil)
        -> Version
    {
        let locations = locations ?? Self.onePerLine(texts)
        let document = Document(
            title: title, kind: .rtf,
            blocks: texts.enumerated().map { index, text in
                Block(kind: "paragraph", location: locations[index], content: .paragraph(Paragraph(runs: [TextRun(text)])))
            })
        let rendered = renderer.render(
            document,
            reusing: previous.map {
                PreviousRendering(document: $0.document, rendered: $0.published.value.rendered, sameContext: true)
            })
        let published = PublishedDocument(
            id: "d", path: "d.rtf", item: nil, title: title, kind: .rtf, rendered: rendered,
            css: "", layout: .null, diagnostics: [])
        return Version(document: document, published: Versioned(published, version: (previous?.published.version ?? 0) + 1))
    }

    private func patchJSON(from old: Version, to new: Version) -> String {
        var json = JSONWriter()
        DocumentPatch.write(from: old.published, to: new.published.value, into: &json)
        return json.text
    }

    /// What a patch did, as the page would do it.
    private struct Applied {
        var html: String
        /// Blocks and headers sent as HTML.
        var sent = 0
        /// Groups and blocks kept whose location attributes changed.
        var movedGroups = 0
        var movedBlocks = 0
        /// Kept runs of the article's children, and of blocks.
        var groupRuns: [[String: Any]] = []
        var blockRuns: [[String: Any]] = []
    }

    /// What the page does (patching.js), on the HTML text instead of the
    /// DOM: runs of old children and blocks, checked at their ends, with
    /// their location attributes grown by the run's shift; groups given
    /// their opening tag and blocks; the rest as sent.
    private static func applied(_ patchJSON: String, to old: RenderedDocument, base: Int) throws -> Applied {
        let patch = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(patchJSON.utf8)) as? [String: Any])
        XCTAssertEqual(patch["base"] as? Int, base)
        let html = old.html
        func key(ofChild index: Int) -> String? {
            index < old.headerCount ? "header" : old.groups[index - old.headerCount].id
        }
        func shifted(_ text: String, _ attributes: (String, String), by run: [String: Any]) -> String {
            let lines = run["lines"] as? Int ?? 0
            let columns = run["columns"] as? Int ?? 0
            guard lines != 0 || columns != 0,
                let match = text.range(of: " \(attributes.0)=\"(-?\\d+)\" \(attributes.1)=\"(-?\\d+)\"", options: .regularExpression)
            else { return text }
            let numbers = text[match].split(separator: "\"").compactMap { Int($0) }
            return text.replacingCharacters(
                in: match, with: " \(attributes.0)=\"\(numbers[0] + lines)\" \(attributes.1)=\"\(numbers[1] + columns)\"")
        }
        var result = Applied(html: "")
        var children: [String] = []
        for element in try XCTUnwrap(patch["elements"] as? [[String: Any]]) {
            if let text = element["html"] as? String {
                children.append(text)
                result.sent += 1
            } else if let tag = element["group"] as? String {
                if let update = element["update"] as? Int {
                    XCTAssertEqual(key(ofChild: update), element["first"] as? String)
                }
                var group = tag + "\n"
                for block in try XCTUnwrap(element["blocks"] as? [[String: Any]]) {
                    if let text = block["html"] as? String {
                        group += text + "\n"
                        result.sent += 1
                        continue
                    }
                    result.blockRuns.append(block)
                    let from = try XCTUnwrap(block["keep"] as? Int)
                    let count = try XCTUnwrap(block["count"] as? Int)
                    let inGroup = try XCTUnwrap(block["in"] as? Int) - old.headerCount
                    let blocks = old.groups[inGroup].blocks
                    XCTAssertLessThanOrEqual(from + count, blocks.count)
                    let run = old.elements[
                        (old.headerCount + blocks.lowerBound + from)..<(old.headerCount + blocks.lowerBound + from + count)]
                    XCTAssertEqual(run.first?.id, block["first"] as? String)
                    XCTAssertEqual(run.last?.id, block["last"] as? String)
                    for kept in run {
                        let text = String(html.utf8Slice(kept.range))
                        let moved = shifted(text, ("data-line-offset", "data-column-offset"), by: block)
                        if moved != text { result.movedBlocks += 1 }
                        group += moved + "\n"
                    }
                }
                children.append(group + "</div>")
            } else {
                result.groupRuns.append(element)
                let from = try XCTUnwrap(element["keep"] as? Int)
                let count = try XCTUnwrap(element["count"] as? Int)
                XCTAssertGreaterThan(count, 0)
                XCTAssertEqual(key(ofChild: from), element["first"] as? String)
                XCTAssertEqual(key(ofChild: from + count - 1), element["last"] as? String)
                XCTAssertEqual(
                    (from..<(from + count)).filter { $0 >= old.headerCount }.reduce(0) {
                        $0 + old.groups[$1 - old.headerCount].blocks.count
                    },
                    element["blockCount"] as? Int)
                for index in from..<(from + count) {
                    guard index >= old.headerCount else {
                        children.append(String(html.utf8Slice(old.elements[0].range)))
                        continue
                    }
                    let text = String(html.utf8Slice(old.groups[index - old.headerCount].range))
                    let moved = shifted(text, ("data-line", "data-column"), by: element)
                    if moved != text { result.movedGroups += 1 }
                    children.append(moved)
                }
            }
        }
        let article = try XCTUnwrap(patch["article"] as? String)
        result.html = article + "\n" + children.map { $0 + "\n" }.joined() + "</article>\n"
        return result
    }

    /// The patch from `before` to `after`, applied as the page does; fails unless it rebuilds `after`.
    private func patch(from before: Version, to after: Version, file: StaticString = #filePath, line: UInt = #line) throws -> (
        bytes: Int, applied: Applied
    ) {
        let json = patchJSON(from: before, to: after)
        let result = try Self.applied(json, to: before.published.value.rendered, base: before.published.version)
        XCTAssertEqual(result.html, after.published.value.html, file: file, line: line)
        return (json.utf8.count, result)
    }

    // MARK: - The shared fixture

    /// The cases of `Tests/Fixtures/patches.json`, which the page's own
    /// code applies too, in Chromium (Tests/Browser/test_patch_fixture.py).
    private func fixtureCases() -> [(name: String, before: Version, after: Version)] {
        let numbered = (0..<150).map { "Paragraph \($0) of a document of groups." }
        let first = version(numbered)
        var edited = numbered
        edited[100] = "Paragraph 100, with a word edited."
        var added = numbered
        added.insert("A new first paragraph.", at: 0)
        var swapped = numbered
        swapped.swapAt(10, 120)
        var replaced = numbered
        replaced.replaceSubrange(40..<70, with: ["A short stretch.", "Pasted over thirty paragraphs."])
        let oneLine = version(numbered, locations: Self.onOneLine(numbered))
        var longer = numbered
        longer[75] = "Paragraph 75, made longer on the one line."
        return [
            ("a word edited", first, version(edited, after: first)),
            ("a paragraph added at the top", first, version(added, after: first)),
            ("two paragraphs swapped", first, version(swapped, after: first)),
            ("a stretch pasted over, and a new title", first, version(replaced, title: "Renamed", after: first)),
            ("a word edited on one long line", oneLine, version(longer, locations: Self.onOneLine(longer), after: oneLine)),
            ("everything removed", first, version([], after: first)),
        ]
    }

    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("patches.json")

    /// The patches the renderer's changes make are those of the fixture
    /// (`GALLEY_RECORD=1` writes it again), and each rebuilds its new version.
    func testTheSharedFixtureIsWhatTheRendererSaysAndRebuildsEachVersion() throws {
        var json = JSONWriter()
        json.beginArray()
        for (name, before, after) in fixtureCases() {
            json.beginObject()
            json.field("name", name)
            json.field("before", before.published.value.html)
            json.field("after", after.published.value.html)
            json.key("patch")
            DocumentPatch.write(from: before.published, to: after.published.value, into: &json)
            // Where the new version's blocks start, which the page reads back from groups and offsets.
            json.key("locations")
            json.beginArray()
            for block in after.document.blocks {
                json.beginArray()
                json.number(block.location.line)
                json.number(block.location.column)
                json.endArray()
            }
            json.endArray()
            json.endObject()
            _ = try patch(from: before, to: after)
        }
        json.endArray()
        try GoldenFile.assertMatches(json.text + "\n", at: Self.fixture, shownAs: "Tests/Fixtures/patches.json")
        let recorded = try String(contentsOf: Self.fixture, encoding: .utf8)
        let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(recorded.utf8)) as? [[String: Any]])
        for (index, (_, before, after)) in fixtureCases().enumerated() {
            let patchData = try JSONSerialization.data(withJSONObject: try XCTUnwrap(cases[index]["patch"]))
            let applied = try Self.applied(
                String(decoding: patchData, as: UTF8.self), to: before.published.value.rendered, base: before.published.version)
            XCTAssertEqual(applied.html, after.published.value.html, "\(cases[index]["name"] ?? index)")
        }
    }

    // MARK: - What a patch says

    func testPatchesRebuildTheNewVersionAndSendOnlyWhatChanged() throws {
        let cases: [(old: [String], new: [String], sent: Int)] = [
            (["a", "b", "c"], ["a", "B", "c"], 1), // the edited paragraph
            (["a", "b", "c"], ["new", "a", "b", "c"], 1), // an insertion at the top
            (["a", "b", "c", "d"], ["d", "c", "b", "a"], 0), // every block moved: found by id
            (["a", "a", "b"], ["a", "b"], 0), // repeated text: the second "a" went
            ([], ["a"], 1),
            (["a"], [], 0),
        ]
        for (old, new, sent) in cases {
            let before = version(old, locations: old.map { _ in .start })
            let after = version(new, locations: new.map { _ in .start }, after: before)
            let result = try patch(from: before, to: after).applied
            XCTAssertEqual(result.sent, sent, "\(old) → \(new)")
            XCTAssertEqual(result.movedBlocks + result.movedGroups, 0, "\(old) → \(new)")
        }
    }

    func testAWordEditedInALongDocumentIsSentAsItsParagraphAndAFewRuns() throws {
        var texts = (0..<2000).map { "Paragraph \($0) of a long document, with a few words in it." }
        let before = version(texts)
        texts[1000] = "Paragraph 1000 of a long document, with a word edited in it."
        let after = version(texts, after: before)
        let patch = try patch(from: before, to: after)
        XCTAssertEqual(patch.applied.sent, 1, "the edited paragraph")
        XCTAssertLessThan(patch.bytes, 1_000, "a patch of \(patch.bytes) bytes for a document of \(after.published.value.html.utf8.count)")
        XCTAssertEqual(patch.applied.groupRuns.count, 2, "the groups before the edited one, and those after it")
        XCTAssertEqual(patch.applied.blockRuns.count, 2, "the edited group's blocks before the edit, and after it")
    }

    func testAParagraphAddedAtTheTopMovesGroupsNotBlocks() throws {
        var texts = (0..<2000).map { "Paragraph \($0)." }
        let before = version(texts)
        texts.insert("A new first paragraph.", at: 0)
        let patch = try patch(from: before, to: version(texts, after: before))
        let groups = before.published.value.rendered.groups.count
        XCTAssertGreaterThan(groups, 20, "about 64 blocks a group")
        // The first group or two take the new paragraph (it may cut the first group anew).
        XCTAssertGreaterThanOrEqual(patch.applied.movedGroups, groups - 2, "the later groups moved down a line, each as a whole")
        XCTAssertLessThanOrEqual(patch.applied.movedBlocks, 2 * BlockGroups.maximumSize, "only the first groups' blocks moved within them")
        XCTAssertLessThan(patch.bytes, 1_000)
        XCTAssertEqual(patch.applied.groupRuns.compactMap { $0["lines"] as? Int }, [1])
    }

    func testBlocksAreToldHowFarTheyMovedInLinesAndColumns() throws {
        let before = version(["a", "b", "c"], locations: (1...3).map { SourceLocation(line: $0, column: 1) })
        let after = version(
            ["a", "b", "c"],
            locations: [SourceLocation(line: 1, column: 1), SourceLocation(line: 1, column: 9), SourceLocation(line: 2, column: 1)],
            after: before)
        let patch = try patch(from: before, to: after).applied
        XCTAssertEqual(patch.sent, 0)
        XCTAssertEqual(patch.movedBlocks, 2)
        XCTAssertEqual(patch.blockRuns.map { $0["count"] as? Int }, [1, 1, 1], "a stayed, b moved up and along, c up")
        XCTAssertEqual(patch.blockRuns.map { $0["lines"] as? Int }, [nil, -1, -1])
        // b's column now counts from the group's column on its line (9 − 1), no longer from the line's start (1).
        XCTAssertEqual(patch.blockRuns.map { $0["columns"] as? Int }, [nil, 7, nil])
    }

    func testAWordEditedInADocumentOnOneLineMovesTheGroupsAfterItInOneRun() throws {
        var texts = (0..<1000).map { "Paragraph \($0)." }
        let before = version(texts, locations: Self.onOneLine(texts))
        texts[0] = "Paragraph zero."
        let patch = try patch(from: before, to: version(texts, locations: Self.onOneLine(texts), after: before))
        XCTAssertEqual(patch.applied.sent, 1, "the edited paragraph")
        XCTAssertLessThan(patch.bytes, 1_000)
        XCTAssertEqual(
            patch.applied.groupRuns.map { $0["columns"] as? Int }, [nil, 3], "the header as it was, then every later group moved along")
    }

    func testAPatchAgainstAnotherRenderingThanTheOneItWasMadeFromSendsEverything() throws {
        let before = version(["a", "b"])
        let unrelated = version(["a", "b"])
        let after = version(["a", "B"], after: unrelated)
        let patch = try patch(from: before, to: after).applied
        XCTAssertEqual(patch.sent, 3, "the header and both blocks")
    }
}
