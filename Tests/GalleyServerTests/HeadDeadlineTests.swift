import Foundation
import GalleyCore
import GalleySystem
import Glibc
import XCTest

@testable import GalleyServer

/// The real libmicrohttpd server on loopback, with a small capacity: slow
/// clients that never finish a request head are closed after the head
/// deadline and cannot lock a page out, and a held long-poll outlives the deadline.
final class HeadDeadlineTests: XCTestCase {
    /// `/held` is parked until `release` is signalled; everything else is answered at once.
    private final class Handler: HTTPHandler {
        let parked = Locked<[PendingResponse]>([])

        func reply(to request: HTTPRequest) -> HTTPReply {
            guard request.path == "/held" else { return .now(HTTPResponse(status: 200, contentType: "text/plain", body: "page\n")) }
            return .later { [self] pending in parked.withLock { $0.append(pending) } }
        }
    }

    private func connect(_ port: UInt16) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(socket, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 60, tv_usec: 0) // a hang guard only
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return socket
    }

    private func send(_ socket: Int32, _ text: String) {
        _ = text.withCString { Glibc.send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it closes the connection (nil if it does not within the hang guard).
    private func readToEnd(_ socket: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count == 0 { return String(decoding: received, as: UTF8.self) }
            if count < 0 { return errno == ECONNRESET ? String(decoding: received, as: UTF8.self) : nil }
            received += buffer[0..<count]
        }
    }

    func testSlowHeadsAreClosedAtTheDeadlineAndNeverLockAPageOut() throws {
        var limits = HTTPServerLimits()
        limits.connections = 8
        limits.trustedShare = 2
        limits.headSeconds = 1
        let handler = Handler()
        let listening = try ListeningSocket(host: "127.0.0.1", port: 0)
        let port = listening.port
        let server = try HTTPServer(socket: listening, handler: handler, limits: limits)
        defer {
            server.stop {
                for pending in handler.parked.withLock({ $0 }) {
                    pending.resume(with: HTTPResponse(status: 503, contentType: "text/plain", body: ""))
                }
            }
        }

        // A long-poll, held from before the slow clients came.
        let held = try connect(port)
        send(held, "GET /held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let hangGuard = Date().addingTimeInterval(60)
        while handler.parked.withLock({ $0.isEmpty }) && Date() < hangGuard { usleep(1000) }
        // Twice the capacity of clients that start a head and never finish it.
        var slow: [Int32] = []
        for _ in 0..<16 {
            let socket = try connect(port)
            send(socket, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
            slow.append(socket)
        }
        // A page still gets its answer.
        let page = try connect(port)
        send(page, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let answer = try XCTUnwrap(readToEnd(page), "the page got no answer")
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200"), answer)
        XCTAssertTrue(answer.hasSuffix("page\n"), answer)
        close(page)
        // Every slow client is closed: some to make room, the rest at the deadline, none answered.
        for socket in slow {
            XCTAssertEqual(readToEnd(socket), "", "a slow client was answered or never closed")
            close(socket)
        }
        // The held poll outlived the deadline: answered now, it arrives.
        let parked = handler.parked.withLock { $0 }
        XCTAssertEqual(parked.count, 1)
        parked.first?.resume(with: HTTPResponse(status: 200, contentType: "text/plain", body: "news\n"))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(held, &buffer, buffer.count, 0)
        let news = String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
        XCTAssertTrue(news.hasPrefix("HTTP/1.1 200") && news.hasSuffix("news\n"), news)
        close(held)
    }
}
