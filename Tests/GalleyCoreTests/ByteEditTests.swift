import XCTest

@testable import GalleyCore

final class ByteEditTests: XCTestCase {
    /// The common ends found block by block are those found byte by byte, and never overlap.
    func testCommonEndsAreTheLongestThatDoNotOverlap() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<2_000 {
            let old = (0..<Int.random(in: 0...3_000, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
            var new = old
            let start = Int.random(in: 0...new.count, using: &random)
            let end = min(new.count, start + Int.random(in: 0...600, using: &random))
            new.replaceSubrange(
                start..<end, with: (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) })
            let found = ByteEdit.commonEnds(old, new)
            let limit = min(old.count, new.count)
            var prefix = 0
            while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
            var suffix = 0
            while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            XCTAssertEqual(found.prefix, prefix)
            XCTAssertEqual(found.suffix, suffix)
        }
    }
}
