import Foundation
import GalleySystem
import Glibc
import XCTest

/// Children run to their end or their kill, whatever they write where:
/// real processes of /bin/sh.
final class ChildProcessTests: XCTestCase {
    private func shell(
        _ script: String, input: [UInt8] = [], timeLimit: Duration = .seconds(60),
        outputLimit: Int = 16 * 1024 * 1024
    ) throws -> ChildProcess.Outcome {
        var child = ChildProcess(
            program: "sh", arguments: ["-c", script], environment: ChildProcess.currentEnvironment,
            timeLimit: timeLimit, outputLimit: outputLimit)
        child.input = input
        return try child.run()
    }

    /// The children of this process that have ended and not been waited for.
    private func zombies() -> [String] {
        let own = String(getpid())
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[0] == "Z" && fields[1] == own
        }
    }

    func testMoreErrorsThanAPipeHoldsWhileTheOutputIsReadDoNotDeadlock() throws {
        // 2 MiB of errors before any output: read one pipe to its end first, and both wait for ever.
        let outcome = try shell("head -c 2097152 /dev/zero | tr '\\0' w >&2; echo done")
        XCTAssertEqual(outcome.termination, .exited(0))
        XCTAssertEqual(String(decoding: outcome.output, as: UTF8.self), "done\n")
        // Only the beginning of the errors is kept.
        XCTAssertLessThanOrEqual(outcome.errors.count, 64 * 1024 + 1)
        XCTAssertEqual(outcome.errors.first, UInt8(ascii: "w"))
    }

    func testInputIsFedWhileTheOutputIsRead() throws {
        // `cat` writes back as it reads: fed first and read after, a megabyte would fill both pipes.
        let input = (0..<(1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let outcome = try shell("cat", input: input)
        XCTAssertEqual(outcome.termination, .exited(0))
        XCTAssertEqual(outcome.output, input)
    }

    func testAChildThatDoesNotReadItsInputEndsAllTheSame() throws {
        let outcome = try shell("exit 3", input: Array(repeating: 1, count: 1024 * 1024))
        XCTAssertEqual(outcome.termination, .exited(3))
    }

    func testAChildPastItsTimeLimitIsKilledAndReaped() throws {
        let outcome = try shell("echo started; exec sleep 600", timeLimit: .milliseconds(300))
        XCTAssertEqual(outcome.termination, .timedOut)
        XCTAssertEqual(String(decoding: outcome.output, as: UTF8.self), "started\n")
        XCTAssertEqual(zombies(), [])
    }

    func testAChildThatClosesItsPipesAndGoesOnIsKilledAtTheLimit() throws {
        let outcome = try shell("exec >/dev/null 2>&1; exec sleep 600", timeLimit: .milliseconds(300))
        XCTAssertEqual(outcome.termination, .timedOut)
        XCTAssertEqual(zombies(), [])
    }

    func testTooMuchOutputKillsTheChild() throws {
        let outcome = try shell("exec cat /dev/zero", outputLimit: 1024 * 1024)
        XCTAssertEqual(outcome.termination, .outputTooLarge)
        XCTAssertLessThanOrEqual(outcome.output.count, 1024 * 1024 + 1)
        XCTAssertEqual(zombies(), [])
    }

    func testASignalAndAMissingProgramAreSaid() throws {
        XCTAssertEqual(try shell("kill -TERM $$").termination, .signalled(SIGTERM))
        let missing = ChildProcess(
            program: "galley-no-such-program", arguments: [], environment: [],
            timeLimit: .seconds(5), outputLimit: 1)
        XCTAssertThrowsError(try missing.run()) { error in
            XCTAssertEqual(error as? ChildProcess.Failure, .cannotStart(program: "galley-no-such-program", errno: ENOENT))
        }
    }

    func testTheEnvironmentIsTheOneGiven() throws {
        let child = ChildProcess(
            program: "/usr/bin/env", arguments: [], environment: ["ONLY=this"],
            timeLimit: .seconds(30), outputLimit: 4096)
        XCTAssertEqual(String(decoding: try child.run().output, as: UTF8.self), "ONLY=this\n")
    }
}
