import GalleyCore
import XCTest

/// Paths and URL prefixes compare bytes: a combining mark after `/` (U+0619, or U+0301 the acute accent)
/// joins the slash into one grapheme cluster, which Swift's `hasPrefix` and `split` would not see as `/`.
final class ByteWiseTextTests: XCTestCase {
    func testCombiningMarkAfterASlashKeepsThePrefix() {
        for mark in ["\u{619}", "\u{301}"] {
            let url = "/file/\(mark)x.png"
            XCTAssertFalse(url.hasPrefix("/file/"), "the grapheme-wise comparison this replaces")
            XCTAssertTrue(url.hasBytePrefix("/file/"))
            XCTAssertEqual(url.removingBytePrefix("/file/"), "\(mark)x.png")
            XCTAssertNil(url.removingBytePrefix("/asset/"))
        }
    }

    func testSuffixesAndEqualityDoNotNormalise() {
        XCTAssertTrue("a/b~".hasByteSuffix("~"))
        XCTAssertFalse("a/b~\u{301}".hasByteSuffix("~"))
        XCTAssertEqual("folder/\u{619}".removingByteSuffix("/\u{619}"), "folder")
        XCTAssertEqual("café", "cafe\u{301}", "Swift's == treats these names of two different files as one")
        XCTAssertFalse("/content/café".isByteEqual(to: "/content/cafe\u{301}"))
        XCTAssertFalse("/content/cafe\u{301}/secret".hasBytePrefix("/content/café/"))
        XCTAssertTrue("/content/café".isByteEqual(to: "/content/caf\u{E9}"))
    }

    func testSlashSeparatedPartsSplitAtEverySlashByte() {
        XCTAssertEqual("../\u{619}x".split(separator: "/").count, 1, "the grapheme-wise split this replaces")
        XCTAssertEqual("../\u{619}x".slashSeparatedParts, ["..", "\u{619}x"])
        XCTAssertEqual("/a//\u{301}b/".slashSeparatedParts, ["a", "\u{301}b"])
        XCTAssertEqual("".slashSeparatedParts, [])
    }

    func testLastSlashSeparatedPartIsTheLastOfTheParts() {
        for path in ["../\u{619}x", "/a//\u{301}b/", "", "/", "//", "name", "a/b.json", "part000/article00000.json//"] {
            XCTAssertEqual(path.lastSlashSeparatedPart, path.slashSeparatedParts.last, path)
        }
    }
}
