import Foundation
import GalleyCore
import XCTest

/// What GitHub's runner would obey in a line, and that the inert forms keep
/// their meaning (the same file; the same JSON string).
final class WorkflowCommandTextTests: XCTestCase {
    func testALineThatStartsWithTwoColonsAfterWhiteSpaceOrIgnorablesStartsACommand() {
        for text in ["::error::x", " ::error::x", "\u{3000}\u{A0}::x", "\u{200B}::x", ":\u{200B}:x"] {
            XCTAssertTrue(WorkflowCommandText.startsCommand(text), text.debugDescription)
        }
        for text in ["a::b", ":x", "./::error::x", "", "\\x3A:x"] {
            XCTAssertFalse(WorkflowCommandText.startsCommand(text), text.debugDescription)
        }
    }

    func testInertLinesHaveNoCommandLeft() {
        XCTAssertEqual(WorkflowCommandText.inertLine("::error title=X::owned.txt"), #"\x3A:error title=X::owned.txt"#)
        XCTAssertEqual(WorkflowCommandText.inertLine("  ::warning::x"), #"  \x3A:warning::x"#)
        XCTAssertEqual(
            WorkflowCommandText.inertLine("a.json:1:2: see ##[error]x and #\u{200B}#[y]"),
            "a.json:1:2: see ##\\x5Berror]x and #\u{200B}#\\x5By]")
        for plain in ["a.json:1:2: error: missing ','", "# [x]", "#[#[", "a::b"] {
            XCTAssertEqual(WorkflowCommandText.inertLine(plain), plain)
        }
    }

    func testADiagnosticOfACommandNamedFileNamesTheSameFile() {
        let diagnostic = Diagnostic(
            path: "::error title=X::owned.json", id: .unknownTag, at: SourceLocation(line: 2, column: 3),
            severity: .warning, message: "m")
        XCTAssertEqual(diagnostic.formatted, "./::error title=X::owned.json:2:3: warning: m")
    }

    func testInertJSONReadsAsTheSameStrings() throws {
        var json = JSONWriter()
        json.beginArray()
        json.string("##[error]x ##[y")
        json.endArray()
        let inert = WorkflowCommandText.inertJSON(json.text)
        XCTAssertFalse(inert.contains("##["))
        let read = try JSONSerialization.jsonObject(with: Data(inert.utf8)) as? [String]
        XCTAssertEqual(read, ["##[error]x ##[y"])
    }
}
