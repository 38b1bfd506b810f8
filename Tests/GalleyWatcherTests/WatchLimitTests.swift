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
        try runInsideALowWatchLimit("testInsideALowWatchLimit")
    }

    func testFoldersMadeBeyondTheLimitAfterTheStartArePolled() throws {
        try runInsideALowWatchLimit("testInsideALowWatchLimitReachedLater")
    }

    /// Runs the test `child` of this class again, in a user namespace whose watch limit is three.
    private func runInsideALowWatchLimit(_ child: String) throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), "no unshare")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = [
            "-U", "-r", "/bin/sh", "-c", "echo 3 > /proc/sys/user/max_inotify_watches && exec \"$0\" \"$1\"",
            ProcessInfo.processInfo.arguments[0], "GalleyWatcherTests.WatchLimitTests/" + child,
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
        let seen = Set(fixture.recorder.batches(mentioning: Set(saved)).events.map(\.path.rawValue))
        XCTAssertTrue(Set(saved).isSubset(of: seen), "\(seen)")

        // A folder made later, beyond the limit too, is polled without another warning.
        try FileManager.default.createDirectory(atPath: fixture.path("e"), withIntermediateDirectories: false)
        Disk.write(fixture.path("e/5.json"), "[]")
        XCTAssertTrue(fixture.recorder.batches(mentioning: [fixture.path("e/5.json")]).events.contains(changed(fixture.path("e/5.json"))))
        XCTAssertEqual(fixture.recorder.receivedWarnings.count, 1, "\(fixture.recorder.receivedWarnings)")
    }

    /// Runs only inside the namespace: everything fits at the start; two of three folders moved in later do not,
    /// and their files were there before they arrived.
    func testInsideALowWatchLimitReachedLater() throws {
        try XCTSkipUnless(
            ProcessInfo.processInfo.environment[Self.childVariable] == "1", "runs inside a user namespace only")
        let fixture = try WatchFixture(files: ["a/1.json": ""], testCase: self)
        XCTAssertEqual(fixture.recorder.batchesBeforeSentinel(), [])
        for name in ["b", "c", "d"] {
            let made = fixture.outside + "/" + name
            try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: false)
            Disk.write(made + "/new.json", "[]")
            XCTAssertEqual(rename(made, fixture.path(name)), 0)
        }
        let saved = Set(["b", "c", "d"].map { fixture.path($0 + "/new.json") })
        let seen = Set(fixture.recorder.batches(mentioning: saved).events.map(\.path.rawValue))
        XCTAssertTrue(saved.isSubset(of: seen), "\(seen)")
        XCTAssertEqual(fixture.recorder.receivedWarnings.count, 1, "\(fixture.recorder.receivedWarnings)")
        // And saved again, in the folders now polled.
        Disk.write(fixture.path("d/new.json"), "[1, 2]")
        Disk.write(fixture.path("c/new.json"), "[1, 2]")
        XCTAssertTrue(fixture.recorder.batches(mentioning: [fixture.path("c/new.json"), fixture.path("d/new.json")]).events.count >= 2)
    }
}
