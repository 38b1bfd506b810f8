import Foundation
import XCTest
@testable import GalleyCore

/// Readers share idle iconv converters through `RTFConverterPool`; these check that sharing changes nothing.
final class RTFConverterPoolTests: XCTestCase {
    private typealias Support = RTFTestSupport

    func testReadersInParallelDecodeAsOneReaderAlone() throws {
        let expected = Support.plainText(try Support.readFixture("encodings.rtf").document)
        let pool = RTFConverterPool()
        let results = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let text = (try? Support.readFixture("encodings.rtf", converters: pool)).map { Support.plainText($0.document) } ?? "unreadable"
            results.withLock { $0.append(text) }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: expected, count: 64))
    }

    func testAConverterLeftInAShiftStateIsResetForTheNextReader() {
        // ISO-2022-JP switches to JIS X 0208 with ESC $ B; this document ends without switching back.
        let pool = RTFConverterPool()
        let shifted = Support.read("{\\rtf1\\ansi\\ansicpg50220 \\'1b$B$\"}", converters: pool)
        let plain = Support.read("{\\rtf1\\ansi\\ansicpg50220 AB}", converters: pool)
        XCTAssertTrue(shifted.diagnostics.isEmpty)
        XCTAssertEqual(Support.plainText(plain.document), "AB")
    }
}
