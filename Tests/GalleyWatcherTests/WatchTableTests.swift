import XCTest

@testable import GalleyWatcher

/// The descriptor→path map follows folders that move and forgets subtrees that go.
final class WatchTableTests: XCTestCase {
    private let root = WatchDescriptor(rawValue: 1)
    private let chapter = WatchDescriptor(rawValue: 2)
    private let part = WatchDescriptor(rawValue: 3)
    private let chapters = WatchDescriptor(rawValue: 4)

    private func table() -> WatchTable {
        var table = WatchTable()
        _ = table.insert(root, path: "/r")
        _ = table.insert(chapter, path: "/r/chapter")
        _ = table.insert(part, path: "/r/chapter/part")
        _ = table.insert(chapters, path: "/r/chapters")
        return table
    }

    func testMovingAFolderRenamesItsWholeSubtreeOnly() {
        var table = table()

        XCTAssertEqual(table.moveSubtree(from: "/r/chapter", to: "/r/book"), [])

        XCTAssertEqual(table.path(of: chapter), "/r/book")
        XCTAssertEqual(table.path(of: part), "/r/book/part")
        XCTAssertEqual(table.path(of: chapters), "/r/chapters")
        XCTAssertNil(table.descriptor(of: "/r/chapter/part"))
        XCTAssertEqual(table.removeSubtree(at: "/r/book").sorted { $0.rawValue < $1.rawValue }, [chapter, part])
        XCTAssertEqual(table.count, 2)
    }

    func testMovingOntoARecordedFolderReplacesIt() {
        var table = table()

        XCTAssertEqual(table.moveSubtree(from: "/r/chapter", to: "/r/chapters"), [chapters])

        XCTAssertEqual(table.path(of: chapter), "/r/chapters")
        XCTAssertNil(table.path(of: chapters))
    }

    func testRemovingAFolderKeepsSiblingsWithTheSamePrefix() {
        var table = table()

        XCTAssertEqual(Set(table.removeSubtree(at: "/r/chapter")), [chapter, part])

        XCTAssertEqual(table.path(of: chapters), "/r/chapters")
        XCTAssertEqual(table.count, 2)
    }

    func testANewFolderAtARecordedPathDisplacesTheOldSubtree() {
        var table = table()
        let newChapter = WatchDescriptor(rawValue: 9)

        XCTAssertEqual(Set(table.insert(newChapter, path: "/r/chapter")), [chapter, part])

        XCTAssertEqual(table.descriptor(of: "/r/chapter"), newChapter)
        XCTAssertNil(table.descriptor(of: "/r/chapter/part"))
    }
}
