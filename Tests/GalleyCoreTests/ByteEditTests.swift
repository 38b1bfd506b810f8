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
            new.replaceSubrange(start..<end, with: (0..<Int.random(in: 0...600, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) })
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

    /// The end of an object is found past strings holding braces, quotes and backslashes.
    func testTheEndOfAnObjectSkipsItsStrings() {
        var random = SeededRandom(seed: 5)
        let pieces = [#""plain""#, #""a \"quoted\" }""#, #""ends in a backslash \\""#, #""{[""#, "{}", "[1, 2]", #"{"k": "v}"}"#, ", ", "コガタ"]
        for _ in 0..<2_000 {
            let inner = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
            let object = "{\"key\": [" + inner + "]}"
            let text = Array(("  " + object + ", {\"next\": 1}").utf8)
            XCTAssertEqual(ByteEdit.endOfObject(in: text, at: 2), 2 + object.utf8.count, object)
        }
        XCTAssertNil(ByteEdit.endOfObject(in: Array(#"{"unclosed": "string}"#.utf8), at: 0))
    }
}
