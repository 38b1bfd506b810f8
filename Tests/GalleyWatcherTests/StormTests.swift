import Foundation
import GalleyWatcher
import XCTest

/// Many changes at once: every path once, in a few batches; an overflowing queue turns into a rescan, not lost events.
final class StormTests: XCTestCase {
    func testTwoThousandNewFilesArriveOnceEach() throws {
        let fixture = try WatchFixture(files: ["storm/keep": ""], testCase: self)
        let files = (0..<2000).map { fixture.path("storm/\($0).json") }

        for file in files { Disk.write(file, "[\"\(file)\"]") }

        let batches = fixture.recorder.batches(mentioning: Set(files))
        XCTAssertEqual(batches.events.count, files.count, "every path exactly once across the batches")
        XCTAssertEqual(Set(batches.events), Set(files.map(changed)))
    }

    /// Nothing is read while the consumer handles a batch, so what happens meanwhile arrives coalesced.
    func testAStormDuringTheConsumersWorkArrivesInOneBatch() throws {
        let consumerBusy = DispatchSemaphore(value: 0)
        let consumerMayFinish = DispatchSemaphore(value: 0)
        let fixture = try WatchFixture(
            files: ["storm/keep": ""],
            handle: { batch in
                guard batch.mentions(suffix: "/trigger.json") else { return }
                consumerBusy.signal()
                consumerMayFinish.wait()
            },
            testCase: self)
        let trigger = fixture.path("trigger.json")
        let files = (0..<2000).map { fixture.path("storm/\($0).json") }

        Disk.write(trigger, "[]")
        XCTAssertEqual(consumerBusy.wait(timeout: .now() + 60), .success)
        for file in files { Disk.write(file, "[]") }
        for file in files.prefix(1000) { Disk.write(file, "[1]") }
        consumerMayFinish.signal()

        let batches = fixture.recorder.batches(mentioning: Set(files))
        XCTAssertEqual(batches.first, .events([changed(trigger)]))
        XCTAssertEqual(batches.dropFirst().count, 1, "the storm in one batch")
        XCTAssertEqual(batches.events.count, files.count + 1, "every path exactly once")
    }

    /// `git checkout` replaces each file by unlinking it and writing a new one.
    ///
    /// The checkout happens while the consumer is busy, so the watcher reads it as one burst, in which every removal
    /// meets its file's return. (Read as it happens, a removal waits 100 ms for the file; a writer preempted longer
    /// than that on a busy machine shows it removed, then changed: true, but not what this test is about.)
    func testTwoThousandFilesRewrittenByUnlinkAndCreateArriveAsChangesOnly() throws {
        var files: [String: String] = [:]
        for index in 0..<2000 { files["checkout/\(index).json"] = "[]" }
        let consumerBusy = DispatchSemaphore(value: 0)
        let consumerMayFinish = DispatchSemaphore(value: 0)
        let fixture = try WatchFixture(
            files: files,
            handle: { batch in
                guard batch.mentions(suffix: "/trigger.json") else { return }
                consumerBusy.signal()
                consumerMayFinish.wait()
            },
            testCase: self)
        let paths = files.keys.map(fixture.path)
        Disk.write(fixture.path("trigger.json"), "[]")
        XCTAssertEqual(consumerBusy.wait(timeout: .now() + 60), .success)

        for path in paths {
            Disk.unlink(path)
            Disk.write(path, "[1]")
        }
        consumerMayFinish.signal()

        let batches = fixture.recorder.batches(mentioning: Set(paths)).withoutEvents { $0.path.rawValue.hasSuffix("/trigger.json") }
        XCTAssertEqual(batches.events.filter { $0.kind != .changed }, [])
        XCTAssertEqual(Set(batches.events), Set(paths.map(changed)))
        XCTAssertEqual(batches.events.count, paths.count, "every path exactly once across the batches")
    }

    func testOverflowAsksForRescanAndWatchesFoldersCreatedMeanwhile() throws {
        let fixture = try WatchFixture(files: ["flood/keep": ""], startWatching: false, testCase: self)
        let queueLimit =
            Int(
                try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        // Each new file queues IN_CREATE and IN_CLOSE_WRITE; nothing reads them until the watcher starts.
        for index in 0...(queueLimit / 2 + 100) { Disk.write(fixture.path("flood/\(index)"), "") }
        Disk.mkdir(fixture.path("late"))
        fixture.recorder.start()

        let batches = fixture.recorder.batches(until: { $0.contains(.rescanNeeded) })
        XCTAssertTrue(batches.contains(.rescanNeeded), "\(batches.count) batches, no rescan")

        let late = fixture.path("late/doc.json")
        Disk.write(late, "[]")
        XCTAssertEqual(fixture.recorder.batches(mentioning: [late]), [.events([changed(late)])])
    }
}
