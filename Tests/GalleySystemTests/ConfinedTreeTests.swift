import Foundation
import GalleySystem
import Glibc
import XCTest

/// The confinement rule on a real disk: links are followed inside the
/// content folder only, and each real folder is listed once.
final class ConfinedTreeTests: XCTestCase {
    private var holder = ""
    private var root = ""

    override func setUpWithError() throws {
        holder = NSTemporaryDirectory() + "galley-confined-\(UUID().uuidString)"
        root = holder + "/content"
        for folder in [root + "/a/b", holder + "/outside"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        for file in [root + "/top.txt", root + "/a/b/deep.txt", holder + "/outside/secret.txt"] {
            FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        }
        try FileManager.default.createSymbolicLink(atPath: root + "/link-in", withDestinationPath: root + "/a")
        try FileManager.default.createSymbolicLink(atPath: root + "/file-in", withDestinationPath: "top.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/link-out", withDestinationPath: holder + "/outside")
        try FileManager.default.createSymbolicLink(atPath: root + "/file-out", withDestinationPath: holder + "/outside/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/loop", withDestinationPath: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/nothing")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: holder)
    }

    func testWalkFollowsLinksOnlyInsideAndListsEachFolderOnce() throws {
        let tree = try ConfinedTree(root: root)
        var files: [String] = []
        var entered: [String] = []
        tree.walk(
            isIgnored: { _ in false },
            enter: {
                entered.append($0)
                return true
            }, file: { files.append($0) })
        XCTAssertEqual(files.sorted(), [root + "/a/b/deep.txt", root + "/file-in", root + "/top.txt"])
        XCTAssertEqual(entered.count, 3, "root, a (by one of its two names) and a/b: \(entered)")
        XCTAssertFalse(entered.contains { $0.contains("link-out") || $0.contains("outside") })
    }

    func testWhatEachEntryCountsAs() throws {
        let tree = try ConfinedTree(root: root)
        let table: [(String, FileKind)] = [
            ("link-in", .folder), ("file-in", .file), ("link-out", .other), ("file-out", .other),
            ("dangling", .other), ("top.txt", .file), ("a", .folder),
        ]
        for (name, expected) in table {
            let path = root + "/" + name
            XCTAssertEqual(tree.kind(of: FileStatus.kind(ofEntryAt: path), at: path), expected, name)
        }
        XCTAssertTrue(tree.contains(root + "/a/loop/top.txt"))
        XCTAssertFalse(tree.contains(root + "/link-out/secret.txt"))
        XCTAssertFalse(tree.contains(root + "/missing"))
    }

    func testIgnoredPathsAreNeitherReportedNorEntered() throws {
        let tree = try ConfinedTree(root: root)
        var files: [String] = []
        tree.walk(isIgnored: { $0.hasSuffix("/a") || $0.hasSuffix("/link-in") }, file: { files.append($0) })
        XCTAssertEqual(files.sorted(), [root + "/file-in", root + "/top.txt"])
    }

    func testNamesThatAreNotUTF8AreSkipped() throws {
        let name: [UInt8] = Array((root + "/bad-").utf8) + [0xFF, 0xFE] + Array(".txt".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        close(descriptor)
        let names = try DirectoryListing.entries(of: root).map(\.name)
        XCTAssertTrue(names.contains("top.txt"))
        XCTAssertFalse(names.contains { $0.hasPrefix("bad-") })
    }

    func testARootThatIsNotThereIsAnErrorNamingIt() {
        XCTAssertThrowsError(try ConfinedTree(root: holder + "/none")) { error in
            XCTAssertEqual((error as? SystemCallError)?.description.hasPrefix("realpath(\(holder)/none): No such file or directory"), true)
        }
    }
}

final class FilePathTests: XCTestCase {
    func testParentAndContainment() {
        let parents: [(String, String)] = [("/a/b", "/a"), ("/a", "/"), ("a/b", "a"), ("a", ""), ("/", "/")]
        for (path, parent) in parents { XCTAssertEqual(FilePath.parent(of: path), parent, path) }
        let below: [(String, String, Bool)] = [
            ("/a/b", "/a", true), ("/a", "/a", true), ("/ab", "/a", false), ("/a/b", "/", true),
            // A combining mark right after the folder: bytes decide, not graphemes.
            ("/a/\u{619}x", "/a", true), ("/a\u{301}/x", "/a", false),
        ]
        for (path, folder, expected) in below { XCTAssertEqual(FilePath.isSameOrBelow(path, folder), expected, "\(path) in \(folder)") }
    }
}
