import Foundation
import GalleySystem
import Glibc
import XCTest

/// The one confined open, on a real disk, by the kernel (openat2) and by the
/// walk by hand: links are followed while they stay inside the folder, and
/// nothing outside it is ever read.
final class ContentFolderTests: XCTestCase {
    private var holder = ""
    private var root = ""
    private let secret = Array("OUTSIDE-SECRET".utf8)

    override func setUpWithError() throws {
        holder = NSTemporaryDirectory() + "galley-content-folder-\(UUID().uuidString)"
        root = holder + "/content"
        for folder in [root + "/docs/deep", holder + "/outside/docs"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: root + "/docs/a.json", contents: Data("inside".utf8))
        FileManager.default.createFile(atPath: root + "/docs/deep/b.json", contents: Data("deep".utf8))
        FileManager.default.createFile(atPath: holder + "/outside/secret.txt", contents: Data(secret))
        FileManager.default.createFile(atPath: holder + "/outside/docs/a.json", contents: Data(secret))
        let links: [(String, String)] = [
            ("file-out", holder + "/outside/secret.txt"),
            ("relative-out", "../outside/secret.txt"),
            ("folder-out", holder + "/outside/docs"),
            ("relative-folder-out", "../outside/docs"),
            ("absolute-in", root + "/docs/a.json"),
            ("absolute-folder-in", root + "/docs"),
            ("relative-in", "docs/deep/../a.json"),
            ("docs/deep/up", "../a.json"),
            ("docs/deep/up-out", "../../../outside/secret.txt"),
            ("chain-in", "relative-in"),
            ("loop-a", "loop-b"),
            ("loop-b", "loop-a"),
            ("dangling", "nothing-here"),
            ("absolute-through-in", root + "/docs/../../outside/secret.txt"),
        ]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + name, withDestinationPath: target)
        }
        XCTAssertEqual(mkfifo(root + "/pipe.json", 0o600), 0)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: holder)
    }

    private var folders: [(String, ContentFolder)] {
        [("kernel", ContentFolder(root: root)), ("manual", ContentFolder(root: root, resolution: .manual))]
    }

    private func assertRefused(_ path: String, errno expected: Int32, file: StaticString = #filePath, line: UInt = #line) {
        for (name, folder) in folders {
            do {
                let bytes = try folder.read(path)
                XCTFail("\(name): read \(path): \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
            } catch {
                XCTAssertEqual(error.errno, expected, "\(name): \(path): \(error)", file: file, line: line)
            }
            XCTAssertFalse(folder.hasContents(path, secret), "\(name): \(path)", file: file, line: line)
        }
    }

    private func assertReads(_ path: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        for (name, folder) in folders {
            XCTAssertEqual(
                (try? folder.read(path)).map { String(decoding: $0, as: UTF8.self) }, expected, "\(name): \(path)", file: file, line: line)
            XCTAssertTrue(folder.hasEntry(path), "\(name): \(path)", file: file, line: line)
        }
    }

    func testPlainFilesAndLinksThatStayInsideAreRead() {
        assertReads("docs/a.json", "inside")
        assertReads("docs/deep/b.json", "deep")
        assertReads("absolute-in", "inside")
        assertReads("absolute-folder-in/deep/b.json", "deep")
        assertReads("relative-in", "inside")
        assertReads("docs/deep/up", "inside")
        assertReads("chain-in", "inside")
        assertReads("docs/deep/../a.json", "inside")
    }

    func testAnAbsoluteLinkThroughTheRootsResolvedPathIsRead() throws {
        let real = try XCTUnwrap(FilePath.realPath(root))
        try FileManager.default.createSymbolicLink(atPath: root + "/real-in", withDestinationPath: real + "/docs/a.json")
        assertReads("real-in", "inside")
    }

    func testALinkToAFileOutsideIsRefused() {
        assertRefused("file-out", errno: EXDEV)
        assertRefused("relative-out", errno: EXDEV)
        assertRefused("docs/deep/up-out", errno: EXDEV)
        assertRefused("absolute-through-in", errno: EXDEV)
    }

    func testALinkToAFolderOutsideIsRefusedAsAMiddleComponent() {
        assertRefused("folder-out/a.json", errno: EXDEV)
        assertRefused("relative-folder-out/a.json", errno: EXDEV)
    }

    func testDotDotAndAbsolutePathsAreRefused() {
        assertRefused("../outside/secret.txt", errno: EXDEV)
        assertRefused("docs/../../outside/secret.txt", errno: EXDEV)
        assertRefused(holder + "/outside/secret.txt", errno: EXDEV)
    }

    func testAFolderAFIFOLoopsAndMissingFilesAreErrorsNotWaits() {
        assertRefused("pipe.json", errno: EINVAL)
        assertRefused("docs", errno: EINVAL)
        assertRefused("loop-a", errno: ELOOP)
        assertRefused("dangling", errno: ENOENT)
        assertRefused("docs/a.json/more", errno: ENOTDIR)
        for (name, folder) in folders {
            // There, but not to be read: the author is told why.
            XCTAssertTrue(folder.hasEntry("file-out"), name)
            XCTAssertTrue(folder.hasEntry("folder-out/a.json"), name)
            XCTAssertFalse(folder.hasEntry("missing"), name)
            XCTAssertFalse(folder.hasEntry("dangling"), name)
            XCTAssertFalse(folder.hasEntry("docs/a.json/more"), name)
        }
    }

    func testAFileLargerThanTheLimitIsRefusedFromItsSize() throws {
        let path = root + "/big.json"
        FileManager.default.createFile(atPath: path, contents: nil)
        XCTAssertEqual(truncate(path, off_t(ContentFolder.maximumFileSize + 1)), 0)
        assertRefused("big.json", errno: EFBIG)
        XCTAssertEqual(truncate(path, off_t(ContentFolder.maximumFileSize)), 0)
        for (name, folder) in folders {
            XCTAssertEqual(try folder.read("big.json").count, ContentFolder.maximumFileSize, name)
        }
    }

    /// An editor's buffer is compared with its file piece by piece: a
    /// difference in the last piece of a large file is seen, as is a file
    /// that grew between its size and its reading.
    func testAFileHasTheContentsOnlyOfExactlyItsBytes() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        FileManager.default.createFile(atPath: root + "/large.json", contents: Data(bytes))
        let folder = ContentFolder(root: root)
        XCTAssertTrue(folder.hasContents("large.json", bytes))
        var changed = bytes
        changed[changed.count - 1] &+= 1
        XCTAssertFalse(folder.hasContents("large.json", changed), "the last byte differs")
        XCTAssertFalse(folder.hasContents("large.json", Array(bytes.dropLast())), "a byte shorter")
        XCTAssertTrue(folder.hasContents("docs/a.json", Array("inside".utf8)))
        FileManager.default.createFile(atPath: root + "/empty.json", contents: Data())
        XCTAssertTrue(folder.hasContents("empty.json", []))
        XCTAssertFalse(folder.hasContents("missing.json", []))
    }

    func testTheRefusalSaysWhy() {
        do {
            _ = try ContentFolder(root: root).read("file-out")
            XCTFail("read a file outside")
        } catch {
            XCTAssertTrue(error.description.contains("leads outside the content folder"), error.description)
        }
    }

    /// A batch of reads shares one descriptor of the root, opened once:
    /// a folder put in the root's place meanwhile is read only after the
    /// batch, and the confinement holds as before.
    func testABatchHoldingTheRootReadsFromItAndTheNextReadOpensTheRootAgain() throws {
        for (name, folder) in folders {
            try folder.holdingRoot { holding in
                try FileManager.default.moveItem(atPath: root, toPath: holder + "/moved")
                try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: root + "/docs/a.json", contents: Data("replaced".utf8))
                XCTAssertEqual(try holding.read("docs/a.json"), Array("inside".utf8), name)
                XCTAssertEqual(try holding.read("relative-in"), Array("inside".utf8), name)
                XCTAssertThrowsError(try holding.read("relative-out"), name)
            }
            XCTAssertEqual(try folder.read("docs/a.json"), Array("replaced".utf8), name)
            try FileManager.default.removeItem(atPath: root)
            try FileManager.default.moveItem(atPath: holder + "/moved", toPath: root)
        }
    }
}
