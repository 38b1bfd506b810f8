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

    /// A locator edited along with its source tells every location and
    /// offset as one made from the edited source does, and counts columns
    /// for its marks only around each edit: long lines (a minified file,
    /// Japanese paragraphs of a data file) keep marks every few hundred bytes.
    func testAnEditedLocatorTellsWhatAFreshOneDoesAndCountsOnlyAroundTheEdit() {
        var random = SeededRandom(seed: 0xC01)
        let pieces = ["a", "ペンギン", "🐧", "\n", "\r\n", "\r", String(repeating: "é", count: 400), ""]
        var edits = 0
        for round in 0..<60 {
            var bytes = Array(
                (0..<(40 + round)).map { line in
                    String(repeating: line % 3 == 0 ? "ペンギン" : "word ", count: (line * 37) % 300) + (line % 5 == 0 ? "\r\n" : "\n")
                }.joined().utf8)
            var locator = SourceLocator(bytes)
            for _ in 0..<12 {
                // At scalars' starts: the text stays valid UTF-8, as an editor's or a parsed file's is.
                func scalarStart(_ offset: Int) -> Int {
                    var offset = offset
                    while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
                    return offset
                }
                let start = scalarStart(Int(random.next() % UInt64(bytes.count + 1)))
                let previousEnd = scalarStart(min(bytes.count, start + Int(random.next() % 40)))
                let inserted = Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8)
                bytes.replaceSubrange(start..<previousEnd, with: inserted)
                let counted = locator.bytesCountedForMarks
                locator = SourceLocator(editing: locator, into: bytes, from: start, previousEnd: previousEnd, end: start + inserted.count)
                edits += 1
                let fresh = SourceLocator(bytes)
                if fresh.bytesCountedForMarks > 0, counted > 0 {
                    XCTAssertLessThanOrEqual(
                        locator.bytesCountedForMarks - counted, 2 * ColumnMarks.spacing + inserted.count,
                        "round \(round): counted beyond the edit")
                }
                for _ in 0..<20 {
                    let offset = Int(random.next() % UInt64(bytes.count + 1))
                    let location = fresh.location(ofOffset: offset)
                    XCTAssertEqual(locator.location(ofOffset: offset), location, "round \(round), offset \(offset)")
                    XCTAssertEqual(locator.offset(of: location), fresh.offset(of: location), "round \(round), \(location)")
                }
            }
        }
        XCTAssertEqual(edits, 720)
    }
}
