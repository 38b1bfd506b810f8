import XCTest

@testable import GalleyCore

/// The memory a picture needs is read from its header: bands and bit depth
/// count, not only pixels.
final class DecodeCostTests: XCTestCase {
    private func cost(_ bytes: [UInt8], width: Int = 512) throws -> Int {
        let header = try ImageDimensions.inspect(bytes).get()
        return DecodeCost.bytes(of: header, drawnWidth: width, maximumHeight: 4096)
    }

    func testSixteenBitRGBAIsEightBytesAPixel() throws {
        // 144 megapixels passes the pixel limit, but takes 1.1 GB decoded.
        let bomb = HeaderFixture.png(width: 12_000, height: 12_000, bitDepth: 16, colourType: 6)
        XCTAssertEqual(try cost(bomb), 12_000 * 12_000 * 8)
        XCTAssertGreaterThan(try cost(bomb), DecodeCost.budgetBytes)
        let refusal = DecodeCost.refusal(bytes: try cost(bomb))
        XCTAssertEqual(refusal, "decoding it takes 1099 MB of memory, more than Galley gives pictures (at most 512 MB)")
        // The same pixels in 8-bit grey (with room for a transparent colour's alpha) take a quarter.
        XCTAssertEqual(try cost(HeaderFixture.png(width: 12_000, height: 12_000, bitDepth: 8, colourType: 0)), 12_000 * 12_000 * 2)
        XCTAssertEqual(try cost(HeaderFixture.png(width: 100, height: 10, bitDepth: 16, colourType: 2)), 100 * 10 * 4 * 2)
    }

    func testACameraPhotoFitsTheBudget() throws {
        // 100 megapixels of 8-bit RGB: 300 MB, drawn.
        let photo = HeaderFixture.jpeg(width: 11_648, height: 8_736)
        XCTAssertEqual(try cost(photo), 11_648 * 8_736 * 3)
        XCTAssertLessThanOrEqual(try cost(photo), DecodeCost.budgetBytes)
        XCTAssertEqual(try cost(HeaderFixture.jpeg(width: 100, height: 100, components: 4)), 100 * 100 * 4)
    }

    func testTIFFSamplesAndBitsComeFromItsDirectory() throws {
        // Three 16-bit samples, their bits stored apart from the entry (three SHORTs do not fit in it).
        var tiff = Array("II*\0".utf8) + HeaderFixture.le(8, 4) + HeaderFixture.le(4, 2)
        let arrayOffset = 8 + 2 + 4 * 12 + 4
        for (tag, type, count, value) in [(256, 4, 1, 6000), (257, 4, 1, 4000), (258, 3, 3, arrayOffset), (277, 3, 1, 3)] {
            tiff += HeaderFixture.le(tag, 2) + HeaderFixture.le(type, 2) + HeaderFixture.le(count, 4) + HeaderFixture.le(value, 4)
        }
        tiff += HeaderFixture.le(0, 4) + HeaderFixture.le(16, 2) + HeaderFixture.le(16, 2) + HeaderFixture.le(16, 2)
        XCTAssertEqual(try cost(tiff), 6000 * 4000 * 3 * 2)
        XCTAssertEqual(try cost(HeaderFixture.tiff(width: 100, height: 50)), 100 * 50)
    }

    func testFormatsWithoutLayoutCountTheMostTheirDecodersHold() throws {
        XCTAssertEqual(try cost(HeaderFixture.heif(width: 4032, height: 3024)), 4032 * 3024 * 8)
        XCTAssertEqual(try cost(HeaderFixture.bmp(width: 120, height: 80)), 120 * 80 * 8)
    }

    func testVectorsCostThePictureTheyAreDrawnInto() throws {
        let page = HeaderFixture.pdf(["<< /Type /Page /MediaBox [0 0 612 792] >>"])
        XCTAssertEqual(try cost(page, width: 512), 512 * (512 * 792 / 612) * 4)
        // However tall the page, the picture stops at the maximum height.
        let strip = HeaderFixture.pdf(["<< /Type /Page /MediaBox [0 0 10 100000] >>"])
        XCTAssertEqual(try cost(strip, width: 512), 512 * 4096 * 4)
    }
}
