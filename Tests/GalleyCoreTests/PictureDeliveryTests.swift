import XCTest

@testable import GalleyCore

final class PictureDeliveryTests: XCTestCase {
    func testWidthsRoundUpToABoundedSetOfBuckets() {
        XCTAssertEqual(PictureDelivery.bucket(1), 64)
        XCTAssertEqual(PictureDelivery.bucket(1074), 1280)
        XCTAssertEqual(PictureDelivery.bucket(1280), 1280)
        XCTAssertEqual(PictureDelivery.bucket(1_000_000), 4096)
        XCTAssertEqual(Set((1...10000).map(PictureDelivery.bucket)).count, PictureDelivery.widthBuckets.count)
    }

    func testWebImagesAreSentAsTheyAreUnlessFarWiderThanShown() {
        XCTAssertEqual(PictureDelivery.plan(format: .jpeg, sourceWidth: 4032, requestedWidth: nil), .original)
        XCTAssertEqual(PictureDelivery.plan(format: .jpeg, sourceWidth: 4032, requestedWidth: 1074), .drawn(width: 1280, enlarge: false))
        XCTAssertEqual(PictureDelivery.plan(format: .png, sourceWidth: 1500, requestedWidth: 1074), .original)
        XCTAssertEqual(PictureDelivery.plan(format: .webp, sourceWidth: nil, requestedWidth: 1074), .original)
        XCTAssertEqual(PictureDelivery.plan(format: .gif, sourceWidth: 4000, requestedWidth: 100), .original)
        XCTAssertEqual(PictureDelivery.plan(format: .svg, sourceWidth: 4000, requestedWidth: 100), .original)
    }

    func testFormatsABrowserCannotShowAreAlwaysDrawn() {
        XCTAssertEqual(PictureDelivery.plan(format: .heif, sourceWidth: 4032, requestedWidth: 1074), .drawn(width: 1280, enlarge: false))
        XCTAssertEqual(PictureDelivery.plan(format: .tiff, sourceWidth: 300, requestedWidth: 1074), .drawn(width: 384, enlarge: false))
        XCTAssertEqual(PictureDelivery.plan(format: .bmp, sourceWidth: 120, requestedWidth: nil), .drawn(width: 128, enlarge: false))
        XCTAssertEqual(PictureDelivery.plan(format: .tiff, sourceWidth: nil, requestedWidth: nil), .drawn(width: 4096, enlarge: false))
        // A PDF page is drawn from its vectors at the width asked, else at twice its points.
        XCTAssertEqual(PictureDelivery.plan(format: .pdf, sourceWidth: 128, requestedWidth: 1074), .drawn(width: 1280, enlarge: true))
        XCTAssertEqual(PictureDelivery.plan(format: .pdf, sourceWidth: 200, requestedWidth: nil), .drawn(width: 512, enlarge: true))
    }

    func testColumnPixelsUseTheSimulatedDevicesScale() {
        XCTAssertEqual(PictureDelivery.columnPixels(deviceWidth: 390), 1074) // (390 − 32) × 3
        XCTAssertEqual(PictureDelivery.columnPixels(deviceWidth: 820), 1576) // (820 − 32) × 2
        // The iPad's width class starts where the asset catalog's does: one rule for both.
        XCTAssertEqual(PictureDelivery.columnPixels(deviceWidth: 650), 1236) // (650 − 32) × 2
    }
}
