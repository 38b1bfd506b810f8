import Foundation
import GalleySystem
import Glibc
import XCTest

/// The output writer: nothing already in the folder (a symlink in place of
/// a file or a folder) leads a byte outside it, and every file appears whole.
final class OutputFolderTests: XCTestCase {
    private var top = ""

    override func setUpWithError() throws {
        top = NSTemporaryDirectory() + "galley-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: top + "/elsewhere", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: top + "/elsewhere/kept.txt"))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: top)
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func testFilesAndTheirFoldersAreMadeBelowAFolderItMakes() throws {
        let folder = try OutputFolder.making(top + "/new/site/")
        defer { folder.close() }
        try folder.write(Array("page".utf8), to: "index.html")
        try folder.write(Array("png".utf8), to: "files/a/b.png")
        XCTAssertEqual(contents(top + "/new/site/index.html"), "page")
        XCTAssertEqual(contents(top + "/new/site/files/a/b.png"), "png")
        XCTAssertEqual(entries(top + "/new/site"), ["files", "index.html"], "no temporary file is left")
    }

    func testASymlinkInPlaceOfAFileIsReplacedNotWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: top + "/out", withIntermediateDirectories: false)
        XCTAssertEqual(symlink(top + "/elsewhere/kept.txt", top + "/out/index.html"), 0)
        let folder = try OutputFolder.making(top + "/out")
        defer { folder.close() }
        try folder.write(Array("page".utf8), to: "index.html")
        XCTAssertEqual(contents(top + "/elsewhere/kept.txt"), "keep")
        XCTAssertEqual(contents(top + "/out/index.html"), "page")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: top + "/out/index.html"))
    }

    func testASymlinkedFolderIsRefusedAndNothingIsWrittenThroughIt() throws {
        try FileManager.default.createDirectory(atPath: top + "/out", withIntermediateDirectories: false)
        XCTAssertEqual(symlink(top + "/elsewhere", top + "/out/files"), 0)
        XCTAssertEqual(symlink(top + "/elsewhere", top + "/linked"), 0)
        let folder = try OutputFolder.making(top + "/out")
        defer { folder.close() }
        XCTAssertThrowsError(try folder.write(Array("png".utf8), to: "files/x.png")) { error in
            guard case OutputWriteError.symbolicLink(let path)? = error as? OutputWriteError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, top + "/out/files")
        }
        XCTAssertThrowsError(try OutputFolder.making(top + "/linked")) { error in
            guard case OutputWriteError.symbolicLink? = error as? OutputWriteError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(entries(top + "/elsewhere"), ["kept.txt"])
    }

    func testNamesThatWouldLeaveTheFolderAreRefused() throws {
        let folder = try OutputFolder.making(top + "/out")
        defer { folder.close() }
        for name in ["../elsewhere/kept.txt", "a/../../x", "", "a//b", "/etc/passwd", ".", "a/."] {
            XCTAssertThrowsError(try folder.write(Array("x".utf8), to: name), name) { error in
                guard case OutputWriteError.unsafeName? = error as? OutputWriteError else { return XCTFail("\(name): \(error)") }
            }
        }
        XCTAssertEqual(entries(top + "/elsewhere"), ["kept.txt"])
        XCTAssertEqual(entries(top + "/out"), [])
    }

    func testAFileNamedAtASymlinkReplacesTheLinkAndACharacterDeviceIsWrittenInto() throws {
        XCTAssertEqual(symlink(top + "/elsewhere/kept.txt", top + "/page.html"), 0)
        try OutputFile.write(Array("page".utf8), to: top + "/page.html")
        XCTAssertEqual(contents(top + "/elsewhere/kept.txt"), "keep")
        XCTAssertEqual(contents(top + "/page.html"), "page")
        XCTAssertThrowsError(try OutputFile.write(Array("page".utf8), to: "/dev/full")) { error in
            guard case OutputWriteError.failed(let failure)? = error as? OutputWriteError else { return XCTFail("\(error)") }
            XCTAssertEqual(failure.errno, ENOSPC)
        }
        XCTAssertNoThrow(try OutputFile.write(Array("page".utf8), to: "/dev/null"))
        XCTAssertThrowsError(try OutputFile.write(Array("page".utf8), to: top + "/elsewhere/")) { error in
            guard case OutputWriteError.unsafeName? = error as? OutputWriteError else { return XCTFail("\(error)") }
        }
    }
}
