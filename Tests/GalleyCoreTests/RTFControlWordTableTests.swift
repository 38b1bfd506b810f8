import XCTest

@testable import GalleyCore

/// The control word table is a hand-made hash table; these check it finds every name and nothing else.
final class RTFControlWordTableTests: XCTestCase {
    private func lookUp(_ name: String) -> RTFControlWord? {
        let utf8 = Array(name.utf8)
        return utf8.withUnsafeBufferPointer { RTFControlWordTable.shared.lookUp($0, 0..<utf8.count) }
    }

    func testEveryWordIsFound() {
        for word in RTFControlWord.allCases where word != .skippedDestination {
            XCTAssertEqual(lookUp(String(describing: word)), word, "\(word)")
        }
        for name in RTFControlWord.skippedDestinationNames {
            XCTAssertEqual(lookUp(name), .skippedDestination, name)
        }
    }

    func testNamesItDoesNotKnowAreNotFound() {
        for name in [
            "", "pardirnatural", "partightenfactor", "bb", "pa", "parx", "fonttblx", "colorschememappingx",
            String(repeating: "a", count: 40), "PAR", "U",
        ] {
            XCTAssertNil(lookUp(name), name)
        }
    }

    func testANameInsideLongerSourceIsFoundByItsRange() {
        let source = Array("\\pard\\par".utf8)
        source.withUnsafeBufferPointer { bytes in
            XCTAssertEqual(RTFControlWordTable.shared.lookUp(bytes, 1..<5), .pard)
            XCTAssertEqual(RTFControlWordTable.shared.lookUp(bytes, 6..<9), .par)
        }
    }
}
