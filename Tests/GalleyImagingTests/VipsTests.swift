import GalleyCore
import XCTest

@testable import GalleyImaging

final class VipsTests: XCTestCase {
    func testStarts() {
        XCTAssertTrue(Vips.isAvailable)
    }
}
