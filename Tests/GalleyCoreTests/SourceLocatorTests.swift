import XCTest

@testable import GalleyCore

/// The one line locator against counting from the start, in any order of requests.
final class SourceLocatorTests: XCTestCase {
    /// Line and column by scanning from the start: LF, CRLF and a lone CR each end a line.
    private func reference(_ bytes: [UInt8], _ offset: Int, columns: SourceLocator.Columns) -> SourceLocation {
        var line = 1
        var column = 1
        for index in 0..<offset {
            let isBreak = bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
            if isBreak {
                line += 1
                column = 1
            } else if columns == .bytes || bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }

    func testMixedLineBreaksInAnyOrderOfRequests() {
        let sources = [
            Array("{\\rtf1\r\nab\rcd\n\n\r\r\nef\\par\r\n\rgh}\r".utf8),
            Array("ペン\rギン\r\n🐧é\nx\r".utf8),
            Array("one long line without any break at all, é ü 🐧".utf8),
            [],
        ]
        for source in sources {
            let offsets = [0, 5, 6, 7, 8, 10, 11, 13, 14, 15, 16, 17, 18, 26, 3, 28, 12, 9, source.count, 1, source.count - 1, 2, 4]
                .map { max(0, min($0, source.count)) }
            for columns in [SourceLocator.Columns.bytes, .scalars] {
                var locator = SourceLocator(source, columns: columns)
                for offset in offsets {
                    let expected = reference(source, offset, columns: columns)
                    XCTAssertEqual(locator.location(of: offset), expected, "offset \(offset) of \(source.count), \(columns)")
                    XCTAssertEqual(locator.location(ofOffset: offset), expected)
                }
            }
        }
    }

    func testALoneCarriageReturnEndsALineInJSONToo() {
        let json = Array("{\r\"a\": [1 2]}".utf8)
        guard case .failure(let error) = JSONReader.parse(json) else { return XCTFail("the JSON is malformed") }
        XCTAssertEqual(SourceLocator(json).location(ofOffset: error.offset).line, 2)
    }

    /// The column marks count eight bytes at a time; one at a time is the reference.
    func testLeadBytesCountedEightAtATimeAsOneAtATime() {
        var random = SeededRandom(seed: 27)
        for round in 0..<200 {
            // Mostly UTF-8 lead and continuation bytes, some of every kind.
            let bytes: [UInt8] = (0..<ColumnMarks.spacing).map { _ in
                let value = UInt8.random(in: 0...255, using: &random)
                return round % 2 == 0 ? value : [0x41, 0xE3, 0x83, 0xF0, 0x9F, 0xC3, value][Int.random(in: 0..<7, using: &random)]
            }
            let counted = bytes.withUnsafeBytes { ColumnMarks.leads(in: $0.baseAddress!, count: bytes.count) }
            XCTAssertEqual(counted.scalars, bytes.filter { $0 & 0xC0 != 0x80 }.count)
            XCTAssertEqual(counted.supplementary, bytes.filter { $0 >= 0xF0 }.count)
        }
    }

    /// A locator kept only to be edited, without its source's bytes, still
    /// tells lines and byte columns' offsets as the whole one does.
    func testALocatorWithoutItsSourceStillTellsLines() {
        let bytes = Array("first line\r\nsecond ペンギン line\rthird\nlast".utf8)
        let whole = SourceLocator(bytes, columns: .bytes)
        var detached = whole.withoutSource
        for offset in 0...(bytes.count + 3) {
            XCTAssertEqual(detached.line(ofOffset: offset), whole.line(ofOffset: offset), "offset \(offset)")
            let location = reference(bytes, min(offset, bytes.count), columns: .bytes)
            XCTAssertEqual(detached.offset(of: location), whole.offset(of: location), "offset \(offset)")
        }
        XCTAssertEqual(detached.location(of: 20), SourceLocation(line: 1, column: 1), "it has no bytes to count columns in")
        XCTAssertNil(SourceLocator(bytes).withoutSource.offset(of: SourceLocation(line: 2, column: 3)), "scalar columns need the bytes")
    }
}
