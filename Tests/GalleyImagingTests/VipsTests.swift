import Foundation
import GalleyCore
import XCTest

@testable import GalleyImaging

/// The small pictures in Fixtures/ (see its README for how they were made).
enum Fixture {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return [UInt8](try Data(contentsOf: url))
    }
}

final class VipsTests: XCTestCase {
    func testDrawsEachFormatABrowserCannotShowAtTheAskedWidth() throws {
        for name in ["red-120x80.tiff", "red-120x80.heic", "red-120x80.bmp"] {
            let drawn = try Vips.draw(Fixture.bytes(name), width: 60, enlarge: false, preferPNG: false).get()
            XCTAssertEqual([drawn.width, drawn.height], [60, 40], name)
            XCTAssertEqual(drawn.mimeType, "image/jpeg", name)
            XCTAssertEqual(Array(drawn.bytes.prefix(2)), [0xFF, 0xD8], name)
            XCTAssertEqual(ImageDimensions.read(drawn.bytes).map { [$0.width, $0.height] }, [60, 40], name)
        }
    }

    func testRasterIsNeverEnlarged() throws {
        let drawn = try Vips.draw(Fixture.bytes("red-120x80.tiff"), width: 1024, enlarge: false, preferPNG: false).get()
        XCTAssertEqual([drawn.width, drawn.height], [120, 80])
    }

    func testPDFPageIsRasterisedAtTheWidthItIsShown() throws {
        // 200 pt shown 200 pt wide on a 3x screen: 600 pixels, drawn from the vectors.
        let drawn = try Vips.draw(Fixture.bytes("red-200x100pt.pdf"), width: 600, enlarge: true, preferPNG: true).get()
        XCTAssertEqual([drawn.width, drawn.height], [600, 300])
        XCTAssertEqual(drawn.mimeType, "image/png")
        XCTAssertEqual(ImageDimensions.read(drawn.bytes).map { [$0.width, $0.height] }, [600, 300])
    }

    func testTruncatedAndCorruptFilesFailWithAReason() throws {
        for name in ["red-120x80.tiff", "red-120x80.heic", "red-200x100pt.pdf", "red-120x80.bmp"] {
            let whole = try Fixture.bytes(name)
            for damaged in [Array(whole.prefix(whole.count / 3)), Array(whole.prefix(16)), whole.map { $0 ^ 0x5A }] {
                guard case .failure(let failure) = Vips.draw(damaged, width: 60, enlarge: name.hasSuffix(".pdf"), preferPNG: false) else {
                    // Some formats survive a cut in the pixel data; then the picture must still be a picture.
                    continue
                }
                XCTAssertFalse(failure.description.isEmpty, name)
            }
            let cut = Array(whole.prefix(24))
            guard case .failure = Vips.draw(cut, width: 60, enlarge: false, preferPNG: false) else {
                return XCTFail("\(name): 24 bytes of it drew a picture")
            }
        }
    }

    func testLibvipsOwnReadingOfTheHeaderMustFitWhatWasReserved() {
        // 6,000² of 16-bit RGBA: 288 MB by libvips's own header reading, more than the 100 MB allowed here.
        let header = Bomb.header(width: 6000, height: 6000, bitDepth: 16, colourType: 6)
        guard case .failure(let failure) = Vips.draw(header, width: 512, enlarge: false, preferPNG: false, decodedBytesAtMost: 100 << 20)
        else {
            return XCTFail("drawn beyond its reservation")
        }
        XCTAssertEqual(failure, .overDecodeBudget(bytes: 6000 * 6000 * 8))
    }

    func testABombIsNotDrawn() throws {
        guard case .failure = Vips.draw(Bomb.png, width: 512, enlarge: false, preferPNG: false) else {
            return XCTFail("a bomb was drawn")
        }
    }
}

/// PNG headers with no pixels after them.
enum Bomb {
    /// One claiming 100,000 × 100,000 pixels.
    static let png = header(width: 100_000, height: 100_000, bitDepth: 8, colourType: 2)

    /// IHDR, an IDAT of nothing and IEND, with correct CRCs (libvips checks them).
    static func header(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8) -> [UInt8] {
        let ihdr = big(width) + big(height) + [bitDepth, colourType, 0, 0, 0]
        let emptyZlibStream: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", emptyZlibStream) + chunk("IEND", [])
    }

    private static func big(_ value: Int) -> [UInt8] {
        (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return big(body.count) + typed + big(Int(~crc))
    }
}
