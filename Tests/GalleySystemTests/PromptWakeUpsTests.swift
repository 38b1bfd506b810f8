import Foundation
import GalleySystem
import Glibc
import XCTest

/// The shortest slice, asked for on a thread of its own: what the kernel's
/// scheduler then holds for that thread, read back from `/proc`.
final class PromptWakeUpsTests: XCTestCase {
    /// Runs `body` on a new thread and waits for it.
    private func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Void) {
        let done = expectation(description: "the thread ran")
        Thread.detachNewThread {
            body()
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }

    /// `se.slice` of the calling thread in nanoseconds, when the kernel shows it (Linux 6.6 and later).
    private static func slice() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/thread-self/sched", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("se.slice") {
            return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// (`setpriority` with no id sets the calling thread alone on Linux.)
    func testTheThreadGetsTheShortestSliceAndKeepsItsNiceValue() throws {
        let seen = Locked<(before: Int?, after: Int?, nice: Int32)>((nil, nil, 0))
        onThreadOfItsOwn {
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 3)
            let before = Self.slice()
            PromptWakeUps.request()
            PromptWakeUps.request()
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock { $0 = (before, Self.slice(), nice) }
        }
        let (before, after, nice) = seen.withLock { $0 }
        XCTAssertEqual(nice, 3, "the nice value a user gave is kept")
        guard let before, let after, before != 100_000 else {
            throw XCTSkip("this kernel shows no slice, or gives the shortest by default")
        }
        XCTAssertEqual(after, 100_000, "the kernel's shortest slice, in nanoseconds")
    }
}
