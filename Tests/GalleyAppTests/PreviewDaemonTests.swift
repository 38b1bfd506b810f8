import Foundation
import GalleySystem
import Glibc
import XCTest

@testable import GalleyApp

/// The real daemon, started and stopped in-process, so the thread sanitizer (`swift test --sanitize=thread`) sees
/// the watcher being replaced on the workspace queue while `stop()` runs on another thread.
final class PreviewDaemonTests: XCTestCase {
    func testStopAfterTheContentFolderWentAwayIsOrderedWithTheWorkspaceQueue() throws {
        let (daemon, content) = try daemonServing(page: "page.html")
        let url = try daemon.start().local
        XCTAssertTrue(try index(url).contains("page.html"))

        // The workspace queue drops the watcher when the folder goes; stop() then runs on this thread. The test
        // waits for the watcher's inotify descriptor to close, which orders nothing between the threads (an HTTP
        // answer would, through the publisher's lock and the socket), so only the daemon's own ordering stands
        // between the two.
        let descriptors = inotifyDescriptors()
        try FileManager.default.removeItem(atPath: content)
        let deadline = Date().addingTimeInterval(60)
        while inotifyDescriptors() >= descriptors {
            guard Date() < deadline else { return XCTFail("the daemon never stopped watching the removed folder") }
            usleep(10_000)
        }
        daemon.stop()
        // Stopped means the HTTP port no longer takes connections.
        let refused = connectToLoopback(port(of: url))
        if refused >= 0 { close(refused) }
        XCTAssertLessThan(refused, 0, "the daemon still accepts connections after stop()")
    }

    /// Start-up walks the folder once: the watcher's walk, whose files the
    /// workspace reads without listing the folder again.
    func testStartUpWalksTheContentFolderOnce() throws {
        let daemon = try daemonServing(page: "notes/page.html", acceptsEditors: false).daemon
        let url = try daemon.start().local
        defer { daemon.stop() }
        XCTAssertTrue(try index(url).contains("notes/page.html"))
        XCTAssertEqual(daemon.folderListings, 0, "the workspace listed the folder the watcher had walked")
    }

    /// Each reason not to start is its own case, so a caller can act on
    /// it: a port another daemon holds is not a port this user may not
    /// take, nor an address that is not this machine's.
    func testStartErrorsAreTheCasesTheAuthorActsOn() throws {
        let first = try daemonServing(page: "page.html", acceptsEditors: false).daemon
        let taken = port(of: try first.start().local)
        defer { first.stop() }

        var options = ServeOptions()
        options.directory = try daemonServing(page: "other.html", acceptsEditors: false).content
        options.port = taken
        options.logLevel = .quiet
        XCTAssertEqual(startError(options), .portInUse(port: taken, host: "127.0.0.1"))
        options.port = 0
        options.host = "192.0.2.7"
        XCTAssertEqual(startError(options), .addressNotHere(host: "192.0.2.7"))
        options.host = "127.0.0.1"
        options.directory += "/missing"
        XCTAssertEqual(startError(options), .folderMissing(folder: options.directory))

        // The tests run as root, whom every port is open to: the refusal a
        // user gets for port 80 is built from the errno bind gives them.
        let denied = SystemCallError(call: "bind", path: "127.0.0.1:80", errno: EACCES)
        let inUse = SystemCallError(call: "bind", path: "127.0.0.1:80", errno: EADDRINUSE)
        let reactions = [denied, inUse].map { error -> String in
            switch PreviewDaemon.StartError(binding: error, port: 80, host: "127.0.0.1") {
            case .portInUse?: "another port"
            case .portNeedsPrivilege?: "a port above 1023"
            default: "the system's words"
            }
        }
        XCTAssertEqual(reactions, ["a port above 1023", "another port"])
        XCTAssertNil(PreviewDaemon.StartError(binding: SystemCallError(call: "listen", path: nil, errno: EADDRINUSE), port: 80, host: ""))
        XCTAssertTrue("\(PreviewDaemon.StartError.portNeedsPrivilege(port: 80, host: "127.0.0.1"))".contains("--port 0"))
    }

    private func startError(_ options: ServeOptions) -> PreviewDaemon.StartError? {
        let daemon = PreviewDaemon(options: options, acceptsEditors: false)
        do {
            _ = try daemon.start()
            daemon.stop()
            return nil
        } catch {
            return error as? PreviewDaemon.StartError
        }
    }

    /// A daemon, not yet started, for a fresh content folder holding one page at `page`.
    private func daemonServing(page: String, acceptsEditors: Bool = true) throws -> (daemon: PreviewDaemon, content: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-daemon-\(UUID().uuidString)").path
        let content = folder + "/content"
        let file = content + "/" + page
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        try "<p>hello</p>".write(toFile: file, atomically: false, encoding: .utf8)
        var options = ServeOptions()
        options.directory = content
        options.port = 0
        options.logLevel = .quiet
        return (PreviewDaemon(options: options, acceptsEditors: acceptsEditors), content)
    }

    private func port(of url: String) -> UInt16 {
        UInt16(authority(of: url).split(separator: ":").last.map(String.init) ?? "") ?? 0
    }

    private func authority(of url: String) -> String {
        url.replacingOccurrences(of: "http://", with: "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// A TCP connection to 127.0.0.1:`port`, or -1.
    private func connectToLoopback(_ port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// How many inotify instances this process has open.
    private func inotifyDescriptors() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == "anon_inode:inotify"
        }.count
    }

    /// The body of `GET /api/documents`, over a plain socket.
    private func index(_ url: String) throws -> String {
        let authority = authority(of: url)
        let descriptor = connectToLoopback(port(of: url))
        XCTAssertGreaterThanOrEqual(descriptor, 0, "connect to \(authority)")
        defer { close(descriptor) }
        let request = "GET /api/documents HTTP/1.1\r\nHost: \(authority)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }
}
