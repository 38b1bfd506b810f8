import GalleyCore
import XCTest

final class RecentlyUsedTests: XCTestCase {
    func testKeepsTheLastUsedUpToItsCapacity() {
        var kept = RecentlyUsed<String, Int>(capacity: 2)
        kept.keep(1, for: "a")
        kept.keep(2, for: "b")
        XCTAssertEqual(kept.value(for: "a"), 1, "asking makes a the most recently used")
        kept.keep(3, for: "c")
        XCTAssertNil(kept.value(for: "b"), "b was the least recently used")
        XCTAssertEqual(kept.keys, ["a", "c"])
        XCTAssertEqual(kept.value(for: "a"), 1)
        XCTAssertEqual(kept.value(for: "c"), 3)
    }

    func testKeepingAKeyAgainReplacesItsValue() {
        var kept = RecentlyUsed<String, Int>(capacity: 2)
        kept.keep(1, for: "a")
        kept.keep(2, for: "b")
        kept.keep(10, for: "a")
        XCTAssertEqual(kept.keys, ["b", "a"])
        XCTAssertEqual(kept.value(for: "a"), 10)
    }

    func testKeepsAtLeastOne() {
        var kept = RecentlyUsed<Int, String>(capacity: 0)
        kept.keep("x", for: 1)
        XCTAssertEqual(kept.value(for: 1), "x")
        kept.keep("y", for: 2)
        XCTAssertEqual(kept.keys, [2])
    }
}
