import XCTest

@testable import GalleyCore

/// The core's byte searches and comparisons find what a byte-by-byte loop
/// finds, at every alignment and for every byte value.
final class ByteScanTests: XCTestCase {
    func testEveryOccurrenceOfAByteIsFound() {
        var random = SeededRandom(seed: 23)
        for _ in 0..<2_000 {
            let wanted = UInt8.random(in: 0...255, using: &random)
            // Mostly other bytes next to the wanted one (its neighbours and its high bit flipped), some of it.
            let others = [wanted &+ 1, wanted &- 1, wanted ^ 0x80, 0, 0xFF]
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in
                Int.random(in: 0..<40, using: &random) == 0 ? wanted : others[Int.random(in: 0..<others.count, using: &random)]
            }
            let expected = bytes.indices.filter { bytes[$0] == wanted }
            bytes.withUnsafeBytes { buffer in
                XCTAssertEqual(ByteScan.offsets(of: wanted, in: buffer), expected)
                let start = Int.random(in: 0...bytes.count, using: &random)
                XCTAssertEqual(ByteScan.firstIndex(of: wanted, in: buffer, from: start), expected.first { $0 >= start })
            }
        }
    }

    func testEqualBytesAreEqualAndOneDifferenceAnywhereIsSeen() {
        var random = SeededRandom(seed: 29)
        for count in 1..<200 {
            let first = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            var second = first
            first.withUnsafeBytes { a in
                second.withUnsafeBytes { b in
                    guard let a = a.baseAddress, let b = b.baseAddress else { return XCTFail("no storage") }
                    XCTAssertTrue(ByteScan.equal(a, b, count: count))
                    XCTAssertEqual(ByteScan.commonPrefix(a, b, count: count), count)
                }
            }
            let changed = Int.random(in: 0..<count, using: &random)
            second[changed] ^= UInt8.random(in: 1...255, using: &random)
            first.withUnsafeBytes { a in
                second.withUnsafeBytes { b in
                    guard let a = a.baseAddress, let b = b.baseAddress else { return XCTFail("no storage") }
                    XCTAssertFalse(ByteScan.equal(a, b, count: count))
                    XCTAssertEqual(ByteScan.commonPrefix(a, b, count: count), changed)
                    XCTAssertEqual(ByteScan.commonSuffix(a + count, b + count, count: count), count - 1 - changed)
                }
            }
        }
    }
}
