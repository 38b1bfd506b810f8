import GalleyServer
import XCTest

@testable import GalleyApp

final class LANAccessTests: XCTestCase {
    private let phone = PeerAddress(text: "192.0.2.7", isLoopback: false)
    private let start = ContinuousClock.now

    private func access() -> LANAccess {
        LANAccess(key: "0123456789abcdef0123456789abcdef", deviceToken: "fedcba9876543210fedcba9876543210")
    }

    func testVerdictsForOneRequest() {
        let cookie = "galley_device=fedcba9876543210fedcba9876543210"
        let cases: [(peer: PeerAddress, path: String, query: [String: String], cookies: String?, expected: LANAccess.Verdict)] = [
            (.loopback, "/", [:], nil, .allowed(newDevice: false)),
            (PeerAddress(text: "::1", isLoopback: true), "/api/documents", [:], nil, .allowed(newDevice: false)),
            (phone, "/", [:], nil, .forbidden),
            (phone, "/", ["key": "0123456789abcdef0123456789abcde"], nil, .forbidden),
            (phone, "/", ["key": "0123456789abcdef0123456789abcdef0"], nil, .forbidden),
            (phone, "/", ["key": "fedcba9876543210fedcba9876543210"], nil, .forbidden),
            (phone, "/", [:], "galley_device=0123456789abcdef0123456789abcdef", .forbidden),
            (phone, "/", [:], "other=1; " + cookie, .allowed(newDevice: true)),
            (
                phone, "/doc/a b", ["key": "0123456789abcdef0123456789abcdef", "device": "820"], nil,
                .redirect(location: "/doc/a%20b?device=820", setCookie: cookie + "; HttpOnly; SameSite=Strict; Path=/")
            ),
            // Only ever a path on this server (`//host/` is another server).
            (
                phone, "//evil.example/", ["key": "0123456789abcdef0123456789abcdef"], nil,
                .redirect(location: "/evil.example/", setCookie: cookie + "; HttpOnly; SameSite=Strict; Path=/")
            ),
            (
                phone, "///evil.example/", ["key": "0123456789abcdef0123456789abcdef"], nil,
                .redirect(location: "/evil.example/", setCookie: cookie + "; HttpOnly; SameSite=Strict; Path=/")
            ),
            (
                phone, "/\\evil.example/", ["key": "0123456789abcdef0123456789abcdef"], nil,
                .redirect(location: "/%5Cevil.example/", setCookie: cookie + "; HttpOnly; SameSite=Strict; Path=/")
            ),
        ]
        for (index, entry) in cases.enumerated() {
            var rules = access()
            XCTAssertEqual(
                rules.check(peer: entry.peer, path: entry.path, query: entry.query, cookies: entry.cookies, now: start), entry.expected,
                "case \(index)")
        }
    }

    func testADeviceIsNewOnlyOnce() {
        var rules = access()
        let cookie = "galley_device=\(rules.deviceToken)"
        XCTAssertEqual(rules.check(peer: phone, path: "/", query: [:], cookies: cookie, now: start), .allowed(newDevice: true))
        XCTAssertEqual(rules.check(peer: phone, path: "/", query: [:], cookies: cookie, now: start), .allowed(newDevice: false))
    }

    func testTenWrongKeysInAMinuteBlockTheAddressForAMinute() {
        var rules = access()
        for second in 0..<9 {
            XCTAssertEqual(
                rules.check(peer: phone, path: "/", query: ["key": "x"], cookies: nil, now: start + .seconds(second)), .forbidden)
        }
        // Nine wrong keys: the right one still works.
        XCTAssertEqual(
            rules.check(peer: phone, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(9)),
            .redirect(location: "/", setCookie: rules.cookie))
        XCTAssertEqual(rules.check(peer: phone, path: "/", query: ["key": "x"], cookies: nil, now: start + .seconds(10)), .forbidden)
        XCTAssertEqual(
            rules.check(peer: phone, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(11)), .tooManyAttempts)
        let other = PeerAddress(text: "192.0.2.8", isLoopback: false)
        XCTAssertEqual(
            rules.check(peer: other, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(11)),
            .redirect(location: "/", setCookie: rules.cookie))
        XCTAssertEqual(
            rules.check(peer: phone, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(69)), .tooManyAttempts)
        XCTAssertEqual(
            rules.check(peer: phone, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(71)),
            .redirect(location: "/", setCookie: rules.cookie))
    }

    func testWrongKeysOutsideTheWindowDoNotAddUp() {
        var rules = access()
        for minute in 0..<30 {
            XCTAssertEqual(
                rules.check(peer: phone, path: "/", query: ["key": "x"], cookies: nil, now: start + .seconds(minute * 7)), .forbidden)
        }
        XCTAssertEqual(
            rules.check(peer: phone, path: "/", query: ["key": rules.key], cookies: nil, now: start + .seconds(211)),
            .redirect(location: "/", setCookie: rules.cookie))
    }

    func testManyAddressesDoNotGrowTheTableWithoutBound() {
        var rules = access()
        for index in 0..<5000 {
            let peer = PeerAddress(text: "2001:db8::\(String(index, radix: 16))", isLoopback: false)
            _ = rules.check(peer: peer, path: "/", query: ["key": "x"], cookies: nil, now: start + .milliseconds(index))
        }
        XCTAssertLessThanOrEqual(rules.rememberedAttempts, LANAccess.rememberedAddresses)
    }

    func testRandomSecretsAreLongAndDifferent() {
        let first = LANAccess.random()
        let second = LANAccess.random()
        XCTAssertEqual(first.key.count, 32)
        XCTAssertNotEqual(first.key, second.key)
        XCTAssertNotEqual(first.key, first.deviceToken)
    }

    func testTheQRCodeDrawsEveryModuleOnceInTheTerminalAndTheSVG() throws {
        let code = try XCTUnwrap(QRCode(encoding: "http://192.0.2.7:4400/?key=0123456789abcdef0123456789abcdef"))
        let lines = code.terminalText(colored: true).split(separator: "\n")
        let side = code.size + 2 * QRCode.quietZone
        XCTAssertEqual(lines.count, (side + 1) / 2)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("\u{1B}[30;107m") && $0.hasSuffix("\u{1B}[0m") })
        let svg = code.svg()
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""))
        // Every dark module is inside exactly one run.
        let runs = svg.matches(of: /M(\d+) (\d+)h(\d+)/)
        let covered = runs.reduce(0) { $0 + Int($1.output.3)! }
        XCTAssertEqual(covered, code.modules.filter { $0 }.count)
    }
}
