import XCTest

@testable import GalleyCore

/// Positions on very long lines (minified JSON, one-line property lists, an
/// editor's one-line buffer): the same answers as counting from the start,
/// and work that grows with the input, not with its square.
final class LongLineTests: XCTestCase {
    /// Line and column by scanning from the start, columns in `unit`.
    private func reference(_ bytes: [UInt8], _ offset: Int, _ unit: ColumnUnit) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        for index in 0..<offset {
            let isBreak = bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
            if isBreak {
                line += 1
                column = 0
            } else if unit == .bytes || unit == .utf8 || bytes[index] & 0xC0 != 0x80 {
                column += unit == .utf16 && bytes[index] >= 0xF0 ? 2 : 1
            }
        }
        return (line, column)
    }

    /// Long and short lines of ASCII, Japanese and emoji, with every kind of line break.
    private func source(_ random: inout SeededRandom) -> String {
        let pieces = ["a", "bc ", "é", "ペン", "🐧", "\"x\", ", "\n", "\r\n", "\r"]
        var text = ""
        for _ in 0..<6 {
            let length = [3, 40, 700, 3_000][Int.random(in: 0..<4, using: &random)]
            for _ in 0..<length { text += pieces[Int.random(in: 0..<6, using: &random)] }
            text += pieces[Int.random(in: 6..<9, using: &random)]
        }
        return text
    }

    /// Offsets at the start of scalars, in random order.
    private func scalarStarts(_ bytes: [UInt8], _ count: Int, _ random: inout SeededRandom) -> [Int] {
        let starts = (0...bytes.count).filter { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }
        return (0..<count).map { _ in starts[Int.random(in: 0..<starts.count, using: &random)] }
    }

    func testTheLocatorAgreesWithCountingFromTheStart() {
        var random = SeededRandom(seed: 22)
        for _ in 0..<4 {
            let bytes = Array(source(&random).utf8)
            var locator = SourceLocator(bytes)
            var byteLocator = SourceLocator(bytes, columns: .bytes)
            for offset in scalarStarts(bytes, 300, &random) {
                let expected = reference(bytes, offset, .scalars)
                let location = SourceLocation(line: expected.line + 1, column: expected.column + 1)
                XCTAssertEqual(locator.location(ofOffset: offset), location, "offset \(offset)")
                XCTAssertEqual(locator.location(of: offset), location, "offset \(offset), remembered")
                XCTAssertEqual(locator.offset(of: location), offset)
                let bytewise = reference(bytes, offset, .bytes)
                XCTAssertEqual(byteLocator.location(of: offset), SourceLocation(line: bytewise.line + 1, column: bytewise.column + 1))
            }
        }
    }

    func testAnEditedLocatorAgreesWithAFreshOne() {
        var random = SeededRandom(seed: 23)
        let bytes = Array(source(&random).utf8)
        var edited = bytes
        let start = bytes.count / 3
        edited.replaceSubrange(start..<(start + 10), with: Array("🐧\r\nペン".utf8) + Array(repeating: UInt8(ascii: "z"), count: 1_500))
        let locator = SourceLocator(
            editing: SourceLocator(bytes), into: edited, from: start, previousEnd: start + 10,
            end: edited.count - (bytes.count - start - 10))
        let fresh = SourceLocator(edited)
        for offset in scalarStarts(edited, 300, &random) {
            XCTAssertEqual(locator.location(ofOffset: offset), fresh.location(ofOffset: offset), "offset \(offset)")
        }
    }

    func testEditorPositionsAgreeWithCountingFromTheStartInEveryEncoding() {
        var random = SeededRandom(seed: 9)
        var document = OpenTextDocument(text: source(&random), version: 1)
        for round in 0..<12 {
            let bytes = document.bytes
            for offset in scalarStarts(bytes, 120, &random) {
                for encoding in PositionEncoding.allCases {
                    let expected = reference(bytes, offset, encoding.unit)
                    let position = TextPosition(line: expected.line, character: expected.column)
                    XCTAssertEqual(
                        document.position(ofOffset: offset, encoding: encoding), position, "round \(round), offset \(offset), \(encoding)")
                    XCTAssertEqual(document.offset(of: position, encoding: encoding), offset, "round \(round), \(position), \(encoding)")
                }
                let location = document.location(ofOffset: offset)
                XCTAssertEqual(document.offset(of: location), offset)
            }
            // An edit somewhere, then the same answers as a document opened with the new text.
            let ends = scalarStarts(bytes, 2, &random).sorted()
            let range = TextRange(
                start: document.position(ofOffset: ends[0], encoding: .utf16), end: document.position(ofOffset: ends[1], encoding: .utf16))
            document.replace(range, with: source(&random).prefix(round * 300).description, encoding: .utf16)
            let fresh = OpenTextDocument(text: document.text, version: 1)
            XCTAssertEqual(document.lineCount, fresh.lineCount)
            for offset in scalarStarts(document.bytes, 40, &random) {
                XCTAssertEqual(document.position(ofOffset: offset, encoding: .utf16), fresh.position(ofOffset: offset, encoding: .utf16))
            }
        }
    }

    // MARK: Work, counted

    /// A data file whose `count` strings are all on one line.
    private func oneLineJSON(_ count: Int) -> [UInt8] {
        let strings = (0..<count).map { #""<caption>ペンギン \#($0)</caption>""# }.joined(separator: ",")
        return Array(#"[{"name": "Penguins", "detailText": [\#(strings)]}]"#.utf8)
    }

    func testAOneLineJSONFileIsLocatedInLinearWork() {
        let reading = LinearWork.read(size: 4_000, oneLineJSON) { bytes, work in
            DataFileReader(schema: .seed, path: "one-line.json", work: work).read(bytes)
        }
        guard case .items(let items, _) = reading else { return XCTFail("not items") }
        let blocks = items[0].document.blocks
        XCTAssertEqual(blocks.count, 4_000)
        let line = String(decoding: oneLineJSON(4_000), as: UTF8.self)
        let lastColumn = line.unicodeScalars.count - #""<caption>ペンギン 3999</caption>"]}]"#.unicodeScalars.count + 1
        XCTAssertEqual(blocks.last?.location, SourceLocation(line: 1, column: lastColumn))
    }

    func testAOneLineXMLPropertyListIsLocatedInLinearWork() {
        func plist(_ count: Int) -> [UInt8] {
            let strings = (0..<count).map { "<string>&lt;caption&gt;ペンギン \($0)&lt;/caption&gt;</string>" }.joined()
            return Array(
                (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><array><dict><key>name</key><string>Penguins</string>"#
                    + #"<key>detailText</key><array>\#(strings)</array></dict></array></plist>"#)
                    .utf8)
        }
        let reading = LinearWork.read(size: 4_000, plist) { bytes, work in
            DataFileReader(schema: .seed, path: "one-line.plist", syntax: .propertyList, work: work).read(bytes)
        }
        guard case .items(let items, _) = reading else { return XCTFail("not items") }
        XCTAssertEqual(items[0].document.blocks.count, 4_000)
        XCTAssertEqual(items[0].document.blocks.last?.location.line, 1)
    }

    func testAnEditorsOneLineBufferIsConvertedInLinearWork() {
        // What the language server does for each diagnostic: Galley's location
        // to a byte offset, and that offset to the editor's position, both ways.
        let text = LinearWork.read(size: 4_000, oneLineJSON) { bytes, work -> OpenTextDocument in
            let document = OpenTextDocument(text: String(decoding: bytes, as: UTF8.self), version: 1)
            var locator = SourceLocator(bytes)
            var index = 0
            while let quote = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                let offset = document.offset(of: locator.location(of: quote), work: work)
                let position = document.position(ofOffset: offset, encoding: .utf16, work: work)
                _ = document.offset(of: position, encoding: .utf16, work: work)
                index = quote + 1
            }
            return document
        }
        XCTAssertEqual(text.lineCount, 1)
    }
}
