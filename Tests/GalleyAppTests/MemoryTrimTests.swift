import Dispatch
import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyApp

/// Memory is handed back after work that freed much, not after every answer,
/// and one trim at a time.
final class MemoryTrimTests: XCTestCase {
    private final class Releases: Sendable {
        let count = Locked(0)
    }

    func testOnlyWorkThatFreedMuchAsksForATrim() {
        let trim = MemoryTrim {}
        XCTAssertFalse(trim.answered(MemoryTrim.manyAnswers - 1))
        XCTAssertFalse(trim.madeList(wordsCollected: MemoryTrim.manyWordsCollected - 1, bytes: MemoryTrim.longList - 1))
        XCTAssertTrue(trim.answered(MemoryTrim.manyAnswers))
    }

    func testATrimIsAskedForOnceWhileOneWaitsOrRuns() {
        let releases = Releases()
        let done = expectation(description: "released")
        // The trim holds until the test has asked for a second one, however soon it starts.
        let asked = DispatchSemaphore(value: 0)
        let trim = MemoryTrim {
            asked.wait()
            releases.count.withLock { $0 += 1 }
            done.fulfill()
        }
        XCTAssertTrue(trim.madeList(wordsCollected: MemoryTrim.manyWordsCollected, bytes: 0))
        XCTAssertFalse(trim.answered(MemoryTrim.manyAnswers * 3), "a second trim was asked for while one waited or ran")
        asked.signal()
        // Only as a hang guard.
        wait(for: [done], timeout: 30)
        XCTAssertEqual(releases.count.withLock { $0 }, 1)
    }
}
