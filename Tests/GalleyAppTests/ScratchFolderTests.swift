import Foundation
import Glibc
import XCTest

@testable import GalleyApp

/// The folder old versions are written into: names from the content's
/// repository never lead out of it, and the folders of dead processes go.
final class ScratchFolderTests: XCTestCase {
    private var temporary = ""

    override func setUpWithError() throws {
        temporary = NSTemporaryDirectory() + "galley-scratch-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: false)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: temporary)
    }

    func testNamesThatMustNotBeWrittenAreRefused() {
        XCTAssertEqual(ScratchFolder.components(of: "Resources/speciesData.json"), ["Resources", "speciesData.json"])
        for path in [
            "", "/etc/passwd", "a//b", "a/./b", "../x", "a/..", ".git/config", "a/.GIT/hooks/x", "a\0b",
            Array(repeating: "a", count: ScratchFolder.depthLimit + 1).joined(separator: "/"),
        ] {
            XCTAssertNil(ScratchFolder.components(of: path), path)
        }
    }

    func testFilesAreWrittenBeneathItAndNeverThroughASymlink() throws {
        let scratch = try ScratchFolder(in: temporary)
        defer { scratch.remove() }
        XCTAssertTrue(URL(fileURLWithPath: scratch.path).lastPathComponent.hasPrefix("galley-diff-\(getpid())-"))
        var status = stat()
        XCTAssertEqual(lstat(scratch.path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o700)
        try scratch.makeFolder("old")
        try scratch.write(Array("one".utf8), at: ["a", "b", "one.txt"], in: "old")
        XCTAssertEqual(try String(contentsOfFile: scratch.path + "/old/a/b/one.txt", encoding: .utf8), "one")
        // The same name again is not written over.
        XCTAssertThrowsError(try scratch.write(Array("two".utf8), at: ["a", "b", "one.txt"], in: "old"))
        // A symlink in the way (none is ever written; here one is put there) is not followed.
        let outside = temporary + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/old/link", withDestinationPath: outside)
        XCTAssertThrowsError(try scratch.write(Array("x".utf8), at: ["link", "x.txt"], in: "old"))
        XCTAssertThrowsError(try scratch.write(Array("x".utf8), at: ["link"], in: "old"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
        scratch.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside), "the removal followed no symlink")
        XCTAssertThrowsError(try scratch.write(Array("late".utf8), at: ["late.txt"], in: "old")) { error in
            XCTAssertEqual(error as? ScratchFolder.Failure, .removed)
        }
    }

    func testTheFoldersOfDeadProcessesAreRemovedAndNoOthers() throws {
        let dead = try deadProcess()
        let fileManager = FileManager.default
        let leftover = temporary + "/galley-diff-\(dead)-abc"
        try fileManager.createDirectory(atPath: leftover + "/old/a", withIntermediateDirectories: true)
        fileManager.createFile(atPath: leftover + "/old/a/x.json", contents: Data("[]".utf8))
        let living = temporary + "/galley-diff-1-abc"
        try fileManager.createDirectory(atPath: living, withIntermediateDirectories: false)
        let kept = temporary + "/kept"
        try fileManager.createDirectory(atPath: kept, withIntermediateDirectories: false)
        fileManager.createFile(atPath: kept + "/file", contents: Data("keep".utf8))
        try fileManager.createSymbolicLink(atPath: temporary + "/galley-diff-\(dead)-link", withDestinationPath: kept)
        let scratch = try ScratchFolder(in: temporary)
        defer { scratch.remove() }
        XCTAssertFalse(fileManager.fileExists(atPath: leftover))
        XCTAssertTrue(fileManager.fileExists(atPath: living), "pid 1 is alive")
        XCTAssertTrue(fileManager.fileExists(atPath: kept + "/file"))
        XCTAssertNotNil(try? fileManager.destinationOfSymbolicLink(atPath: temporary + "/galley-diff-\(dead)-link"))
        XCTAssertNil(ScratchFolder.leftoverProcess("galley-diff-x-1"))
        XCTAssertEqual(ScratchFolder.leftoverProcess("galley-diff-42-1a2b"), 42)
    }

    /// The pid of a process that has ended and been waited for.
    private func deadProcess() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

final class WorkTreeRenamesTests: XCTestCase {
    func testEachGoneFileIsPairedOnceInPathOrder() {
        let one = FileFingerprint(Array("one".utf8))
        let two = FileFingerprint(Array("two".utf8))
        let renames = WorkTreeRenames.pair(
            added: [("b.json", one), ("a.json", one), ("c.json", two), ("d.json", FileFingerprint(Array("new".utf8)))],
            gone: ["old1.json": one, "old2.json": two, "old0.json": one])
        XCTAssertEqual(renames, ["a.json": "old0.json", "b.json": "old1.json", "c.json": "old2.json"])
    }
}

final class GitCommandTests: XCTestCase {
    func testGitsOwnVariablesAreNotInherited() {
        let environment = GitCommand.environment(from: [
            "PATH=/usr/bin", "HOME=/home/a", "GIT_DIR=/evil", "GIT_CONFIG_PARAMETERS='core.fsmonitor=evil'",
            "GIT_EXTERNAL_DIFF=evil", "LC_ALL=fr_FR.UTF-8",
        ])
        XCTAssertTrue(environment.contains("PATH=/usr/bin") && environment.contains("HOME=/home/a"))
        for name in ["GIT_DIR=", "GIT_CONFIG_PARAMETERS=", "GIT_EXTERNAL_DIFF="] {
            XCTAssertFalse(environment.contains { $0.hasPrefix(name) }, name)
        }
        XCTAssertTrue(environment.contains("LC_ALL=C") && !environment.contains("LC_ALL=fr_FR.UTF-8"))
        XCTAssertTrue(environment.contains("GIT_TERMINAL_PROMPT=0"))
    }
}
