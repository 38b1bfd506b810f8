import GalleyCore
import XCTest

final class MessageFramerTests: XCTestCase {
    private func framed(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    func testMessagesSplitAnywhereAndJoinedInOneChunkComeOutWhole() {
        let stream = framed(#"{"a":"日本😀"}"#) + framed("{}")
        for split in 0...stream.count {
            var framer = MessageFramer()
            var bodies: [String] = []
            for chunk in [stream[..<split], stream[split...]] {
                framer.append(chunk)
                while case .message(let body)? = framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
            }
            XCTAssertEqual(bodies, [#"{"a":"日本😀"}"#, "{}"], "split at \(split)")
        }
    }

    func testOtherHeadersAndCaseAreAccepted() {
        var framer = MessageFramer()
        framer.append(Array("content-length:2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[]".utf8))
        XCTAssertEqual(framer.next(), .message(Array("[]".utf8)))
        XCTAssertNil(framer.next())
    }

    func testBrokenHeadersAreRefusedAndNothingIsReadAfterThem() {
        let cases: [(String, FramingRefusal)] = [
            ("Content-Type: x\r\n\r\n{}", .missingContentLength),
            ("Content-Length: 65\r\n\r\n", .contentTooLong(65, limit: 64)),
            ("Content-Length: -1\r\n\r\n", .invalidContentLength("-1")),
            ("Content-Length: 1e3\r\n\r\n", .invalidContentLength("1e3")),
            ("Content-Length: 2\r\ncontent-length: 2\r\n\r\n{}", .repeatedContentLength),
            ("Content-Length 2\r\n\r\n{}", .malformedHeaderLine),
            ("Content-Length: 2\nX: y\r\n\r\n{}", .lineNotEndedByCRLF),
        ]
        for (input, refusal) in cases {
            var framer = MessageFramer(maximumContentLength: 64)
            framer.append(Array(input.utf8) + framed("{}"))
            XCTAssertEqual(framer.next(), .refused(refusal), input)
            framer.append(framed("{}"))
            XCTAssertEqual(framer.next(), .refused(refusal), "stays refused")
        }
    }

    func testAHeaderThatNeverEndsIsRefusedAtTheLimit() {
        var framer = MessageFramer()
        framer.append(Array(repeating: UInt8(ascii: "a"), count: MessageFramer.maximumHeaderLength))
        XCTAssertNil(framer.next())
        framer.append(Array(repeating: UInt8(ascii: "a"), count: 10))
        XCTAssertEqual(framer.next(), .refused(.headerTooLong(limit: MessageFramer.maximumHeaderLength)), "grew without limit")
    }
}

final class OpenTextDocumentTests: XCTestCase {
    // 'a' 日 😀 'b': 1+3+4+1 bytes, 1+1+2+1 UTF-16 units, 4 scalars.
    private let line = "a日😀b"

    func testPositionsInEachEncoding() {
        let document = OpenTextDocument(text: "x\n" + line + "\n", version: 1)
        let offsetOfB = 2 + 8
        XCTAssertEqual(document.position(ofOffset: offsetOfB, encoding: .utf8), TextPosition(line: 1, character: 8))
        XCTAssertEqual(document.position(ofOffset: offsetOfB, encoding: .utf16), TextPosition(line: 1, character: 4))
        XCTAssertEqual(document.position(ofOffset: offsetOfB, encoding: .utf32), TextPosition(line: 1, character: 3))
        for (encoding, character) in [(PositionEncoding.utf8, 8), (.utf16, 4), (.utf32, 3)] {
            XCTAssertEqual(document.offset(of: TextPosition(line: 1, character: character), encoding: encoding), offsetOfB)
        }
        XCTAssertEqual(document.location(ofOffset: offsetOfB), SourceLocation(line: 2, column: 4))
        XCTAssertEqual(document.offset(of: SourceLocation(line: 2, column: 4)), offsetOfB)
    }

    func testPositionsPastTheEndAreClampedAndInsideASurrogatePairSnapBack() {
        let document = OpenTextDocument(text: line + "\r\nzz", version: 1)
        XCTAssertEqual(document.offset(of: TextPosition(line: 0, character: 99), encoding: .utf16), 9, "before the CR LF")
        XCTAssertEqual(document.offset(of: TextPosition(line: 7, character: 0), encoding: .utf16), document.bytes.count)
        XCTAssertEqual(document.offset(of: TextPosition(line: 0, character: 3), encoding: .utf16), 4, "inside 😀: its start")
        XCTAssertEqual(document.offset(of: TextPosition(line: 0, character: 2), encoding: .utf8), 1, "inside 日: its start")
    }

    func testIncrementalEditsMatchTheSameEditsOnAString() {
        var document = OpenTextDocument(text: "one\n" + line + "\nthree\n", version: 1)
        var expected = "one\n" + line + "\nthree\n"
        // Insert after the emoji (UTF-16 column 4), join lines 0 and 1, split line 2, delete across lines.
        let edits: [(TextRange, String, String)] = [
            (
                TextRange(start: TextPosition(line: 1, character: 4), end: TextPosition(line: 1, character: 4)), "ね\n🐧",
                "one\na日😀ね\n🐧b\nthree\n"
            ),
            (TextRange(start: TextPosition(line: 0, character: 3), end: TextPosition(line: 1, character: 0)), " ", "one a日😀ね\n🐧b\nthree\n"),
            (
                TextRange(start: TextPosition(line: 2, character: 2), end: TextPosition(line: 2, character: 2)), "\n\n",
                "one a日😀ね\n🐧b\nth\n\nree\n"
            ),
            (TextRange(start: TextPosition(line: 1, character: 2), end: TextPosition(line: 4, character: 1)), "", "one a日😀ね\n🐧ee\n"),
        ]
        for (range, text, result) in edits {
            document.replace(range, with: text, encoding: .utf16)
            expected = result
            XCTAssertEqual(document.text, expected)
            let fresh = OpenTextDocument(text: expected, version: 1)
            XCTAssertEqual(document.lineCount, fresh.lineCount)
            for index in 0..<fresh.lineCount {
                XCTAssertEqual(document.lineStart(index), fresh.lineStart(index), "line \(index) after inserting \(text)")
            }
        }
    }
}

final class JSONCursorTests: XCTestCase {
    private let text = """
        {
          "kinds": [{"name": "caption", "style": {"co": "gray"}}],
          "device": {"wi
        """

    private func offset(of needle: String, plus extra: Int = 0) -> Int {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        let start = (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern } ?? 0
        return start + extra
    }

    func testTheStringAroundTheCursorEvenWhenUnterminated() {
        let document = OpenTextDocument(text: text, version: 1)
        let gray = offset(of: "\"gray\"")
        XCTAssertEqual(JSONCursor.string(around: gray + 2, in: document), gray..<(gray + 6))
        XCTAssertEqual(JSONCursor.string(around: gray + 5, in: document), gray..<(gray + 6), "just before the closing quote")
        XCTAssertNil(JSONCursor.string(around: gray, in: document), "before the opening quote")
        let open = offset(of: "\"wi")
        XCTAssertEqual(JSONCursor.string(around: open + 3, in: document), open..<Array(text.utf8).count)
    }

    func testContainersAndKeysAreFoundWhileTyping() {
        let bytes = Array(text.utf8)
        XCTAssertEqual(JSONCursor.containers(at: offset(of: "\"co\"", plus: 2), in: bytes).map(\.key), ["", "kinds", "kinds", "style"])
        XCTAssertEqual(JSONCursor.containers(at: offset(of: "\"wi", plus: 2), in: bytes).map(\.key), ["", "device"])
        XCTAssertTrue(JSONCursor.isKey(stringAt: offset(of: "\"co\""), in: bytes))
        XCTAssertFalse(JSONCursor.isKey(stringAt: offset(of: "\"gray\""), in: bytes))
        XCTAssertFalse(JSONCursor.isKey(stringAt: offset(of: "\"caption\""), in: bytes))
    }

    func testTheLastValueOfAKeyBeforeTheCursor() {
        let data = Array(#"[{"imageName": "sugi", "t": ["a"]}, {"imageName" : "penguin", "t": ["<image>"]}]"#.utf8)
        let image = data.count - 5
        XCTAssertEqual(JSONCursor.lastStringValue(of: "imageName", before: image, in: data), "penguin")
        XCTAssertEqual(JSONCursor.lastStringValue(of: "imageName", before: 30, in: data), "sugi")
        XCTAssertNil(JSONCursor.lastStringValue(of: "imageName", before: 5, in: data))
    }
}

final class OpenTextDocumentLineEndTests: XCTestCase {
    func testLoneCarriageReturnsEndLinesAsTheLocatorSays() {
        var document = OpenTextDocument(text: "a\rb\r\nc\nd", version: 1)
        XCTAssertEqual(document.lineCount, 4)
        XCTAssertEqual(document.offset(of: TextPosition(line: 2, character: 0), encoding: .utf16), 5)
        XCTAssertEqual(document.lineEnd(1), 3, "before the CR LF")
        // A line feed typed after a lone CR makes one CR LF: the line count stays.
        document.replace(
            TextRange(start: TextPosition(line: 1, character: 0), end: TextPosition(line: 1, character: 0)), with: "\n", encoding: .utf8)
        XCTAssertEqual(document.text, "a\r\nb\r\nc\nd")
        XCTAssertEqual(document.lineCount, 4)
        for line in 0..<4 {
            var locator = SourceLocator(document.bytes)
            XCTAssertEqual(locator.location(of: document.lineStart(line)), SourceLocation(line: line + 1, column: 1))
        }
    }
}
