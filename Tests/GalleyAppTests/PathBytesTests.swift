import GalleyCore
import GalleySystem
import GalleyWatcher
import XCTest

@testable import GalleyApp

/// The product's path rules split and compare bytes, so a combining mark after `/` (U+0619, U+0301) can neither
/// hide a `..` nor turn a path inside the folder into one outside it.
final class PathBytesTests: XCTestCase {
    func testADotDotFollowedByACombiningMarkIsStillASegment() {
        for mark in ["\u{619}", "\u{301}"] {
            XCTAssertFalse(SafePath.isClean("../\(mark)x.png"), mark)
            XCTAssertFalse(SafePath.isClean("a/../../\(mark)x.png"), mark)
            XCTAssertFalse(SafePath.isClean("/\(mark)x.png"), mark)
            XCTAssertTrue(SafePath.isClean("a/\(mark)x.png"), mark)
            XCTAssertNil(RelativePath.joined("a", "../../\(mark)x.png"), mark)
            XCTAssertEqual(RelativePath.joined("a", "../b/\(mark)x.png"), "b/\(mark)x.png")
            XCTAssertNil(RelativePath.joined("", "/\(mark)x.png"), mark)
        }
    }

    func testRelativePathsAndFoldersAfterACombiningMark() {
        XCTAssertEqual(ContentPath.relative("/root/\u{619}a.json", to: "/root"), "\u{619}a.json")
        XCTAssertNil(ContentPath.relative("/root/cafe\u{301}/a.json", to: "/root/café"))
        XCTAssertEqual(RelativePath.folder(of: "a/\u{301}b/c.json"), "a/\u{301}b")
        XCTAssertEqual(FilePath.parent(of: "/a/\u{619}b"), "/a")
        if case .content(let file) = ContentPath.role(of: "Book.rtfd/\u{619}pic.png") {
            XCTAssertEqual(file.path, "Book.rtfd")
        } else {
            XCTFail("a file in an RTFD bundle whose name starts with a combining mark belongs to the bundle")
        }
        XCTAssertTrue(EditorTemporaryFiles.isTemporary(name: ".\u{301}hidden"))
    }
}
