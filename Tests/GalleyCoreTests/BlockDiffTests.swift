import GalleyCore
import XCTest

/// Kept, added, removed and changed blocks between two versions of a document.
final class BlockDiffTests: XCTestCase {
    private func items(_ words: String) -> [BlockDiff.Item] {
        words.split(separator: " ").map { word in
            BlockDiff.Item(rendering: word, kind: word.hasPrefix("img") ? "image" : "body")
        }
    }

    func testAnEditedParagraphIsOneChangeAndARemovedImageOneRemoval() {
        let changes = BlockDiff.changes(from: items("a img1 cap b c img2 d"), to: items("a img1 cap B c d"))
        XCTAssertEqual(
            changes,
            [
                .kept(old: 0, new: 0), .kept(old: 1, new: 1), .kept(old: 2, new: 2),
                .changed(old: 3, new: 3), .kept(old: 4, new: 4), .removed(old: 5), .kept(old: 6, new: 5),
            ])
    }

    func testARemovalBesideAnAdditionOfAnotherKindIsNotAChange() {
        XCTAssertEqual(
            BlockDiff.changes(from: items("a img1 b"), to: items("a x b")),
            [
                .kept(old: 0, new: 0), .removed(old: 1), .added(new: 1), .kept(old: 2, new: 2),
            ])
    }

    func testBlocksAddedAtTheStartAndEndAndAMovedBlock() {
        let changes = BlockDiff.changes(from: items("a b c"), to: items("img0 a c b img9"))
        let kept = changes.filter { if case .kept = $0 { return true } else { return false } }.count
        XCTAssertEqual(kept, 2, "the longest common run of a, b, c and a, c, b keeps two")
        XCTAssertEqual(changes.first, .added(new: 0))
        XCTAssertEqual(changes.last, .added(new: 4))
    }

    func testIdenticalAndEmptyDocuments() {
        XCTAssertEqual(BlockDiff.changes(from: items("a b"), to: items("a b")), [.kept(old: 0, new: 0), .kept(old: 1, new: 1)])
        XCTAssertEqual(BlockDiff.changes(from: [], to: items("a")), [.added(new: 0)])
        XCTAssertEqual(BlockDiff.changes(from: items("a"), to: []), [.removed(old: 0)])
    }

    func testEveryBlockAppearsOnceAndTheNewOnesInOrder() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let old = (0..<Int.random(in: 0..<12, using: &random)).map { _ in ["a", "b", "c", "img1"].randomElement(using: &random) ?? "a" }
                .joined(separator: " ")
            let new = (0..<Int.random(in: 0..<12, using: &random)).map { _ in ["a", "b", "d", "img1"].randomElement(using: &random) ?? "a" }
                .joined(separator: " ")
            let (oldItems, newItems) = (items(old), items(new))
            let changes = BlockDiff.changes(from: oldItems, to: newItems)
            var olds: [Int] = []
            var news: [Int] = []
            for change in changes {
                switch change {
                case .kept(let o, let n):
                    XCTAssertEqual(oldItems[o], newItems[n])
                    olds.append(o)
                    news.append(n)
                case .changed(let o, let n):
                    XCTAssertEqual(oldItems[o].kind, newItems[n].kind)
                    olds.append(o)
                    news.append(n)
                case .removed(let o): olds.append(o)
                case .added(let n): news.append(n)
                }
            }
            XCTAssertEqual(olds.sorted(), Array(oldItems.indices), "\(old) → \(new)")
            XCTAssertEqual(news, Array(newItems.indices), "\(old) → \(new)")
        }
    }
}
