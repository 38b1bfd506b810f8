import Foundation
import GalleyTestSupport
import XCTest

@testable import GalleyCore

final class StringsFileReaderTests: XCTestCase {
    private func read(_ text: String) -> (table: StringsTable, diagnostics: [Diagnostic]) {
        StringsFileReader.read(Array(text.utf8), path: "en.lproj/Localizable.strings")
    }

    func testEntriesWithTheirPositions() throws {
        let url = GoldenFile.folder.appendingPathComponent("strings/Localizable.strings")
        let result = StringsFileReader.read(try [UInt8](Data(contentsOf: url)), path: "en.lproj/Localizable.strings")
        XCTAssertEqual(result.diagnostics, [])
        XCTAssertEqual(result.table.entries.map(\.key), ["title-HelpView", "welcome", "count-birds", "café", "key-only"])
        XCTAssertEqual(
            result.table.entries.map(\.value),
            ["Help", "Hello,\n\"friend\"", "%d birds seen by %@", "Café \u{e9}t\u{c3}\u{a9}", "key-only"])
        XCTAssertEqual(
            result.table.entries.map(\.location),
            [
                SourceLocation(line: 2, column: 1), SourceLocation(line: 5, column: 1), SourceLocation(line: 6, column: 1),
                SourceLocation(line: 7, column: 1), SourceLocation(line: 8, column: 1),
            ])
        XCTAssertEqual(result.table.entry(forKey: "title-HelpView")?.value, "Help")
    }

    func testUTF16WithAByteOrderMarkReadsAsUTF8Does() {
        let text = "/* ✓ */\n\"title-HelpView\" = \"ヘルプ\";\n\"emoji\" = \"🐧\";\n\"café\";\n"
        let utf8 = read(text)
        for littleEndian in [true, false] {
            var bytes: [UInt8] = littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
            for unit in text.utf16 {
                bytes += littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            }
            let utf16 = StringsFileReader.read(bytes, path: "ja.lproj/Localizable.strings")
            XCTAssertEqual(utf16.table, utf8.table)
            XCTAssertEqual(utf16.diagnostics, [])
        }
        XCTAssertEqual(utf8.table.entries.map(\.value), ["ヘルプ", "🐧", "café"])
        XCTAssertEqual(utf8.table.entries.last?.location, SourceLocation(line: 4, column: 1))
        // A surrogate without its pair is no UTF-16: the file is refused, not read as something else.
        for units: [UInt16] in [[0xD83D, 0x0022], [0xDC27], [0x0022, 0xD83D]] {
            let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            XCTAssertEqual(StringsFileReader.read(bytes, path: "x.strings").diagnostics.map(\.id), [.unreadableFile], "\(units)")
        }
        XCTAssertEqual(
            StringsFileReader.read([0xEF, 0xBB, 0xBF] + Array("a = b;".utf8), path: "x.strings").table.entries.first?.value, "b")
        XCTAssertEqual(StringsFileReader.read([0xC3, 0x28], path: "x.strings").diagnostics.map(\.severity), [.error])
    }

    func testSyntaxErrorsAtTheirLineAndColumnAndReadingGoesOn() {
        let result = read(
            """
            "a" = "1";
            "b" "2";
            "c" = "3"
            "d" = 4 5;
            "e" = "five";
            "f" = "unterminated;
            """)
        XCTAssertEqual(
            result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" },
            [
                "2:5: error: expected '=' or ';' after 'b'",
                "4:1: error: missing ';' after the entry for 'c'",
                "4:9: error: expected ';' after 'd'",
                "6:7: error: unterminated string: the quote has no closing '\"'",
            ])
        XCTAssertEqual(result.table.entries.map(\.key), ["a", "c", "e"])
    }

    func testDuplicatesUnterminatedCommentsAndBraces() {
        let duplicate = read("\"k\" = \"first\";\n\"k\" = \"second\";\n")
        XCTAssertEqual(duplicate.table.entries.map(\.value), ["first"])
        XCTAssertEqual(duplicate.diagnostics.map(\.message), ["duplicate key 'k'; the first, at line 1, is the one used"])
        XCTAssertEqual(duplicate.diagnostics.first?.location, SourceLocation(line: 2, column: 1))
        XCTAssertEqual(read("\"k\" = \"v\"; /* open").diagnostics.map(\.location), [SourceLocation(line: 1, column: 12)])
        XCTAssertEqual(read("{ \"k\" = \"v\"; }").table.entries.map(\.value), ["v"])
        XCTAssertEqual(read("{ \"k\" = \"v\";").diagnostics.map(\.message), ["missing '}' at the end of the file"])
        XCTAssertEqual(read("= ;").diagnostics.map(\.message), ["expected a key, found '='"])
    }

    func testWorkIsLinear() {
        func steps(_ count: Int) -> Int {
            let work = WorkCounter()
            let text = String(repeating: "\"key\" = \"value \\U00e9\"; /* c */\n\"x\" \"broken\n", count: count)
            _ = StringsFileReader.read(Array(text.utf8), path: "x.strings", work: work)
            return work.steps
        }
        XCTAssertLessThanOrEqual(steps(8_000), 9 * steps(1_000))
    }
}
