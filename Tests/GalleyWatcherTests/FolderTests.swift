import Foundation
import GalleyWatcher
import XCTest

/// Folders that appear, move and go: new folders are watched (with the files created before their watch),
/// renamed folders keep being watched under their new name, removed folders leave no watch behind.
final class FolderTests: XCTestCase {
    func testNestedFoldersCreatedAtOnceMissNoFileWrittenRightAway() throws {
        let fixture = try WatchFixture(testCase: self)
        let deepest = fixture.path("a/b/c")
        let files = (1...5).map { deepest + "/\($0).json" }

        Disk.mkdir(fixture.path("a"))
        Disk.mkdir(fixture.path("a/b"))
        Disk.mkdir(deepest)
        for file in files { Disk.write(file, "[]") }

        let events = fixture.recorder.batches(mentioning: Set(files)).events
        XCTAssertEqual(Set(events.map(\.path.rawValue)), Set(files))
        XCTAssertTrue(events.allSatisfy { $0.kind == .changed }, "\(events)")

        let later = deepest + "/later.json"
        Disk.write(later, "[]")
        XCTAssertEqual(fixture.recorder.batches(mentioning: [later]), [.events([changed(later)])])
    }

    func testRenamedFolderIsRemovedAndEveryFileReportedUnderItsNewName() throws {
        let fixture = try WatchFixture(
            files: ["chapter/one.json": "[]", "chapter/part/two.json": "[]"], testCase: self)
        let renamed = fixture.path("book")

        Disk.rename(fixture.path("chapter"), renamed)

        let batches = fixture.recorder.batches(mentioning: [renamed + "/one.json", renamed + "/part/two.json"])
        XCTAssertEqual(batches.count, 1)
        XCTAssertEqual(batches.events.first, directoryRemoved(fixture.path("chapter")))
        XCTAssertEqual(
            Set(batches.events.dropFirst().map { $0 }.map(\.path.rawValue)), [renamed + "/one.json", renamed + "/part/two.json"])
        XCTAssertTrue(batches.events.dropFirst().allSatisfy { $0.kind == .changed })

        // The watches followed the folder: saves inside it are reported under the new name.
        let moved = renamed + "/part/two.json"
        Disk.write(moved, "[2]")
        XCTAssertEqual(fixture.recorder.batches(mentioning: [moved]), [.events([changed(moved)])])
    }

    func testFolderMovedOutIsRemovedAndNoLongerWatched() throws {
        let fixture = try WatchFixture(
            files: ["chapter/one.json": "[]", "chapter/part/two.json": "[]"], testCase: self)
        let chapter = fixture.path("chapter")
        let gone = fixture.outside + "/chapter"

        Disk.rename(chapter, gone)
        XCTAssertEqual(fixture.recorder.batches(mentioning: [chapter]), [.events([directoryRemoved(chapter)])])

        Disk.write(gone + "/part/two.json", "[2]")
        Disk.mkdir(gone + "/new")
        XCTAssertEqual(fixture.recorder.batchesBeforeSentinel(), [])
    }

    func testFolderMovedInIsWatchedWithEveryFile() throws {
        let fixture = try WatchFixture(testCase: self)
        let arriving = fixture.outside + "/chapter"
        try FileManager.default.createDirectory(atPath: arriving + "/part", withIntermediateDirectories: true)
        Disk.write(arriving + "/one.json", "[]")
        Disk.write(arriving + "/part/two.json", "[]")
        let chapter = fixture.path("chapter")

        Disk.rename(arriving, chapter)
        let expected: Set = [chapter + "/one.json", chapter + "/part/two.json"]
        let events = fixture.recorder.batches(mentioning: expected).events
        XCTAssertEqual(Set(events), Set(expected.map(changed)))
        XCTAssertEqual(events.count, 2)

        Disk.write(chapter + "/part/two.json", "[2]")
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [chapter + "/part/two.json"]),
            [.events([changed(chapter + "/part/two.json")])])
    }

    func testDeletedFolderIsOneRemovalAndCanBeCreatedAgain() throws {
        let fixture = try WatchFixture(
            files: ["chapter/one.json": "[]", "chapter/part/two.json": "[]"], testCase: self)
        let chapter = fixture.path("chapter")

        Disk.removeTree(chapter)
        let removal = fixture.recorder.batches(mentioning: [chapter]).events
        XCTAssertEqual(removal.last, directoryRemoved(chapter))
        XCTAssertFalse(removal.contains { $0.kind == .changed }, "\(removal)")

        Disk.mkdir(chapter)
        Disk.mkdir(chapter + "/part")
        Disk.write(chapter + "/part/three.json", "[3]")
        let recreated = fixture.recorder.batches(mentioning: [chapter + "/part/three.json"]).events
        XCTAssertEqual(Set(recreated), [changed(chapter + "/part/three.json")])

        Disk.write(chapter + "/part/three.json", "[4]")
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [chapter + "/part/three.json"]),
            [.events([changed(chapter + "/part/three.json")])])
    }

    func testRootDeletedIsReportedOnceAndLeavesNothingWatched() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]", "chapter/one.json": "[]"], testCase: self)
        let witness = try witnessRecorder(over: fixture.folder.path)

        Disk.removeTree(fixture.root)
        let events = fixture.recorder.batches(mentioning: [fixture.root]).events
        XCTAssertEqual(events.last, directoryRemoved(fixture.root))

        Disk.mkdir(fixture.root)
        Disk.write(fixture.path("doc.json"), "[]")
        XCTAssertTrue(witness.batches(mentioning: [fixture.path("doc.json")]).events.contains(changed(fixture.path("doc.json"))))
        XCTAssertEqual(fixture.recorder.batchesSoFar(), [])
    }

    func testRootMovedAwayIsReportedAsRemoved() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let moved = fixture.outside + "/content"

        Disk.rename(fixture.root, moved)
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [fixture.root]), [.events([directoryRemoved(fixture.root)])])

        let witness = try witnessRecorder(over: fixture.outside)
        Disk.write(moved + "/doc.json", "[1]")
        XCTAssertEqual(witness.batches(mentioning: [moved + "/doc.json"]), [.events([changed(moved + "/doc.json")])])
        XCTAssertEqual(fixture.recorder.batchesSoFar(), [])
    }

    func testSymlinkedFolderInsideTheRootIsReportedUnderTheLinkName() throws {
        let fixture = try WatchFixture(files: [".drafts/one.json": "[]"], testCase: self)
        let link = fixture.path("drafts")

        Disk.symlink(fixture.path(".drafts"), at: link)
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [link + "/one.json"]), [.events([changed(link + "/one.json")])])

        Disk.write(fixture.path(".drafts/one.json"), "[1]")
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [link + "/one.json"]), [.events([changed(link + "/one.json")])])
    }

    func testSymlinksLeadingOutsideOrBackUpAreNotFollowed() throws {
        let fixture = try WatchFixture(files: ["real/one.json": "[]"], testCase: self)
        try FileManager.default.createDirectory(
            atPath: fixture.outside + "/elsewhere", withIntermediateDirectories: true)

        Disk.symlink(fixture.outside + "/elsewhere", at: fixture.path("escape"))
        Disk.symlink(fixture.root, at: fixture.path("real/loop"))
        Disk.symlink(fixture.path("real"), at: fixture.path("alias"))
        XCTAssertEqual(fixture.recorder.batchesBeforeSentinel(), [])

        Disk.write(fixture.outside + "/elsewhere/secret.json", "[]")
        Disk.write(fixture.path("real/one.json"), "[1]")
        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [fixture.path("real/one.json")]),
            [.events([changed(fixture.path("real/one.json"))])])
    }

    func testAWatcherOverATreeWithASymlinkLoopStartsAndWatches() throws {
        let fixture = try WatchFixture(files: ["a/one.json": "[]"], startWatching: false, testCase: self)
        Disk.symlink(fixture.root, at: fixture.path("a/up"))
        Disk.symlink(fixture.path("a"), at: fixture.path("a/self"))

        let recorder = try BatchRecorder(root: fixture.root)
        addTeardownBlock { recorder.stop() }
        Disk.write(fixture.path("a/one.json"), "[1]")
        XCTAssertEqual(
            recorder.batches(mentioning: [fixture.path("a/one.json")]), [.events([changed(fixture.path("a/one.json"))])]
        )
    }

    /// A removed file whose name comes back as a folder is still reported removed.
    func testAFileReplacedByAFolderIsRemovedAndTheFolderWatched() throws {
        let fixture = try WatchFixture(files: ["entry": "[]"], testCase: self)
        let entry = fixture.path("entry")

        Disk.unlink(entry)
        Disk.mkdir(entry)
        Disk.write(entry + "/doc.json", "[]")

        let events = fixture.recorder.batches(mentioning: [entry, entry + "/doc.json"]).events
        XCTAssertEqual(Set(events), [removed(entry), changed(entry + "/doc.json")])
    }

    func testASymlinkToAFileInsideTheRootIsAChangeAtOnce() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let link = fixture.path("link.json")

        Disk.symlink(fixture.path("doc.json"), at: link)

        XCTAssertEqual(fixture.recorder.batches(mentioning: [link]), [.events([changed(link)])])
    }
}
