import GalleyCore
import XCTest

@testable import GalleyApp

/// Where diagnostics leave Galley for CI and the terminal: workflow
/// commands, and the daemon's log of new problems.
final class DiagnosticOutputTests: XCTestCase {
    private func diagnostic(_ path: RelativePath, _ message: String, line: Int = 2, severity: Severity = .warning) -> Diagnostic {
        Diagnostic(
            path: path, id: .unknownTag, range: SourceRange(SourceLocation(line: line, column: 3), SourceLocation(line: line, column: 9)),
            severity: severity, message: message)
    }

    func testWorkflowCommandsEscapeDataAndProperties() {
        let command = GitHubAnnotation.command(
            for: diagnostic("a,b:c%.json", "100% wrong:\r\nsee, here", severity: .error), file: "a,b:c%.json")
        XCTAssertEqual(
            command, "::error file=a%2Cb%3Ac%25.json,line=2,col=3,endLine=2,endColumn=9,title=unknown-tag::100%25 wrong:%0D%0Asee, here")
        let note = Diagnostic(path: "n", id: .limitReached, at: .start, severity: .note, message: "m")
        XCTAssertTrue(GitHubAnnotation.command(for: note, file: "n").hasPrefix("::notice "))
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
        XCTAssertEqual(
            book.update(document: "c", diagnostics: [config, diagnostic("c.json", "note", severity: .note)]), [config], "notes are not told"
        )
    }

    func testAProblemADocumentShowsTwiceIsCountedOnceForIt() {
        var book = DiagnosticLogBook()
        let own = diagnostic("a.json", "unknown tag")
        XCTAssertEqual(book.update(document: "a", diagnostics: [own, own]), [own])
        XCTAssertEqual(book.update(document: "a", diagnostics: [own]), [], "the same problem, listed once now")
        book.remove(document: "a")
        XCTAssertEqual(book.update(document: "b", diagnostics: [own]), [own], "no document showed it any more: told again")
    }

    func testFewProblemsAreToldWholeAndManyAsADigestWithErrorsFirst() {
        let few = (1...ProblemDigest.mostShown).map { diagnostic(RelativePath(rawValue: "f\($0).json"), "unknown tag") }
        XCTAssertEqual(ProblemDigest(few, seeAll: "see the page"), ProblemDigest(few, seeAll: ""), "no line says where to see more")
        XCTAssertEqual(ProblemDigest(few, seeAll: "see the page").shown, few)
        XCTAssertNil(ProblemDigest(few, seeAll: "see the page").heading)

        let warnings = (0..<2000).reversed().map { diagnostic(RelativePath(rawValue: String(format: "a%04d.json", $0)), "unknown tag") }
        let broken = Diagnostic(
            path: "z.json", id: .jsonSyntax, at: SourceLocation(line: 1, column: 2), severity: .error, message: "missing ','")
        let digest = ProblemDigest(warnings + [broken], seeAll: "the page lists them all")
        XCTAssertEqual(digest.shown.map(\.path), ["z.json", "a0000.json", "a0001.json", "a0002.json"])
        XCTAssertEqual(digest.heading, "2001 new problems (1 error, 2000 warnings): json-syntax 1, unknown-tag 2000")
        XCTAssertEqual(digest.remainder, "1997 more not shown here; the page lists them all")
    }

    func testADigestOfManyIdentifiersStaysWithinItsLines() {
        let problems = DiagnosticID.allCases.flatMap { id in
            (1...5).map {
                Diagnostic(
                    path: RelativePath(rawValue: "\(id.rawValue).json"), id: id, at: SourceLocation(line: $0, column: 1),
                    severity: .warning, message: "m")
            }
        }
        let digest = ProblemDigest(problems, seeAll: "")
        XCTAssertEqual(digest.shown.count, ProblemDigest.mostShown)
        XCTAssertEqual(Set(digest.shown.prefix(ProblemDigest.firstOfEach).map(\.id)).count, 1, "the first few of one identifier together")
    }
}
