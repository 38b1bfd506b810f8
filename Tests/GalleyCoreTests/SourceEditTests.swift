import XCTest

@testable import GalleyCore

/// An edit told by an editor, narrowed and merged with the next, must
/// still say where two versions differ, or a reader told it reads wrong.
final class SourceEditTests: XCTestCase {
    /// Whether `edit` turns `previous` into `new`: the bytes outside it are both versions'.
    private func assertTurns(_ edit: SourceEdit, _ previous: [UInt8], into new: [UInt8], _ context: String) {
        XCTAssertEqual(edit.previousCount, previous.count, context)
        XCTAssertEqual(edit.newCount, new.count, context)
        let rebuilt =
            Array(previous[..<edit.replaced.lowerBound]) + Array(new[edit.replaced.lowerBound..<edit.insertedEnd])
            + Array(previous[edit.replaced.upperBound...])
        XCTAssertEqual(rebuilt, new, context)
    }

    func testAnEditIsNarrowedToTheBytesItChanges() {
        let text = Array("a typed word".utf8)
        let edit = SourceEdit(replacing: 2..<7, of: text, with: Array("typed".utf8))
        XCTAssertTrue(edit.isEmpty)
        let changed = SourceEdit(replacing: 2..<7, of: text, with: Array("tapped".utf8))
        XCTAssertEqual(changed.replaced, 3..<4, "\"y\" became \"ap\"")
        XCTAssertEqual(changed.insertedCount, 2)
    }

    func testRandomEditsMergedSayWhereTheVersionsDiffer() {
        var random = SeededRandom(seed: 44)
        for sequence in 0..<300 {
            let first = (0..<Int(random.next() % 40)).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 3) }
            var text = first
            var merged: SourceEdit?
            for step in 0..<6 {
                let start = Int(random.next() % UInt64(text.count + 1))
                let end = start + Int(random.next() % UInt64(text.count - start + 1))
                let replacement = (0..<Int(random.next() % 4)).map { _ in UInt8(ascii: "a") + UInt8(random.next() % 3) }
                let edit = SourceEdit(replacing: start..<end, of: text, with: replacement)
                let previous = text
                text.replaceSubrange(start..<end, with: replacement)
                assertTurns(edit, previous, into: text, "sequence \(sequence), step \(step)")
                merged = merged.map { $0.followed(by: edit) } ?? edit
                assertTurns(merged!, first, into: text, "sequence \(sequence), merged to step \(step)")
            }
        }
    }
}
