import XCTest
import GalleyServer

final class LongPollHubTests: XCTestCase {
    private let start = ContinuousClock.now

    private func at(_ seconds: Int) -> ContinuousClock.Instant {
        start + .seconds(seconds)
    }

    func testPublishAnswersOnlyThatTopicInArrivalOrder() {
        var hub = LongPollHub<String, Int>()
        hub.park(1, on: "a", until: at(25))
        hub.park(2, on: "b", until: at(25))
        hub.park(3, on: "a", until: at(25))
        XCTAssertTrue(hub.hasWaiters(on: "a"))
        XCTAssertFalse(hub.hasWaiters(on: "c"))
        XCTAssertEqual(hub.publish("a"), [1, 3])
        XCTAssertEqual(hub.publish("a"), [], "a waiter is answered once")
        XCTAssertFalse(hub.hasWaiters(on: "a"))
        XCTAssertEqual(hub.count, 1)
        XCTAssertEqual(hub.publish("b"), [2])
        XCTAssertNil(hub.nextDeadline, "no deadline, no timer")
    }

    func testDeadlinesExpireIndependently() {
        var hub = LongPollHub<String, Int>()
        hub.park(1, on: "a", until: at(5))
        hub.park(2, on: "a", until: at(25))
        hub.park(3, on: "b", until: at(10))
        XCTAssertEqual(hub.nextDeadline, at(5))
        XCTAssertEqual(hub.expire(now: at(4)).count, 0)
        XCTAssertEqual(hub.expire(now: at(10)).map(\.waiter).sorted(), [1, 3])
        XCTAssertEqual(hub.nextDeadline, at(25))
        XCTAssertEqual(hub.publish("a"), [2])
    }

    func testDrainReturnsEveryWaiter() {
        var hub = LongPollHub<String, Int>()
        for waiter in 0..<100 { hub.park(waiter, on: "t\(waiter % 7)", until: at(25)) }
        XCTAssertEqual(hub.drain().map(\.waiter).sorted(), Array(0..<100))
        XCTAssertEqual(hub.count, 0)
    }
}
