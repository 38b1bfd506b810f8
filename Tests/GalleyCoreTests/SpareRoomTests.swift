import XCTest

@testable import GalleyCore

final class SpareRoomTests: XCTestCase {
    func testAGrownArrayIsCopiedIntoRoomOfItsSize() {
        var grown: [Int] = []
        for value in 0..<1_025 { grown.append(value) }
        XCTAssertGreaterThan(grown.capacity, 1_025 + 1_025 / 16, "grown by doubling")
        let kept = grown.withoutSpareRoom
        XCTAssertEqual(kept, grown)
        XCTAssertLessThanOrEqual(kept.capacity, 1_025 + 1_025 / 16)
        XCTAssertEqual([Int]().withoutSpareRoom.capacity, 0)
    }

    func testAnArrayAtItsSizeIsNotCopied() {
        let exact = [UInt8](repeating: 7, count: 4_096)
        let kept = exact.withoutSpareRoom
        let same = exact.withUnsafeBufferPointer { mine in kept.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
        XCTAssertTrue(same, "the same storage, not a copy")
    }
}
