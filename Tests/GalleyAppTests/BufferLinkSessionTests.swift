import Dispatch
import Foundation
import GalleyCore
import GalleyServer
import GalleySystem
import XCTest

@testable import GalleyApp

/// The daemon's end of the editor link over a real Unix socket, with a
/// daemon that holds a large file's reply for as long as the test says:
/// what one editor waits for must not hold up another.
final class BufferLinkSessionTests: XCTestCase {
    /// Holds every `set` of `large.json` until `release()`, as the daemon
    /// holds a reply while a large file is read aside.
    private final class HoldingDaemon: BufferLinkDaemon, @unchecked Sendable {
        // Unchecked: `calls` and `holding` are locked; the rest never changes.
        let root = "/content"
        let url = "http://127.0.0.1:1/"
        let editors = EditorOpeners()
        var vocabulary: EditorVocabulary { EditorVocabulary(tags: [], imageKey: "", assets: []) }
        let calls = Locked<[String]>([])
        private let holding = Locked(true)
        private let released = DispatchSemaphore(value: 0)
        let entered = DispatchSemaphore(value: 0)

        var isHolding: Bool { holding.withLock { $0 } }

        func release() {
            guard
                holding.withLock({ held in
                    defer { held = false }
                    return held
                })
            else { return }
            released.signal()
        }

        func setBuffer(_ text: [UInt8], for path: RelativePath) -> PreviewFileState {
            calls.withLock { $0.append("set \(path)") }
            if path == "large.json" {
                entered.signal()
                released.wait()
                released.signal()
            }
            return PreviewFileState(diagnostics: [], pages: ["/doc/" + path.rawValue])
        }

        func editBuffer(for path: RelativePath, replacing range: Range<Int>, with replacement: [UInt8]) -> PreviewFileState? { nil }

        func dropBuffer(for path: RelativePath) -> PreviewFileState {
            calls.withLock { $0.append("drop \(path)") }
            return PreviewFileState(diagnostics: [], pages: [])
        }

        func follow(path: RelativePath, line: Int) {}
    }

    private var daemon = HoldingDaemon()
    private var path = ""

    override func setUpWithError() throws {
        daemon = HoldingDaemon()
        path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-link-\(UUID().uuidString.prefix(8)).sock").path
        let server = try BufferLinkServer(listener: LocalSocketListener(path: path), daemon: daemon)
        try server.start()
        // A link thread that never answers would leave the test waiting
        // forever: the hold ends on its own after a while, and what came
        // first is what each test checks.
        let daemon = daemon
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) { daemon.release() }
        addTeardownBlock { [daemon] in
            daemon.release()
            server.stop()
        }
    }

    private func sendSet(_ file: RelativePath, over connection: LocalSocketConnection) throws {
        let text = Array("[]".utf8)
        try connection.write(BufferLinkProtocol.header(.set(path: file, version: 1, length: text.count)) + text)
    }

    private func text(_ line: [UInt8]?) -> String {
        line.map { String(decoding: $0, as: UTF8.self) } ?? "(the connection ended)"
    }

    func testAnEditorIsAnsweredWhileAnotherWaitsForALargeFile() throws {
        let waiting = try LocalSocketConnection.connect(to: path)
        defer { waiting.close() }
        try sendSet("large.json", over: waiting)
        daemon.entered.wait()
        let other = try LocalSocketConnection.connect(to: path)
        defer { other.close() }
        try sendSet("small.json", over: other)
        XCTAssertTrue(text(other.readLine()).contains("/doc/small.json"))
        XCTAssertTrue(daemon.isHolding, "the second editor was answered only after the first one's large file")
        try other.write(BufferLinkProtocol.header(.hello))
        XCTAssertTrue(text(other.readLine()).contains("/content"))
        daemon.release()
        XCTAssertTrue(text(waiting.readLine()).contains("/doc/large.json"), "the waiting editor got its own reply")
    }

    func testAConnectionThatEndsWhileWaitingDropsItsBufferAfterSettingIt() throws {
        let editor = try LocalSocketConnection.connect(to: path)
        try sendSet("large.json", over: editor)
        daemon.entered.wait()
        editor.close()
        daemon.release()
        for _ in 0..<3_000 where daemon.calls.withLock({ $0.count }) < 2 { usleep(10_000) }
        XCTAssertEqual(daemon.calls.withLock { $0 }, ["set large.json", "drop large.json"])
    }

    func testAnEditorThatFloodsTheLinkWhileWaitingIsCutOff() throws {
        let editor = try LocalSocketConnection.connect(to: path)
        defer { editor.close() }
        try sendSet("large.json", over: editor)
        daemon.entered.wait()
        let hello = BufferLinkProtocol.header(.hello)
        try editor.write(Array(repeating: hello, count: BufferLinkSession.maximumWaitingRequests).flatMap { $0 })
        XCTAssertEqual(text(editor.readLine()), #"{"error":"too many requests waiting"}"#)
        XCTAssertTrue(daemon.isHolding)
        XCTAssertNil(editor.readLine(), "the connection stayed open")
        // Another editor is still served.
        let other = try LocalSocketConnection.connect(to: path)
        defer { other.close() }
        try other.write(hello)
        XCTAssertTrue(text(other.readLine()).contains("/content"))
    }
}
