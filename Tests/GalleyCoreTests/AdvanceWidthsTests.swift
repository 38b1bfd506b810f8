import Foundation
import GalleyCore
import XCTest

/// Advance widths read from real faces on this machine: Liberation Serif
/// (Baskerville's stand-in here, `cmap` format 4) has Times New Roman's
/// widths, and Noto Sans CJK (Hiragino Sans's, a collection with format 12)
/// has square ideographs.
final class AdvanceWidthsTests: XCTestCase {
    static let liberationSerif = "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"
    static let notoSansCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    static func bytes(_ path: String) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("\(path) is not installed") }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testLiberationSerifHasTimesNewRomansWidths() throws {
        let bytes = try Self.bytes(Self.liberationSerif)
        let widths = try XCTUnwrap(AdvanceWidths.read(bytes))
        // 512, 909, 1821 and 2048 of 2048 units, as Times New Roman's hmtx has them.
        XCTAssertEqual(widths.advance(of: " "), 0.25)
        XCTAssertEqual(widths.advance(of: "a"), 909.0 / 2048)
        XCTAssertEqual(widths.advance(of: "M"), 1821.0 / 2048)
        XCTAssertEqual(widths.advance(of: "é"), 909.0 / 2048)
        XCTAssertEqual(widths.advance(of: "—"), 1)
        XCTAssertNil(widths.advance(of: "あ"), "a Latin face has no kana: the browser takes them from the next face")
        // Damaged files read as nothing, never out of bounds.
        for length in [0, 12, 100, 1000, bytes.count / 3] {
            _ = AdvanceWidths.read(Array(bytes.prefix(length)))
        }
        XCTAssertNil(AdvanceWidths.read(Array("not a font".utf8)))
    }

    func testTheMeasureTakesWhatTheFaceLacksFromTheFallback() throws {
        let serif = try XCTUnwrap(AdvanceWidths.read(try Self.bytes(Self.liberationSerif)))
        let cjk = try XCTUnwrap(AdvanceWidths.read(try Self.bytes(Self.notoSansCJK), faceIndex: 0))
        XCTAssertEqual(cjk.advance(of: "あ"), 1)
        XCTAssertEqual(cjk.advance(of: "\u{20B9F}"), 1, "a supplementary-plane ideograph, mapped only by format 12")
        let measure = TextMeasure(widths: serif, fallback: cjk)
        XCTAssertEqual(measure.advance(of: "a", size: 20), 909.0 / 2048 * 20, accuracy: 1e-9)
        XCTAssertEqual(measure.advance(of: "あ", size: 10), 10, accuracy: 1e-9)
        XCTAssertEqual(TextMeasure(widths: serif).advance(of: "あ", size: 10), 10, accuracy: 1e-9, "neither face: an ideograph's em")
        // A stand-in drawn narrower (`size-adjust`) is measured narrower.
        XCTAssertEqual(TextMeasure(widths: serif, scale: 0.5).advance(of: "M", size: 20), 1821.0 / 2048 * 10, accuracy: 1e-9)
    }
}
