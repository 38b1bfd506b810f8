import Dispatch
import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyServer

/// A held request is answered once, whoever answers it and from whichever thread.
final class PendingResponseTests: XCTestCase {
    private final class Wakes: Sendable {
        let count = Locked(0)
        /// The response the server's thread would find when woken.
        let seen = Locked<[Int]>([])
    }

    private static func response(_ status: Int) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain", body: "\(status)")
    }

    func testTheFirstAnswerIsSentAndLaterOnesAreIgnored() {
        let wakes = Wakes()
        let pending = PendingResponse { wakes.count.withLock { $0 += 1 } }
        XCTAssertNil(pending.response, "an answer before any resume")
        pending.resume(with: Self.response(200))
        pending.resume(with: Self.response(404))
        XCTAssertEqual(wakes.count.withLock { $0 }, 1)
        XCTAssertEqual(pending.response?.status, 200)
    }

    func testTheResponseIsInPlaceWhenTheServerIsWoken() {
        let wakes = Wakes()
        let holder = Locked<PendingResponse?>(nil)
        let pending = PendingResponse {
            // The server's thread asks for the response as soon as it is woken.
            let status = holder.withLock { $0 }?.response?.status ?? -1
            wakes.seen.withLock { $0.append(status) }
        }
        holder.withLock { $0 = pending }
        pending.resume(with: Self.response(204))
        XCTAssertEqual(wakes.seen.withLock { $0 }, [204])
        holder.withLock { $0 = nil }
    }

    func testAnAnswerGivenAsAMakingWakesTheServerBeforeItIsMade() {
        let wakes = Wakes()
        let makings = Locked(0)
        let pending = PendingResponse {
            // What the answer's making had done when the server's thread was woken.
            wakes.seen.withLock { $0.append(makings.withLock { $0 }) }
        }
        pending.resume {
            makings.withLock { $0 += 1 }
            return Self.response(200)
        }
        XCTAssertEqual(wakes.seen.withLock { $0 }, [0], "the server's thread is woken first")
        XCTAssertEqual(pending.response?.status, 200)
        XCTAssertEqual(makings.withLock { $0 }, 1, "made when the server's thread asks for it")
    }

    /// Stands for what an answer's making replaced: tells when it is let go of.
    private final class Leftover: Sendable {
        let freed: Locked<Bool>
        init(_ freed: Locked<Bool>) { self.freed = freed }
        deinit { freed.withLock { $0 = true } }
    }

    func testWhatTheResumeHoldsIsLetGoOfOnceTheAnswerIsSent() {
        let freed = Locked(false)
        let pending = PendingResponse {}
        pending.resume(with: { Self.response(200) }, holding: Leftover(freed))
        XCTAssertFalse(freed.withLock { $0 }, "held while the answer is on its way")
        XCTAssertEqual(pending.response?.status, 200)
        XCTAssertFalse(freed.withLock { $0 }, "still held while the answer is being sent")
        pending.sent()
        XCTAssertTrue(freed.withLock { $0 }, "let go of once it is sent")
    }

    func testALaterResumeHoldsNothing() {
        let freed = Locked(false)
        let pending = PendingResponse {}
        pending.resume(with: Self.response(200))
        pending.resume(with: { Self.response(404) }, holding: Leftover(freed))
        XCTAssertTrue(freed.withLock { $0 }, "an ignored resume lets go of its leftovers at once")
    }

    func testRacingAnswersFromManyThreadsWakeTheServerOnce() {
        for _ in 0..<50 {
            let wakes = Wakes()
            let pending = PendingResponse { wakes.count.withLock { $0 += 1 } }
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                pending.resume(with: Self.response(200 + index))
            }
            XCTAssertEqual(wakes.count.withLock { $0 }, 1)
            XCTAssertNotNil(pending.response)
        }
    }
}
