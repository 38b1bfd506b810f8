import Foundation
import GalleySystem
import Glibc
import XCTest

@testable import GalleyServer

/// The Unix socket between `galley serve` and `galley lsp`: who may bind
/// it, what a client sees, and how lines and counted bytes are read.
final class LocalSocketTests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-local-\(UUID().uuidString.prefix(8)).sock").path
    }

    override func tearDown() {
        unlink(path)
    }

    /// A listener, a client connected to it, and the listener's end of that connection.
    private func connectedPair() throws -> (listener: LocalSocketListener, client: LocalSocketConnection, peer: LocalSocketPeer) {
        let listener = try LocalSocketListener(path: path)
        let client = try LocalSocketConnection.connect(to: path)
        // A Unix socket's connect completes once queued, so the listener has it now.
        let peer = try XCTUnwrap(listener.acceptPending(), "the connection was not waiting to be accepted")
        return (listener, client, peer)
    }

    func testTheSocketIsOnlyTheUsersOwn() throws {
        let listener = try LocalSocketListener(path: path)
        defer { listener.close() }
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
    }

    func testASecondDaemonCannotTakeALiveSocket() throws {
        let listener = try LocalSocketListener(path: path)
        defer { listener.close() }
        XCTAssertThrowsError(try LocalSocketListener(path: path)) { error in
            let failure = error as? SystemCallError
            XCTAssertEqual(failure?.call, "bind")
            XCTAssertEqual(failure?.path, path)
            XCTAssertEqual(failure?.errno, EADDRINUSE)
        }
    }

    func testAStaleSocketNobodyAnswersOnIsReplaced() throws {
        // What a daemon that was killed leaves behind: the file, with nobody listening.
        let dead = try LocalSocketListener(path: path)
        dead.descriptor.close()
        let listener = try LocalSocketListener(path: path)
        defer { listener.close() }
        let client = try LocalSocketConnection.connect(to: path)
        client.close()
    }

    func testClosingRemovesTheSocketFile() throws {
        let listener = try LocalSocketListener(path: path)
        listener.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertThrowsError(try LocalSocketConnection.connect(to: path)) { error in
            let failure = error as? SystemCallError
            XCTAssertEqual(failure?.call, "connect")
            XCTAssertEqual(failure?.path, path)
            XCTAssertEqual(failure?.errno, ENOENT)
        }
    }

    func testAPathTooLongForASocketIsAClearError() {
        let long = "/tmp/" + String(repeating: "d", count: 200) + ".sock"
        XCTAssertThrowsError(try LocalSocketListener(path: long)) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, ENAMETOOLONG)
            XCTAssertTrue(String(describing: error).contains(long), "the error does not name the path")
        }
    }

    func testLinesAndCountedBytesAreReadWhole() throws {
        let (listener, client, peer) = try connectedPair()
        defer {
            client.close()
            peer.close()
            listener.close()
        }
        // One write holding a line, counted bytes that contain a line break, and the next line.
        try peer.write(Array("{\"length\":5}\nab\ncd{\"next\":1}\n".utf8))
        XCTAssertEqual(client.readLine().map { String(decoding: $0, as: UTF8.self) }, "{\"length\":5}")
        XCTAssertEqual(client.read(count: 5).map { String(decoding: $0, as: UTF8.self) }, "ab\ncd")
        XCTAssertEqual(client.readLine().map { String(decoding: $0, as: UTF8.self) }, "{\"next\":1}")
        // A last line without its break is not a line.
        try peer.write(Array("half".utf8))
        peer.close()
        XCTAssertNil(client.readLine())
    }

    func testMoreThanTheLimitWithoutALineBreakIsRefused() throws {
        let (listener, client, peer) = try connectedPair()
        defer {
            client.close()
            peer.close()
            listener.close()
        }
        // The peer stays connected: the reader gives up on what it holds, rather than waiting for more.
        try peer.write([UInt8](repeating: UInt8(ascii: "x"), count: 3000))
        XCTAssertNil(client.readLine(limit: 1024))
    }

    func testWritingToAClosedPeerFailsInsteadOfRaisingSIGPIPE() throws {
        let (listener, client, peer) = try connectedPair()
        defer { listener.close() }
        client.close()
        peer.close()
        XCTAssertThrowsError(try peer.write(Array("late\n".utf8))) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, EBADF)
        }
        let (_, secondClient, secondPeer) = (listener, try LocalSocketConnection.connect(to: path), try XCTUnwrap(listener.acceptPending()))
        defer { secondPeer.close() }
        secondClient.close()
        // The client left: a send sees EPIPE (or a reset) rather than killing the process.
        var failure: (any Error)?
        for _ in 0..<4 where failure == nil {
            do { try secondPeer.write([UInt8](repeating: 0x41, count: 65536)) } catch { failure = error }
        }
        XCTAssertNotNil(failure, "writing to a peer that left never failed")
        if let errno = (failure as? SystemCallError)?.errno { XCTAssertTrue([EPIPE, ECONNRESET].contains(errno), "errno \(errno)") }
    }
}
