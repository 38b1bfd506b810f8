import Foundation
import GalleyWatcher
import XCTest

/// When the inotify watch limit is hit, the watcher says how to raise it, once, keeps watching what it has, and polls
/// the folders it could not watch, those there from the start and those made later.
///
/// The limit is lowered only inside a new user namespace (`unshare -U -r`, where `/proc/sys/user/max_inotify_watches`
/// belongs to the test), so nothing else on the machine is affected: the test runs itself again in there.
final class WatchLimitTests: XCTestCase {
    private static let childVariable = "GALLEY_WATCH_LIMIT_CHILD"

    func testHittingTheWatchLimitWarnsOnceAndPollsTheRest() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "no unshare")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = [
            "-U", "-r", "/bin/sh", "-c", "echo 3 > /proc/sys/user/max_inotify_watches && exec \"$0\" \"$1\"",
            ProcessInfo.processInfo.arguments[0], "GalleyWatcherTests.WatchLimitTests/testInsideALowWatchLimit",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        try XCTSkipIf(text.contains("unshare:"), "user namespaces are not available: \(text)")
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), text)
    }

    /// Runs only inside the namespace: root and two folders fit in the limit of three watches, the rest do not.
    func testInsideALowWatchLimit() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment[Self.childVariable] == "1", "runs inside a user namespace only")
        let fixture = try WatchFixture(
            files: ["a/1.json": "", "b/2.json": "", "c/3.json": "", "d/4.json": ""], testCase: self)
        let document = fixture.path("doc.json")

        Disk.write(document, "[]")

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
        let warnings = fixture.recorder.receivedWarnings
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        let warning = warnings.first ?? ""
        XCTAssertTrue(warning.contains("inotify_add_watch(" + fixture.root + "/"), warning)
        XCTAssertTrue(warning.contains("No space left on device (errno 28)"), warning)
        XCTAssertTrue(warning.contains("sudo sysctl fs.inotify.max_user_watches=524288"), warning)
        XCTAssertTrue(warning.contains("1 more folders are not watched for the same reason."), warning)
        XCTAssertTrue(warning.hasSuffix("\nGalley looks for changes in those folders every second instead."), warning)

        // Two of the four folders have no watch; a save in any of them is seen all the same.
        let saved = ["a/1.json", "b/2.json", "c/3.json", "d/4.json"].map(fixture.path)
        for path in saved { Disk.write(path, "[1]") }
        let seen = Set(fixture.recorder.batches(mentioning: Set(saved)).events.map(\.path))
        XCTAssertTrue(Set(saved).isSubset(of: seen), "\(seen)")

        // A folder made later, beyond the limit too, is polled without another warning.
        try FileManager.default.createDirectory(atPath: fixture.path("e"), withIntermediateDirectories: false)
        Disk.write(fixture.path("e/5.json"), "[]")
        XCTAssertTrue(fixture.recorder.batches(mentioning: [fixture.path("e/5.json")]).events.contains(changed(fixture.path("e/5.json"))))
        XCTAssertEqual(fixture.recorder.receivedWarnings.count, 1, "\(fixture.recorder.receivedWarnings)")
    }
}
