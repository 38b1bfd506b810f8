import Foundation
import XCTest

@testable import GalleyCore

/// Headers built byte by byte, as the formats' specifications lay them out.
enum HeaderFixture {
    static func be(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func le(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func png(width: Int, height: Int, bitDepth: UInt8 = 8, colourType: UInt8 = 2) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8) + be(width, 4) + be(height, 4)
            + [bitDepth, colourType, 0, 0, 0] + be(0, 4)
    }

    /// A baseline JPEG's start of frame: `components` of `precision` bits.
    static func jpeg(width: Int, height: Int, components: UInt8 = 3, precision: UInt8 = 8) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xC0] + be(8 + 3 * Int(components), 2) + [precision] + be(height, 2) + be(width, 2) + [components]
            + Array(repeating: 0, count: 3 * Int(components))
    }

    /// A classic TIFF whose first directory holds width, length and orientation.
    static func tiff(width: Int, height: Int, littleEndian: Bool = true, longWidth: Bool = false, orientation: Int = 1) -> [UInt8] {
        let number = { (value: Int, count: Int) in littleEndian ? le(value, count) : be(value, count) }
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            let field = type == 3 ? number(value, 2) + [0, 0] : number(value, 4)
            return number(tag, 2) + number(type, 2) + number(1, 4) + field
        }
        var bytes = (littleEndian ? Array("II*\0".utf8) : Array("MM\0*".utf8)) + number(8, 4)
        bytes += number(3, 2)
        bytes += entry(256, longWidth ? 4 : 3, width) + entry(257, 4, height) + entry(274, 3, orientation)
        return bytes + number(0, 4)
    }

    static func bmp(width: Int, height: Int) -> [UInt8] {
        Array("BM".utf8) + le(0, 12) + le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(24, 2) + le(0, 24)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be(payload.count + 8, 4) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: Int = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [UInt8(version)] + be(flags, 3) + payload)
    }

    /// A HEIF whose primary item (2) is a grid of 512 × 512 tiles (item 1):
    /// the grid's own `ispe` is the picture's size.
    static func heif(width: Int, height: Int, rotation: Int = 0) -> [UInt8] {
        let ftyp = box("ftyp", Array("heic".utf8) + be(0, 4) + Array("mif1heic".utf8))
        let tile = fullBox("ispe", be(512, 4) + be(512, 4))
        let whole = fullBox("ispe", be(width, 4) + be(height, 4))
        let irot = box("irot", [UInt8(rotation)])
        let ipco = box("ipco", tile + whole + irot)
        // item 1 → property 1; item 2 → properties 2 and 3
        let ipma = fullBox("ipma", be(2, 4) + be(1, 2) + [1, 0x81] + be(2, 2) + [2, 0x02, 0x83])
        let meta = fullBox(
            "meta", fullBox("hdlr", be(0, 4) + Array("pict".utf8) + be(0, 12) + [0]) + fullBox("pitm", be(2, 2)) + box("iprp", ipco + ipma))
        return ftyp + meta
    }

    static func pdf(_ objects: [String]) -> [UInt8] {
        var text = "%PDF-1.7\n"
        for (index, object) in objects.enumerated() { text += "\(index + 1) 0 obj\n\(object)\nendobj\n" }
        return Array((text + "trailer\n<< /Root 1 0 R >>\n%%EOF\n").utf8)
    }
}

final class ImageDimensionsTests: XCTestCase {
    private func size(_ bytes: [UInt8]) -> [Int]? {
        ImageDimensions.read(bytes).map { [$0.width, $0.height] }
    }

    func testWebPInItsThreeEncodings() {
        let lossy =
            Array("RIFF".utf8) + HeaderFixture.le(0, 4) + Array("WEBPVP8 ".utf8) + HeaderFixture.le(0, 4) + [0, 0, 0, 0x9D, 0x01, 0x2A]
            + HeaderFixture.le(640, 2) + HeaderFixture.le(480, 2)
        XCTAssertEqual(size(lossy), [640, 480])
        let bits = (300 - 1) | (200 - 1) << 14
        let lossless =
            Array("RIFF".utf8) + HeaderFixture.le(0, 4) + Array("WEBPVP8L".utf8) + HeaderFixture.le(0, 4) + [0x2F]
            + HeaderFixture.le(bits, 4)
        XCTAssertEqual(size(lossless), [300, 200])
        let extended =
            Array("RIFF".utf8) + HeaderFixture.le(0, 4) + Array("WEBPVP8X".utf8) + HeaderFixture.le(10, 4) + HeaderFixture.le(0, 4)
            + HeaderFixture.le(4031, 3) + HeaderFixture.le(3023, 3)
        XCTAssertEqual(size(extended), [4032, 3024])
    }

    func testTIFFInBothByteOrdersAndUpright() {
        XCTAssertEqual(size(HeaderFixture.tiff(width: 1200, height: 800)), [1200, 800])
        XCTAssertEqual(size(HeaderFixture.tiff(width: 1200, height: 800, littleEndian: false)), [1200, 800])
        XCTAssertEqual(size(HeaderFixture.tiff(width: 70000, height: 800, longWidth: true)), [70000, 800])
        // Orientation 6: stored on its side, shown upright.
        XCTAssertEqual(size(HeaderFixture.tiff(width: 1200, height: 800, orientation: 6)), [800, 1200])
    }

    func testBMPIncludingTopDownRowsAndTheOldHeader() {
        XCTAssertEqual(size(HeaderFixture.bmp(width: 120, height: 80)), [120, 80])
        XCTAssertEqual(size(HeaderFixture.bmp(width: 120, height: -80)), [120, 80])
        let core =
            Array("BM".utf8) + HeaderFixture.le(0, 12) + HeaderFixture.le(12, 4) + HeaderFixture.le(64, 2) + HeaderFixture.le(32, 2)
            + HeaderFixture.le(1, 2) + HeaderFixture.le(24, 2)
        XCTAssertEqual(size(core), [64, 32])
        XCTAssertNil(size(HeaderFixture.bmp(width: -120, height: 80)))
    }

    func testHEIFPrimaryItemSizeNotATile() {
        XCTAssertEqual(ImageDimensions.sniff(HeaderFixture.heif(width: 4032, height: 3024)), .heif)
        XCTAssertEqual(size(HeaderFixture.heif(width: 4032, height: 3024)), [4032, 3024])
        XCTAssertEqual(size(HeaderFixture.heif(width: 4032, height: 3024, rotation: 1)), [3024, 4032])
        XCTAssertEqual(size(HeaderFixture.heif(width: 4032, height: 3024, rotation: 2)), [4032, 3024])
    }

    func testPDFFirstPageBoxInPoints() {
        let plain = HeaderFixture.pdf([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
        ])
        XCTAssertEqual(ImageDimensions.inspect(plain), .success(ImageHeader(format: .pdf, width: 612, height: 792)))
        let inherited = HeaderFixture.pdf([
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /MediaBox [0 0 200.5 100] /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R >>",
        ])
        XCTAssertEqual(size(inherited), [201, 100])
        let cropped = HeaderFixture.pdf(["<< /Type/Page/MediaBox[0 0 612 792]/CropBox[10 10 110 60]/Rotate 90>>"])
        XCTAssertEqual(size(cropped), [50, 100])
        XCTAssertEqual(ImageDimensions.inspect(HeaderFixture.pdf(["<< /Type /Catalog >>"])), .failure(.unreadable(.pdf)))
    }

    func testSVGSizeFromItsRootElement() {
        XCTAssertEqual(
            size(Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"48px\" height='24'>".utf8)), [48, 24])
        XCTAssertEqual(size(Array("<svg viewBox=\"0 0 300.2 150\" width=\"100%\">".utf8)), [301, 150])
        XCTAssertNil(size(Array("<svg width=\"100%\" height=\"100%\">".utf8)))
    }

    func testEveryTruncationOfEveryHeaderIsSafe() {
        let headers = [
            HeaderFixture.png(width: 640, height: 480), HeaderFixture.tiff(width: 1200, height: 800),
            HeaderFixture.tiff(width: 1200, height: 800, littleEndian: false), HeaderFixture.bmp(width: 120, height: 80),
            HeaderFixture.heif(width: 4032, height: 3024), HeaderFixture.pdf(["<< /Type /Page /MediaBox [0 0 612 792] >>"]),
        ]
        for header in headers {
            let whole = size(header)
            XCTAssertNotNil(whole)
            for length in 0..<header.count {
                let cut = size(Array(header.prefix(length)))
                // A prefix either says nothing or already says the whole size.
                XCTAssertTrue(cut == nil || cut == whole, "\(header.prefix(8)) cut at \(length): \(String(describing: cut))")
            }
        }
    }

    func testHostileHeadersAreRefusedWithoutCrashing() {
        // A TIFF whose directory lies past the end, and one that claims 65,535 entries.
        XCTAssertNil(size(Array("II*\0".utf8) + HeaderFixture.le(0x7FFF_FFFF, 4)))
        XCTAssertNil(size(Array("II*\0".utf8) + HeaderFixture.le(8, 4) + HeaderFixture.le(0xFFFF, 2)))
        // HEIF boxes of size 1 (64-bit) claiming exabytes, and boxes of size 0 (to the end).
        let ftyp = HeaderFixture.box("ftyp", Array("heic".utf8) + HeaderFixture.be(0, 4))
        XCTAssertNil(size(ftyp + HeaderFixture.be(1, 4) + Array("meta".utf8) + HeaderFixture.be(Int.max, 8)))
        XCTAssertNil(size(ftyp + HeaderFixture.be(0, 4) + Array("meta".utf8) + HeaderFixture.be(0, 4)))
        // An ipma claiming four billion entries.
        let ipma = HeaderFixture.fullBox("ipma", HeaderFixture.be(0xFFFF_FFFF, 4))
        XCTAssertNil(
            size(
                ftyp
                    + HeaderFixture.fullBox(
                        "meta",
                        HeaderFixture.fullBox("pitm", HeaderFixture.be(1, 2))
                            + HeaderFixture.box("iprp", HeaderFixture.box("ipco", []) + ipma))))
        // A PDF box of absurd numbers, a rotation of 10^31.
        XCTAssertNil(size(HeaderFixture.pdf(["<< /Type /Page /MediaBox [0 0 1e9999 99999999999999999999] >>"])))
        XCTAssertEqual(
            size(HeaderFixture.pdf(["<< /Type /Page /MediaBox [0 0 10 20] /Rotate 9999999999999999999999999999999 >>"])), [10, 20])
        // JPEG segments of length 0 and 1.
        XCTAssertNil(size([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xE0, 0x00, 0x01, 0, 0]))
        XCTAssertEqual(ImageDimensions.inspect(Array("not an image".utf8)), .failure(.unrecognised))
    }

    func testDecompressionBombsAreRefusedFromTheHeader() {
        for bomb in [
            HeaderFixture.png(width: 100_000, height: 100_000), HeaderFixture.tiff(width: 100_000, height: 100_000, longWidth: true),
            HeaderFixture.heif(width: 100_000, height: 100_000), HeaderFixture.png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF),
        ] {
            guard case .failure(let problem) = ImageDimensions.inspect(bomb), case .tooLarge = problem else {
                return XCTFail("a bomb was accepted: \(ImageDimensions.inspect(bomb))")
            }
            XCTAssertTrue(problem.refusesDecoding)
            XCTAssertNil(ImageDimensions.read(bomb))
        }
        XCTAssertNotNil(ImageDimensions.read(HeaderFixture.heif(width: 12000, height: 9000)))
    }

    /// The pictures of the shared corpus: sizes as libvips reports them.
    func testCorpusPDFAndHEICSizes() throws {
        let expected: [(String, [Int])] = [
            ("rtfd/FromAViewToAPicture-ReadMe.rtfd/PlasmaExhibitsApp.pdf", [128, 128]),
            ("rtfd/FromAViewToAPicture-ReadMe.rtfd/Plasma Exhibits I Class Hierarchy.pdf", [1387, 4474]),
            ("xcassets/fluentui-apple/Assets.xcassets/MicrosoftLogo.imageset/msLogo.pdf", [99, 21]),
            ("xcassets/netnewswire/Assets.xcassets/Swipe Images/swipeMarkRead.imageset/checkmark.circle.pdf", [51, 55]),
            ("xcassets/revenuecat-ios/Assets.xcassets/default-paywall.imageset/visual-ob-create-paywall@3x.heic", [268, 300]),
            ("xcassets/revenuecat-ios/Assets.xcassets/noise-pattern.imageset/noise-pattern@2x.heic", [64, 64]),
        ]
        for (path, size) in expected {
            let data = try Data(contentsOf: SharedCorpus.require(path))
            XCTAssertEqual(self.size([UInt8](data)), size, path)
        }
    }
}
