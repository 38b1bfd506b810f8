import Foundation
import GalleyCore
import XCTest

final class JSONWriterTests: XCTestCase {
    private func quoted(_ value: String) -> String {
        var json = JSONWriter()
        json.string(value)
        return json.text
    }

    func testStringsRoundTripThroughAJSONParser() throws {
        let samples = [
            "", "plain", "quote \" backslash \\ slash /", "line\nreturn\rtab\t", "\u{0}\u{1}\u{1F}\u{7F}",
            "<script>alert(1)</script>", "sep\u{2028}para\u{2029}end", "ペンギン 🐧 é 𝄞", "\u{E2}\u{80}", "x\u{2027}y\u{202A}",
            "ends with \u{2028}", "\u{2029}", "e\u{301}\u{619}",
        ]
        for sample in samples {
            let text = quoted(sample)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
            XCTAssertEqual(decoded, [sample], text)
            guard case .success(let node) = JSONReader.parse(Array(text.utf8)) else { return XCTFail("core reader refused \(text)") }
            XCTAssertEqual(node.stringValue, sample)
            XCTAssertFalse(text.contains("<"), "'<' is always escaped")
            XCTAssertFalse(text.unicodeScalars.contains("\u{2028}") || text.unicodeScalars.contains("\u{2029}"))
        }
    }

    func testRandomTextsOfEscapesAndRunsRoundTrip() throws {
        // Runs of plain bytes between escapes of every length, and lead bytes of U+2028 that begin something else.
        let palette: [String] = ["a", "bc", "<", "\"", "\\", "\n", "\u{1}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{2030}", "é", "🐧", "ペ"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let sample = (0..<Int.random(in: 0...40, using: &generator)).map { _ in palette.randomElement(using: &generator)! }.joined()
            let text = quoted(sample)
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
            XCTAssertEqual(decoded, [sample], text)
            XCTAssertFalse(text.contains("<") || text.unicodeScalars.contains("\u{2028}") || text.unicodeScalars.contains("\u{2029}"), text)
        }
    }

    func testEscapesAreExactlyTheseBytes() {
        let table: [(String, String)] = [
            ("a\u{1}<\u{2028}", #""a\u0001\u003c\u2028""#),
            ("\u{2029}", #""\u2029""#),
            ("\"\\/", #""\"\\/""#),
            ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#),
            ("\u{0}\u{1F}", #""\u0000\u001f""#),
            ("\u{7F}", "\"\u{7F}\""),
            ("\u{202A}\u{2027}", "\"\u{202A}\u{2027}\""),
            // Non-BMP characters are UTF-8, not surrogate pairs.
            ("🐧", "\"🐧\""),
        ]
        for (value, expected) in table {
            XCTAssertEqual(quoted(value), expected)
        }
        for scalar in 0..<0x20 {
            let text = quoted(String(UnicodeScalar(UInt8(scalar))))
            XCTAssertTrue(text.hasPrefix("\"\\"), "control \(scalar) is escaped: \(text)")
        }
    }

    func testANameMadeAtRunTimeIsEscaped() {
        var json = JSONWriter()
        json.beginObject()
        json.key(named: "a\"<b")
        json.number(1)
        json.endObject()
        XCTAssertEqual(json.text, #"{"a\"\u003cb":1}"#)
    }

    func testCommasAndNesting() {
        var json = JSONWriter()
        json.beginObject()
        json.field("a", 1)
        json.field("b", nil as Int?)
        json.key("list")
        json.beginArray()
        json.number(-12)
        json.beginObject()
        json.endObject()
        json.beginArray()
        json.endArray()
        json.bool(false)
        json.null()
        json.number(2.5)
        json.number(3.0)
        json.number(Double.nan)
        json.endArray()
        json.field("inner", JSONFragment.null)
        json.field("s", "x" as String?)
        json.endObject()
        XCTAssertEqual(json.text, #"{"a":1,"b":null,"list":[-12,{},[],false,null,2.5,3,null],"inner":null,"s":"x"}"#)
    }

    func testAFragmentIsWrittenAsItIs() {
        var inner = JSONWriter()
        inner.beginObject()
        inner.field("k", "v")
        inner.endObject()
        var outer = JSONWriter()
        outer.beginArray()
        outer.json(JSONFragment(inner))
        outer.json(JSONFragment(inner))
        outer.endArray()
        XCTAssertEqual(outer.text, #"[{"k":"v"},{"k":"v"}]"#)
    }
}
