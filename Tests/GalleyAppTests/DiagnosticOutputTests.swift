import GalleyCore
import XCTest
@testable import GalleyApp

/// Where diagnostics leave Galley for CI and the terminal: workflow
/// commands, and the daemon's log of new problems.
final class DiagnosticOutputTests: XCTestCase {
    private func diagnostic(_ path: String, _ message: String, line: Int = 2, severity: Severity = .warning) -> Diagnostic {
        Diagnostic(path: path, id: .unknownTag, range: SourceRange(SourceLocation(line: line, column: 3), SourceLocation(line: line, column: 9)),
                   severity: severity, message: message)
    }

    func testWorkflowCommandsEscapeDataAndProperties() {
        let command = GitHubAnnotation.command(for: diagnostic("a,b:c%.json", "100% wrong:\r\nsee, here", severity: .error))
        XCTAssertEqual(command, "::error file=a%2Cb%3Ac%25.json,line=2,col=3,endLine=2,endColumn=9,title=unknown-tag::100%25 wrong:%0D%0Asee, here")
        XCTAssertTrue(GitHubAnnotation.command(for: Diagnostic(path: "n", id: .limitReached, at: .start, severity: .note, message: "m")).hasPrefix("::notice "))
    }

    func testTheLogTellsEachProblemOnceWhileAnyDocumentShowsIt() {
        var book = DiagnosticLogBook()
        let config = diagnostic("galley.json", "unknown key")
        let own = diagnostic("a.json", "unknown tag")
        XCTAssertEqual(book.update(document: "a", diagnostics: [config, own]), [config, own])
        XCTAssertEqual(book.update(document: "b", diagnostics: [config]), [], "galley.json's problem is on every document, told once")
        XCTAssertEqual(book.update(document: "a", diagnostics: [config, own]), [], "a save that keeps it tells nothing")
        XCTAssertEqual(book.update(document: "a", diagnostics: [config]), [])
        XCTAssertEqual(book.update(document: "a", diagnostics: [config, own]), [own], "fixed, then back: told again")
        book.remove(document: "a")
        XCTAssertEqual(book.update(document: "b", diagnostics: []), [])
        XCTAssertEqual(book.update(document: "c", diagnostics: [config, diagnostic("c.json", "note", severity: .note)]), [config], "notes are not told")
    }
}
