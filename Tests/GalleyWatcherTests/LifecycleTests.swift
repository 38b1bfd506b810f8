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

    /// The watching thread ends and gives back the inotify instance and its
    /// stop pipe, whether the watcher is stopped or only let go.
    func testAStoppedOrDroppedWatcherGivesBackItsDescriptorsAndThread() throws {
        let folder = try TemporaryFolder()
        let descriptorsBefore = Self.openDescriptors()
        let threadsBefore = Self.threadCount()
        for stopsFirst in [true, false] {
            var watcher: DirectoryWatcher? = try DirectoryWatcher(root: folder.path, isIgnored: { _ in false })
            watcher?.start(queue: DispatchQueue(label: "consumer"), onBatch: { _ in }, onWarning: { _ in })
            if stopsFirst { watcher?.stop() }
            watcher = nil
        }
        // A hang guard only: the threads end as soon as they are woken.
        let deadline = Date().addingTimeInterval(60)
        while Self.openDescriptors() > descriptorsBefore || Self.threadCount() > threadsBefore, Date() < deadline {
            usleep(10_000)
        }
        XCTAssertEqual(Self.openDescriptors(), descriptorsBefore)
        XCTAssertLessThanOrEqual(Self.threadCount(), threadsBefore)
    }

    private static func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    private static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.filter { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?.hasPrefix("galley-watch") == true
        }.count ?? 0
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

        XCTAssertEqual(watcher.root.rawValue, folder.path)
    }
}
