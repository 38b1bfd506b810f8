import XCTest

@testable import GalleyServer

/// A body made from bytes is those bytes: written once, by whoever wrote them.
final class SharedBodyTests: XCTestCase {
    func testABodyKeepsTheBytesItIsGivenRatherThanCopyingThem() {
        let bytes = Array(String(repeating: "{\"html\":\"\\u003cp>penguins\\u003c/p>\"}", count: 1_000).utf8)
        let body = SharedBody(bytes)
        XCTAssertEqual(body.count, bytes.count)
        XCTAssertEqual(body.pointer.baseAddress, bytes.withUnsafeBytes { $0.baseAddress }, "the bytes were copied into the body")
        XCTAssertEqual(body.withUnsafeBytes { Array($0) }, bytes)
    }

    func testABodyOfTextOrOfNothingHoldsItsBytes() {
        XCTAssertEqual(SharedBody("pelican").withUnsafeBytes { Array($0) }, Array("pelican".utf8))
        XCTAssertEqual(SharedBody([]).count, 0)
        XCTAssertEqual(SharedBody([UInt8]("puffin".utf8).dropFirst(3)).withUnsafeBytes { Array($0) }, Array("fin".utf8))
    }
}
