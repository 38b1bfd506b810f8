import Foundation
import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyWatcher

/// What two takes of a folder say changed: the polling watcher's passes and the changes view's copy of the folder.

final class FileSignaturesTests: XCTestCase {
    private func signature(_ size: Int64, modified: Int = 1, inode: UInt64 = 7) -> FileSignatures.Signature {
        FileSignatures.Signature(size: size, modifiedSeconds: modified, modifiedNanoseconds: 0, inode: inode)
    }

    func testChangedNewAndGoneFilesInPathOrder() {
        let before = FileSignatures(files: [
            "/c/kept": signature(1), "/c/written": signature(1), "/c/renamed-over": signature(1), "/c/gone": signature(1),
        ])
        let now = FileSignatures(files: [
            "/c/kept": signature(1), "/c/written": signature(1, modified: 2),
            "/c/renamed-over": signature(1, inode: 8), "/c/new": signature(3),
        ])
        XCTAssertEqual(
            before.changes(to: now),
            [
                WatchEvent(path: "/c/new", kind: .changed),
                WatchEvent(path: "/c/renamed-over", kind: .changed),
                WatchEvent(path: "/c/written", kind: .changed),
                WatchEvent(path: "/c/gone", kind: .removed),
            ])
        XCTAssertEqual(now.changes(to: now), [])
    }

    func testAFolderTakenTwiceWithNothingWrittenHasNoChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-signatures-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/sub/a.json"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/.a.json.swp"))
        let tree = try ConfinedTree(root: folder)
        let first = FileSignatures.take(of: tree, isIgnored: EditorTemporaryFiles.isTemporary(path:))
        XCTAssertEqual(first.paths, [folder + "/sub/a.json"], "a swap file is not content")
        XCTAssertEqual(first.changes(to: FileSignatures.take(of: tree, isIgnored: EditorTemporaryFiles.isTemporary(path:))), [])
        try Data("ab".utf8).write(to: URL(fileURLWithPath: folder + "/sub/a.json"))
        XCTAssertEqual(
            first.changes(to: FileSignatures.take(of: tree, isIgnored: EditorTemporaryFiles.isTemporary(path:))),
            [WatchEvent(path: AbsolutePath(rawValue: folder + "/sub/a.json"), kind: .changed)])
    }
}
