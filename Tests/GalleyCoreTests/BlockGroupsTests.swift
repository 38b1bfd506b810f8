import XCTest

@testable import GalleyCore

final class BlockGroupsTests: XCTestCase {
    private func document(_ texts: [String]) -> Document {
        Document(
            title: "t", kind: .rtf,
            blocks: texts.enumerated().map { index, text in
                Block(
                    kind: "paragraph", location: SourceLocation(line: index + 1, column: 1),
                    content: .paragraph(Paragraph(runs: [TextRun(text)])))
            })
    }

    /// Groups by the ids of their blocks.
    private func groups(of texts: [String]) -> [[String]] {
        let rendered = HTMLRenderer(context: RenderContext()).render(document(texts))
        let ids = rendered.blockIDs
        return rendered.groups.map { Array(ids[$0.blocks]) }
    }

    func testGroupsHoldAbout64BlocksAndEveryBlockOnce() {
        let texts = (0..<4800).map { "Section \($0) of a long document." }
        let groups = groups(of: texts)
        XCTAssertEqual(groups.flatMap { $0 }.count, 4800)
        XCTAssertEqual(Set(groups.flatMap { $0 }).count, 4800)
        let average = 4800 / groups.count
        XCTAssertTrue((40...100).contains(average), "\(average) blocks a group")
        XCTAssertTrue(groups.dropLast().allSatisfy { (BlockGroups.minimumSize...BlockGroups.maximumSize).contains($0.count) })
    }

    /// Boundaries come from the blocks' content: an edit re-groups only around itself.
    func testAnEditAnywhereLeavesTheOtherGroupsAsTheyWere() {
        let texts = (0..<4800).map { "Section \($0) of a long document." }
        let before = groups(of: texts)
        var added = texts
        added.insert("A new first paragraph.", at: 0)
        var edited = texts
        edited[2400] = "An edited paragraph."
        var removed = texts
        removed.remove(at: 1000)
        for after in [added, edited, removed] {
            let changed = Set(groups(of: after)).symmetricDifference(Set(before))
            XCTAssertLessThanOrEqual(changed.count, 6, "groups changed by one edit")
        }
    }

    /// Blocks of one content agree on where to cut: every group then has
    /// the same, bounded size, the shortest or the longest.
    func testIdenticalBlocksAreCutAtAFixedSize() {
        let groups = groups(of: Array(repeating: "The same.", count: 1000))
        let size = groups[0].count
        XCTAssertTrue([BlockGroups.minimumSize, BlockGroups.maximumSize].contains(size))
        XCTAssertTrue(groups.dropLast().allSatisfy { $0.count == size })
    }
}
