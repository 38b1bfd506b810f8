import XCTest

@testable import GalleyCore

final class JSONReaderTests: XCTestCase {
    private func parse(_ text: String) -> Result<JSONNode, JSONSyntaxError> {
        JSONReader.parse(Array(text.utf8))
    }

    private func errorLocation(_ text: String) -> (SourceLocation, String)? {
        guard case .failure(let error) = parse(text) else { return nil }
        return (SourceLocator(Array(text.utf8)).location(ofOffset: error.offset), error.message)
    }

    func testValuesAndOffsets() throws {
        let text = "{\"a\": [1, -2.5e3, true, false, null, \"x\"], \"b\": {}}"
        let root = try parse(text).get()
        let members = try XCTUnwrap(root.objectValue)
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        let elements = try XCTUnwrap(members[0].value.arrayValue)
        XCTAssertEqual(elements.map(\.value), [.number(1), .number(-2500), .bool(true), .bool(false), .null, .string("x")])
        XCTAssertEqual(elements.map(\.offset), [7, 10, 18, 24, 31, 37])
        XCTAssertEqual(members[1].keyOffset, 43)
    }

    func testEscapesAndSurrogatePairs() throws {
        let root = try parse(#"["a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "\ud800x"]"#).get()
        let strings = try XCTUnwrap(root.arrayValue).map(\.stringValue)
        XCTAssertEqual(strings, ["a\"b\\c/d\n\té😀", "\u{FFFD}x"])
    }

    func testColumnsCountCharactersNotBytes() {
        let text = "[\n  \"ペンギン\" \"x\"\n]"
        let located = errorLocation(text)
        // The missing comma belongs right after the Japanese string.
        XCTAssertEqual(located?.0, SourceLocation(line: 2, column: 9))
        XCTAssertEqual(located?.1, "missing ',' between array elements")
    }

    func testSyntaxErrorsHaveLineAndColumn() {
        let cases: [(String, SourceLocation, String)] = [
            ("[1, 2,]", SourceLocation(line: 1, column: 7), "unexpected ']', expected a value (trailing comma?)"),
            ("{\"a\": 1,\n}", SourceLocation(line: 2, column: 1), "unexpected '}', expected a key (trailing comma?)"),
            ("{\"a\" 1}", SourceLocation(line: 1, column: 6), "expected ':' after key \"a\", found '1'"),
            ("[\"abc", SourceLocation(line: 1, column: 2), "unterminated string"),
            ("[\"a\nb\"]", SourceLocation(line: 1, column: 2), "unterminated string (line break inside a string; write '\\n')"),
            ("[tru]", SourceLocation(line: 1, column: 2), "invalid literal, expected 'true'"),
            ("[01]", SourceLocation(line: 1, column: 2), "invalid number: leading zeros are not allowed"),
            ("[\"\\x\"]", SourceLocation(line: 1, column: 3), "invalid escape '\\x' in string"),
            ("{\"a\": 1 \"b\": 2}", SourceLocation(line: 1, column: 8), "missing ',' between object members"),
            ("[1] 2", SourceLocation(line: 1, column: 5), "unexpected '2' after the top-level value"),
            ("", SourceLocation(line: 1, column: 1), "unexpected end of file, expected a value"),
            ("[1,\n 2", SourceLocation(line: 1, column: 1), "unexpected end of file, expected ']' to close the array opened here"),
        ]
        for (text, location, message) in cases {
            let located = errorLocation(text)
            XCTAssertEqual(located?.0, location, text)
            XCTAssertEqual(located?.1, message, text)
        }
    }

    func testDeepNestingIsRefusedNotCrashed() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let error) = parse(text) else { return XCTFail("accepted 100,000 levels") }
        XCTAssertEqual(error.problem, .limitReached(.nestingDepth(maximum: 512)))
        XCTAssertEqual(error.message, "nested deeper than 512 levels")
        // A bound Galley keeps is not the author's mistake of syntax: the diagnostic says which.
        XCTAssertEqual(error.diagnostic(path: "deep.json") { _ in .start }.id, .limitReached)
        guard case .failure(let comma) = parse("[1 2]") else { return XCTFail("accepted a missing comma") }
        XCTAssertEqual(comma.diagnostic(path: "comma.json") { _ in .start }.id, .jsonSyntax)
    }

    func testByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        XCTAssertEqual(try JSONReader.parse(bytes).get().value, .array([JSONNode(.number(1), offset: 4, end: 5)]))
    }

    func testInvalidUTF8BecomesReplacementCharacter() throws {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xFF] + Array("b\"]".utf8)
        XCTAssertEqual(try JSONReader.parse(bytes).get().arrayValue?.first?.stringValue, "a\u{FFFD}b")
    }
}
