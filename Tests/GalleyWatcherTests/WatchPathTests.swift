import GalleySystem
import XCTest

@testable import GalleyWatcher

/// The watcher's path arithmetic (its own and `FilePath`'s) works on bytes: a combining mark after `/` (U+0619, U+0301) is a new name, not
/// part of the folder before it.
final class WatchPathTests: XCTestCase {
    func testPathsBelowAFolderWhoseNamesStartWithACombiningMark() {
        for mark in ["\u{619}", "\u{301}"] {
            XCTAssertTrue(FilePath.isSameOrBelow("/root/\(mark)a", "/root"), mark)
            XCTAssertFalse(FilePath.isSameOrBelow("/rootx/\(mark)a", "/root"), mark)
            XCTAssertEqual(FilePath.parent(of: "/root/\(mark)a"), "/root")
            XCTAssertEqual(WatchPath.rebase("/old/\(mark)a/b", from: "/old", to: "/new"), "/new/\(mark)a/b")
            XCTAssertEqual(FilePath.absolute("/a/./\(mark)b/../c"), "/a/c")
        }
        XCTAssertFalse(FilePath.isSameOrBelow("/root/cafe\u{301}/a", "/root/café"))
    }

    func testHiddenAndBackupNamesWithACombiningMark() {
        XCTAssertTrue(EditorTemporaryFiles.isTemporary(name: ".\u{619}notes.json"))
        XCTAssertTrue(EditorTemporaryFiles.isTemporary(name: "#\u{301}doc.json#"))
        XCTAssertFalse(EditorTemporaryFiles.isTemporary(name: "\u{619}doc.json"))
    }
}
