import Foundation
import GalleyWatcher
import XCTest

/// Starting, stopping and failing to start.
final class LifecycleTests: XCTestCase {
    func testNothingIsDeliveredAfterStopAndStopIsIdempotent() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let witness = try witnessRecorder(over: fixture.root)
        fixture.recorder.stop()
        fixture.recorder.stop()

        Disk.write(fixture.path("doc.json"), "[1]")

        XCTAssertEqual(witness.batches(mentioning: [fixture.path("doc.json")]), [.events([changed(fixture.path("doc.json"))])])
        XCTAssertEqual(fixture.recorder.batchesSoFar(), [])
    }

    func testEventsBetweenInitAndStartAreDelivered() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], startWatching: false, testCase: self)
        let document = fixture.path("doc.json")
        Disk.write(document, "[1]")

        fixture.recorder.start()

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testAMissingRootThrowsAnErrorNamingTheCallAndPath() {
        XCTAssertThrowsError(try DirectoryWatcher(root: "/nonexistent/galley", isIgnored: { _ in false })) { error in
            XCTAssertEqual(
                "\(error)", "inotify_add_watch(/nonexistent/galley): No such file or directory (errno \(ENOENT))")
        }
    }

    func testARelativeRootIsReportedAsAnAbsolutePath() throws {
        let folder = try TemporaryFolder()
        addTeardownBlock { folder.remove() }
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        let watcher = try DirectoryWatcher(root: "./content/../", isIgnored: { _ in false })

        XCTAssertEqual(watcher.root, folder.path)
    }
}
