import XCTest

@testable import GalleyCore

final class SpareRoomTests: XCTestCase {
    func testAGrownArrayIsCopiedIntoRoomOfItsSize() {
        // Room to spare of a size the allocator cannot change: appending alone once left this array with 1,031
        // places (a CI run), and how much room growing leaves is the allocator's to decide.
        var grown: [Int] = []
        grown.reserveCapacity(2_048)
        grown.append(contentsOf: 0..<1_025)
        XCTAssertGreaterThan(grown.capacity, 1_025 + 1_025 / 16, "room to spare")
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
