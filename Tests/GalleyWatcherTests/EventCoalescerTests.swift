import XCTest

@testable import GalleyWatcher

/// Coalescing rules, from tables: at most one event per path, first appearance orders, the last state wins.
final class EventCoalescerTests: XCTestCase {
    private func coalesce(_ events: [WatchEvent]) -> [WatchBatch] {
        var coalescer = EventCoalescer()
        for event in events { coalescer.add(event) }
        return coalescer.takeBatches()
    }

    func testCoalescing() {
        let cases: [(String, [WatchEvent], [WatchBatch])] = [
            ("nothing", [], []),
            ("same path twice", [changed("/r/a"), changed("/r/a")], [.events([changed("/r/a")])]),
            (
                "last state wins, first position kept",
                [changed("/r/a"), changed("/r/b"), removed("/r/a")], [.events([removed("/r/a"), changed("/r/b")])]
            ),
            ("removed then recreated", [removed("/r/a"), changed("/r/a")], [.events([changed("/r/a")])]),
            ("a write then its close", [written("/r/a"), changed("/r/a")], [.events([changed("/r/a")])]),
            ("a close then a next write", [changed("/r/a"), written("/r/a")], [.events([changed("/r/a")])]),
            ("a removal then a write", [removed("/r/a"), written("/r/a")], [.events([removed("/r/a")])]),
            ("writes alone", [written("/r/a"), written("/r/a")], [.events([written("/r/a")])]),
            (
                "a folder removal drops earlier events below it",
                [changed("/r/d/a"), removed("/r/d/b"), changed("/r/da"), directoryRemoved("/r/d")],
                [.events([changed("/r/da"), directoryRemoved("/r/d")])]
            ),
            (
                "events after a folder removal stay after it",
                [directoryRemoved("/r/d"), changed("/r/d/a")], [.events([directoryRemoved("/r/d"), changed("/r/d/a")])]
            ),
            (
                "a folder removed again drops what was created in between",
                [directoryRemoved("/r/d"), changed("/r/d/a"), directoryRemoved("/r/d")],
                [.events([directoryRemoved("/r/d")])]
            ),
            (
                "a folder replaced by a file closes the batch",
                [directoryRemoved("/r/d"), changed("/r/d")],
                [.events([directoryRemoved("/r/d")]), .events([changed("/r/d")])]
            ),
        ]
        for (name, input, expected) in cases {
            XCTAssertEqual(coalesce(input), expected, name)
        }
    }

    func testTheRemovalOfAFileCreatedAgainIsWithdrawn() {
        var coalescer = EventCoalescer()
        coalescer.add(removed("/r/back"))
        coalescer.add(removed("/r/gone"))
        coalescer.add(changed("/r/c"))

        coalescer.withdrawRemoval(of: "/r/back")
        coalescer.withdrawRemoval(of: "/r/c")

        XCTAssertTrue(coalescer.hasRemovals)
        XCTAssertEqual(coalescer.takeBatches(), [.events([removed("/r/gone"), changed("/r/c")])])
        XCTAssertFalse(coalescer.hasRemovals)
    }

    func testRemovalsCanBeTakenOutToBeDecidedLater() {
        var coalescer = EventCoalescer()
        coalescer.add(removed("/r/a"))
        coalescer.add(changed("/r/b"))
        coalescer.add(removed("/r/c"))
        coalescer.add(changed("/r/c"))
        coalescer.add(removed("/r/0"))

        XCTAssertEqual(coalescer.takeRemovals(), ["/r/a", "/r/0"])
        XCTAssertFalse(coalescer.hasRemovals)
        XCTAssertEqual(coalescer.takeBatches(), [.events([changed("/r/b"), changed("/r/c")])])
    }
}
