import Foundation
import GalleyWatcher
import XCTest

/// Real programs saving a file, in an ordinary (non-sticky) folder: each save must be exactly one `changed`.
final class RealEditorTests: XCTestCase {
    func testVimSavingWithBackupcopyNoIsOneChange() throws {
        try assertOneChange(program: "/usr/bin/vim", arguments: vimArguments(backupcopy: "no"))
    }

    func testVimSavingWithBackupcopyYesIsOneChange() throws {
        try assertOneChange(program: "/usr/bin/vim", arguments: vimArguments(backupcopy: "yes"))
    }

    /// `auto` first probes the folder by creating and deleting a file named `4913`.
    func testVimSavingWithBackupcopyAutoIsOneChange() throws {
        try assertOneChange(program: "/usr/bin/vim", arguments: vimArguments(backupcopy: "auto"))
    }

    func testSedInPlaceIsOneChange() throws {
        try assertOneChange(program: "/bin/sed", arguments: ["-i", "s/Penguin/Puffin/"])
    }

    /// vim skips the backup (and writes in place) for files matching 'backupskip', whose default covers /tmp/*.
    private func vimArguments(backupcopy: String) -> [String] {
        [
            "-u", "NONE", "-i", "NONE", "-N", "-n", "-es",
            "-c", "set backupcopy=\(backupcopy) backupskip=", "-c", "normal! Gox", "-c", "wq",
        ]
    }

    private func assertOneChange(
        program: String, arguments: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: program), "\(program) is not installed")
        let fixture = try WatchFixture(files: ["doc.txt": "Penguin\n"], testCase: self)
        let document = fixture.path("doc.txt")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments + [document]
        process.currentDirectoryURL = URL(fileURLWithPath: fixture.root)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(program) failed", file: file, line: line)

        XCTAssertEqual(
            fixture.recorder.batches(mentioning: [document]), [.events([changed(document)])], file: file, line: line)
        XCTAssertNotEqual(try String(contentsOfFile: document, encoding: .utf8), "Penguin\n", file: file, line: line)
    }
}
