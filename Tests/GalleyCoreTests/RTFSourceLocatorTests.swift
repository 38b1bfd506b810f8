import XCTest
@testable import GalleyCore

/// The locator finds line breaks with memchr and walks both ways; these compare it with counting from the start.
final class RTFSourceLocatorTests: XCTestCase {
    /// Line and column by scanning from the start: LF, CRLF and a lone CR each end a line.
    private func reference(_ bytes: [UInt8], _ offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for index in 0..<offset {
            let isBreak = bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
            if isBreak {
                line += 1
                lineStart = index + 1
            }
        }
        return SourceLocation(line: line, column: offset - lineStart + 1)
    }

    func testMixedLineBreaksInAnyOrderOfRequests() {
        let source = Array("{\\rtf1\r\nab\rcd\n\n\r\r\nef\\par\r\n\rgh}\r".utf8)
        let offsets = [0, 5, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18, 26, 3, 28, 12, 9, source.count, 1, source.count - 1]
        source.withUnsafeBufferPointer { bytes in
            var locator = RTFSourceLocator(bytes: bytes)
            for offset in offsets {
                XCTAssertEqual(locator.location(of: offset), reference(source, offset), "offset \(offset)")
            }
        }
    }
}
