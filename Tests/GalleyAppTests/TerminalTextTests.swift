import XCTest

@testable import GalleyApp

final class TerminalTextTests: XCTestCase {
    func testControlCharactersFromOutsideAreShownEscaped() {
        // A window title, a line erase and a carriage return that would forge a log line.
        XCTAssertEqual(TerminalText.shown("a\u{1B}]0;T\u{07}b\u{1B}[2K\rc\nd\te"), #"a\x1B]0;T\x07b\x1B[2K\rc\nd\te"#)
        XCTAssertEqual(TerminalText.shown("\u{9B}31m\u{7F}\u{0}"), #"\x9B31m\x7F\x00"#)
        XCTAssertEqual(TerminalText.shown("evil\u{202E}txt.exe"), #"evil\u{202E}txt.exe"#)
        // Text with none is given back as it was: quotes, backslashes, any script.
        for plain in ["Resources/species.json:3:7: warning: use \\\" inside a string", "ペリカン", ""] {
            XCTAssertEqual(TerminalText.shown(plain), plain)
        }
    }

    func testTheQRCodeIsColouredOnlyWhenAsked() throws {
        let code = try XCTUnwrap(QRCode(encoding: "http://192.0.2.7:4400/?key=0123456789abcdef0123456789abcdef"))
        XCTAssertFalse(code.terminalText(colored: false).contains("\u{1B}"))
        XCTAssertEqual(
            code.terminalText(colored: false).split(separator: "\n").count, code.terminalText(colored: true).split(separator: "\n").count)
    }

    func testAPageCodeLeadsOnlyToThisServersPages() throws {
        for own in ["/", "/doc/b35f3e9d723effed", "/doc/abc?text=AX3&appearance=dark&device=820&beside=ja", "/?q=penguin"] {
            XCTAssertTrue(LANGate.isOwnPage(own), own)
        }
        for other in [
            "", "//evil.example/", "http://evil.example/", "/\\evil.example", "/api/documents", "/files/x.png",
            "/doc/a b", "/doc/\u{1B}x", "doc/abc", "/%2F%2Fevil.example/", "/doc/" + String(repeating: "a", count: 3000),
        ] {
            XCTAssertFalse(LANGate.isOwnPage(other), other)
        }
        let gate = LANGate(access: LANAccess(key: "k3y", deviceToken: "t0ken"), origins: ["http://192.0.2.7:4400"], log: Log(level: .quiet))
        XCTAssertEqual(gate.urls, ["http://192.0.2.7:4400/?key=k3y"])
        XCTAssertNotNil(gate.qrCodeSVG(forPage: "/doc/abc?text=AX3"))
        XCTAssertNil(gate.qrCodeSVG(forPage: "//evil.example/"))
    }
}
