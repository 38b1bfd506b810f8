import XCTest

@testable import GalleyServer

/// The rules that keep slow or untrusted clients from locking pages out, as a table of events.
final class ConnectionLedgerTests: XCTestCase {
    private let start = ContinuousClock.now
    private func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }

    func testAHeadNotDeliveredInTimeIsOverdueButAHandledOrHeldRequestIsNot() {
        var ledger = ConnectionLedger(limits: .init(capacity: 10, trustedShare: 2, headSeconds: 10))
        XCTAssertEqual(ledger.opened(1, trusted: false, now: at(0)), [])
        XCTAssertEqual(ledger.opened(2, trusted: true, now: at(1)), [])
        XCTAssertEqual(ledger.opened(3, trusted: true, now: at(2)), [])
        ledger.headArrived(3) // a long-poll, held for a minute
        XCTAssertEqual(ledger.nextDeadline, at(10))
        XCTAssertEqual(ledger.overdue(at: at(9)), [])
        XCTAssertEqual(ledger.overdue(at: at(11)), [1, 2])
        XCTAssertEqual(ledger.overdue(at: at(70)), [], "a held request has no head deadline")
        // Answered, it has the deadline again, from the answer.
        ledger.answered(3, now: at(70))
        XCTAssertEqual(ledger.nextDeadline, at(80))
        XCTAssertEqual(ledger.overdue(at: at(80)), [3])
        XCTAssertEqual(ledger.count, 0)
        XCTAssertNil(ledger.nextDeadline)
    }

    func testUntrustedConnectionsNeverTakeTheTrustedShare() {
        var ledger = ConnectionLedger(limits: .init(capacity: 4, trustedShare: 2, headSeconds: 10))
        XCTAssertEqual(ledger.opened(1, trusted: false, now: at(0)), [])
        XCTAssertEqual(ledger.opened(2, trusted: false, now: at(1)), [])
        // A third untrusted one: the oldest untrusted one still waiting for its head makes room.
        XCTAssertEqual(ledger.opened(3, trusted: false, now: at(2)), [1])
        ledger.headArrived(2)
        ledger.headArrived(3)
        // None is waiting: the newcomer itself goes.
        XCTAssertEqual(ledger.opened(4, trusted: false, now: at(3)), [4])
        // The trusted share is still free.
        XCTAssertEqual(ledger.opened(5, trusted: true, now: at(4)), [])
        XCTAssertEqual(ledger.opened(6, trusted: true, now: at(5)), [])
        XCTAssertEqual(ledger.count, 4)
    }

    func testAtFullCapacityAnyNewcomerMakesRoomUntrustedFirst() {
        var ledger = ConnectionLedger(limits: .init(capacity: 3, trustedShare: 1, headSeconds: 10))
        XCTAssertEqual(ledger.opened(1, trusted: true, now: at(0)), [])
        XCTAssertEqual(ledger.opened(2, trusted: false, now: at(1)), [])
        XCTAssertEqual(ledger.opened(3, trusted: true, now: at(2)), [])
        XCTAssertEqual(ledger.opened(4, trusted: true, now: at(3)), [2], "the untrusted one goes before older trusted ones")
        XCTAssertEqual(ledger.opened(5, trusted: true, now: at(4)), [1])
        ledger.headArrived(3)
        ledger.headArrived(4)
        ledger.headArrived(5)
        XCTAssertEqual(ledger.opened(6, trusted: true, now: at(5)), [6], "requests being handled are never closed")
    }

    func testACookieMovesAConnectionIntoTheTrustedShare() {
        var ledger = ConnectionLedger(limits: .init(capacity: 3, trustedShare: 1, headSeconds: 10))
        XCTAssertEqual(ledger.opened(1, trusted: false, now: at(0)), [])
        XCTAssertEqual(ledger.opened(2, trusted: false, now: at(1)), [])
        ledger.headArrived(1)
        ledger.trust(1)
        ledger.trust(1)
        ledger.answered(1, now: at(2))
        // 2 is the only untrusted one now, so another fits beside it.
        XCTAssertEqual(ledger.opened(3, trusted: false, now: at(3)), [])
        XCTAssertEqual(ledger.opened(4, trusted: false, now: at(4)), [2])
        ledger.closed(1)
        ledger.closed(1)
        XCTAssertEqual(ledger.count, 2)
    }
}
