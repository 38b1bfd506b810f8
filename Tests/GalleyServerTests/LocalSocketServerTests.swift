import Foundation
import GalleyCore
import GalleySystem
import Glibc
import XCTest

@testable import GalleyServer

/// The one-thread server behind the editor link, over real Unix sockets.
final class LocalSocketServerTests: XCTestCase {
    /// Answers each complete line with the line upper-cased; counts the sessions that ended.
    private final class UppercaseSession: LocalSocketSession {
        let peer: LocalSocketPeer
        let ended: Ended

        init(peer: LocalSocketPeer, ended: Ended) {
            self.peer = peer
            self.ended = ended
        }

        func receive(_ input: inout [UInt8]) -> Bool {
            while let newline = input.firstIndex(of: 0x0A) {
                let line = String(decoding: input[..<newline], as: UTF8.self).uppercased()
                input.removeSubrange(...newline)
                guard (try? peer.write(Array(line.utf8) + [0x0A])) != nil else { return false }
            }
            return input.count <= 1024
        }

        func closed() {
            ended.count.withLock { $0 += 1 }
        }
    }

    private final class Ended: Sendable {
        let count = Locked(0)
    }

    private var path = ""

    override func setUp() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-socket-\(UUID().uuidString.prefix(8)).sock").path
    }

    private func startServer(maximumConnections: Int = 64, ended: Ended = Ended()) throws -> LocalSocketServer {
        let server = try LocalSocketServer(listener: LocalSocketListener(path: path), maximumConnections: maximumConnections) { peer in
            UppercaseSession(peer: peer, ended: ended)
        }
        try server.start()
        addTeardownBlock { server.stop() }
        return server
    }

    private func threadCount() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.split(separator: "\t").last.map(String.init) ?? "") ?? -1
    }

    /// Waits (bounded) until `condition` holds.
    private func eventually(_ what: String, _ condition: () -> Bool) {
        for _ in 0..<3_000 where !condition() { usleep(10_000) }
        XCTAssertTrue(condition(), what)
    }

    func testRequestsSentInPiecesAreAnsweredWholeAndInOrder() throws {
        _ = try startServer()
        let client = try LocalSocketConnection.connect(to: path)
        defer { client.close() }
        try client.write(Array("pen".utf8))
        try client.write(Array("guin\nsec".utf8))
        try client.write(Array("ond\n".utf8))
        XCTAssertEqual(client.readLine().map { String(decoding: $0, as: UTF8.self) }, "PENGUIN")
        XCTAssertEqual(client.readLine().map { String(decoding: $0, as: UTF8.self) }, "SECOND")
    }

    func testTwoHundredConnectionsAreServedByOneThread() throws {
        let server = try startServer(maximumConnections: 300)
        let before = threadCount()
        var clients: [LocalSocketConnection] = []
        defer { for client in clients { client.close() } }
        for index in 0..<200 {
            let client = try LocalSocketConnection.connect(to: path)
            try client.write(Array("hello \(index)\n".utf8))
            clients.append(client)
        }
        for (index, client) in clients.enumerated() {
            XCTAssertEqual(client.readLine().map { String(decoding: $0, as: UTF8.self) }, "HELLO \(index)")
        }
        XCTAssertEqual(server.connectionCount, 200)
        XCTAssertLessThanOrEqual(threadCount(), before + 1, "a thread per connection")
    }

    func testAFullServerShedsASilentConnectionAndRefusesWhenAllSpeak() throws {
        let ended = Ended()
        let server = try startServer(maximumConnections: 3, ended: ended)
        let silent = try LocalSocketConnection.connect(to: path)
        defer { silent.close() }
        var talkers: [LocalSocketConnection] = []
        defer { for talker in talkers { talker.close() } }
        for index in 0..<2 {
            let client = try LocalSocketConnection.connect(to: path)
            try client.write(Array("t\(index)\n".utf8))
            XCTAssertNotNil(client.readLine())
            talkers.append(client)
        }
        // A third speaker replaces the silent one, which sees the end of its stream.
        let third = try LocalSocketConnection.connect(to: path)
        try third.write(Array("third\n".utf8))
        XCTAssertEqual(third.readLine().map { String(decoding: $0, as: UTF8.self) }, "THIRD")
        talkers.append(third)
        XCTAssertNil(silent.readLine(), "the silent connection was kept")
        // All three speak: a fourth is closed at once.
        let refused = try LocalSocketConnection.connect(to: path)
        defer { refused.close() }
        try? refused.write(Array("fourth\n".utf8))
        XCTAssertNil(refused.readLine(), "a connection past the limit was served")
        XCTAssertEqual(server.connectionCount, 3)
        XCTAssertEqual(ended.count.withLock { $0 }, 1, "only the silent session ended")
    }

    func testAnOverlongRequestClosesOnlyItsConnection() throws {
        _ = try startServer()
        let flooder = try LocalSocketConnection.connect(to: path)
        defer { flooder.close() }
        try? flooder.write([UInt8](repeating: UInt8(ascii: "x"), count: 4096))
        XCTAssertNil(flooder.readLine())
        let other = try LocalSocketConnection.connect(to: path)
        defer { other.close() }
        try other.write(Array("still here\n".utf8))
        XCTAssertEqual(other.readLine().map { String(decoding: $0, as: UTF8.self) }, "STILL HERE")
    }

    func testStopEndsEverySessionAndRemovesTheSocket() throws {
        let ended = Ended()
        let server = try startServer(ended: ended)
        let clients = try (0..<5).map { _ in try LocalSocketConnection.connect(to: path) }
        defer { for client in clients { client.close() } }
        eventually("the server never accepted all five") { server.connectionCount == 5 }
        server.stop()
        for client in clients { XCTAssertNil(client.readLine()) }
        XCTAssertEqual(ended.count.withLock { $0 }, 5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
