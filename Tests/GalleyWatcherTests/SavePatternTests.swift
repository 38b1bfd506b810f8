import Foundation
import GalleyWatcher
import XCTest

/// Editors' save patterns, reproduced system call by system call: each save must arrive as exactly one `changed`.
final class SavePatternTests: XCTestCase {
    func testInPlaceSaveWrittenInSeveralChunksIsOneChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        Disk.write(document, chunks: ["[{\"name\":", " \"Penguin\"", "}]"])

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testFileWrittenTwiceBeforeCloseIsOneChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        let descriptor = Disk.openForWriting(document)
        Disk.writeAll(descriptor, "[1,")
        fsync(descriptor)
        Disk.writeAll(descriptor, "2]")
        close(descriptor)

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testTemporaryFileRenamedOverTheTargetIsOneChangeOfTheTarget() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")
        let temporaryNames = [
            ".doc.json.swp", "doc.json~", "doc.json.tmp", "4913", "doc.json___jb_tmp___", "sedAb12Cd", "#doc.json#",
        ]

        for (round, name) in temporaryNames.enumerated() {
            let temporary = fixture.path(name)
            Disk.write(temporary, chunks: ["[", "\(round)]"])
            Disk.rename(temporary, document)

            XCTAssertEqual(
                fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])], "temporary \(name)")
        }
    }

    func testTemporaryFileInAnotherFolderRenamedOverTheTargetIsOneChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]", ".cache/keep": ""], testCase: self)
        let document = fixture.path("doc.json")

        for temporary in [fixture.outside + "/doc.json.new", fixture.path(".cache/doc.json")] {
            Disk.write(temporary, "[1]")
            Disk.rename(temporary, document)

            XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])], temporary)
        }
    }

    /// vim with `backupcopy=no`: the original becomes the backup, a new file is written, the backup goes.
    func testBackupRenameThenNewFileThenBackupDeletedIsOneChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")
        let backup = fixture.path("doc.json~")

        Disk.rename(document, backup)
        Disk.write(document, chunks: ["[", "1]"])
        Disk.unlink(backup)

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testDeleteThenRecreateIsOneChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        Disk.unlink(document)
        Disk.write(document, "[2]")

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testFileMovedInFromOutsideIsAChange() throws {
        let fixture = try WatchFixture(testCase: self)
        let arriving = fixture.outside + "/new.json"
        let document = fixture.path("new.json")
        Disk.write(arriving, "[]")

        Disk.rename(arriving, document)

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    func testFileMovedOutIsARemoval() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        Disk.rename(document, fixture.outside + "/doc.json")

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([removed(document)])])
    }

    func testDeletedFileIsARemoval() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        Disk.unlink(document)

        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([removed(document)])])
    }

    func testTouchWithoutWritingReportsNothing() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)

        Disk.touch(fixture.path("doc.json"))

        XCTAssertEqual(fixture.recorder.batchesBeforeSentinel(), [])
    }

    func testEditorSwapFilesAndVersionControlFoldersReportNothing() throws {
        let fixture = try WatchFixture(files: [".git/HEAD": "ref", "node_modules/x/index.js": ""], testCase: self)

        Disk.write(fixture.path(".doc.json.swp"), "swap")
        Disk.write(fixture.path(".git/index.lock"), "index")
        Disk.rename(fixture.path(".git/index.lock"), fixture.path(".git/index"))
        Disk.mkdir(fixture.path(".git/objects"))
        Disk.write(fixture.path(".git/objects/ab"), "blob")
        Disk.write(fixture.path("node_modules/x/index.js"), "code")
        Disk.mkdir(fixture.path(".hidden-folder"))
        Disk.write(fixture.path(".hidden-folder/doc.json"), "[]")
        Disk.unlink(fixture.path(".doc.json.swp"))

        XCTAssertEqual(fixture.recorder.batchesBeforeSentinel(), [])
    }

    /// A file written and still held open is reported as `written`, a hint that it may be read ahead, and its close
    /// as the one `changed`. (The truncation and the write may arrive in one burst or two.)
    func testAWriteBeforeTheCloseIsAHintAndTheCloseIsTheChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], keepsWrites: true, testCase: self)
        let document = fixture.path("doc.json")

        let descriptor = Disk.openForWriting(document)
        Disk.writeAll(descriptor, "[1]")
        XCTAssertEqual(Set(fixture.recorder.batches(mentioning: [document]).events), [written(document)])
        close(descriptor)
        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }
}

/// Attribute changes: a file that becomes readable again is reported, so it is read again without a write.
final class AttributeChangeTests: XCTestCase {
    func testPermissionsTakenAwayAndGivenBackAreEachAChange() throws {
        let fixture = try WatchFixture(files: ["doc.json": "[]"], testCase: self)
        let document = fixture.path("doc.json")

        XCTAssertEqual(chmod(document, 0o000), 0)
        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
        XCTAssertEqual(chmod(document, 0o644), 0)
        XCTAssertEqual(fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])])
    }

    /// The first walk asks each file whether it can be read, while its folder
    /// is open: a file that could not be read before the watch began is
    /// reported once it can, and a touch afterwards reports nothing.
    func testAFileUnreadableBeforeTheWatchBeganIsAChangeWhenMadeReadable() throws {
        let folder = try TemporaryFolder()
        let root = folder.path("content")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let document = root + "/doc.json"
        try "[]".write(toFile: document, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(document, 0o000), 0)
        let recorder = try BatchRecorder(root: root)
        addTeardownBlock {
            recorder.stop()
            folder.remove()
        }

        XCTAssertEqual(chmod(document, 0o644), 0)
        XCTAssertEqual(recorder.batches(mentioning: [document]), [.events([changed(document)])])
        Disk.touch(document)
        XCTAssertEqual(recorder.batchesBeforeSentinel(), [])
    }
}
