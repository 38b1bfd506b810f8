import XCTest

@testable import GalleyCore

/// The sRGB curve and the grey ramp are one rule: what the page draws for a
/// colour (`css`) and what the contrast check measures of it agree, in range
/// and out of it.
final class SRGBTransferCurveTests: XCTestCase {
    func testTheCurveRoundTripsAndClipsOutsideItsRange() {
        for step in 0...20 {
            let value = Double(step) / 20
            XCTAssertEqual(SRGBTransferCurve.encoded(fromLinear: SRGBTransferCurve.linear(fromEncoded: value)), value, accuracy: 1e-9)
        }
        XCTAssertEqual(SRGBTransferCurve.encoded(fromLinear: 2.4), 1, accuracy: 1e-12)
        XCTAssertEqual(SRGBTransferCurve.encoded(fromLinear: -0.3), 0)
        XCTAssertEqual(SRGBTransferCurve.linear(fromEncoded: 1.2), 1)
        XCTAssertEqual(SRGBTransferCurve.linear(fromGrayGamma22: 1.3), 1)
        XCTAssertEqual(SRGBTransferCurve.linear(fromGrayGamma22: -0.5), 0)
    }

    /// `gray-gamma-22` 0.5 is linear light 0.5^2.2 = 0.2176, which sRGB encodes as 0.5039: byte 128.
    func testAGreyIsDrawnAndMeasuredAtTheSameLevel() {
        let grey = CatalogColor(white: 0.5, alpha: 1)
        XCTAssertEqual(grey.css, "rgb(128 128 128 / 1)")
        XCTAssertEqual(ContrastRatio.luminance(grey), 0.217_637_6, accuracy: 1e-6)
        XCTAssertEqual(grey.encodedSRGB.red, 0.503_866_8, accuracy: 1e-6)
    }

    /// Extended spaces hold values beyond 0...1; a display shows them clipped,
    /// so the page's byte and the measured luminance are those of the clipped colour.
    func testExtendedValuesAreClippedAlikeByThePageAndTheContrastCheck() {
        let white = CatalogColor(red: 1, green: 1, blue: 1)
        let black = CatalogColor(red: 0, green: 0, blue: 0)
        let brighterThanWhite: [CatalogColor] = [
            CatalogColor(white: 1.3, alpha: 1, space: .extendedGray),
            CatalogColor(space: .extendedLinearSRGB, red: 1.5, green: 1.5, blue: 1.5),
            CatalogColor(space: .extendedSRGB, red: 1.2, green: 1.2, blue: 1.2),
        ]
        for color in brighterThanWhite {
            XCTAssertEqual(ContrastRatio.luminance(color), 1, accuracy: 1e-9, "\(color.space)")
            XCTAssertEqual(ContrastRatio.of(black, on: color), 21, accuracy: 1e-9, "\(color.space)")
            XCTAssertEqual(color.encodedSRGB.red, 1, accuracy: 1e-12, "\(color.space)")
        }
        XCTAssertEqual(CatalogColor(white: 1.3, alpha: 1, space: .extendedGray).css, "rgb(255 255 255 / 1)")
        // Below black: unclipped, linear light -0.2 gave a luminance below
        // zero and a ratio on white below 1 (a negative one under -0.05).
        let blackerThanBlack = CatalogColor(space: .extendedLinearSRGB, red: -0.2, green: -0.2, blue: -0.2)
        XCTAssertEqual(ContrastRatio.luminance(blackerThanBlack), 0)
        XCTAssertEqual(ContrastRatio.of(blackerThanBlack, on: white), 21, accuracy: 1e-9)
        // Half of a brighter-than-white grey over black blends as half of white.
        let halfBright = CatalogColor(white: 1.3, alpha: 0.5, space: .extendedGray)
        XCTAssertEqual(ContrastRatio.blended(halfBright, over: black).red, 0.5, accuracy: 1e-9)
    }
}
