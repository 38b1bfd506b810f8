import GalleyCore
import GalleyServer

/// `galley serve`'s end of the editor link: serves `galley lsp` processes of
/// the same user on the daemon's Unix socket, all from one thread (see
/// `LocalSocketServer`), and hands their buffers to the daemon.
final class BufferLinkServer: Sendable {
    private let server: LocalSocketServer

    init(listener: LocalSocketListener, daemon: PreviewDaemon) throws {
        server = try LocalSocketServer(listener: listener) { peer in BufferLinkSession(peer: peer, daemon: daemon) }
    }

    var path: String { server.path }

    func start() throws {
        try server.start()
    }

    func stop() {
        server.stop()
    }
}

/// One `galley lsp` connection. A connection that goes away takes its
/// buffers with it, so pages return to the files on disk.
private final class BufferLinkSession: LocalSocketSession {
    /// Longest request line; a `set`'s text follows it and has its own limit.
    static let maximumLineLength = 64 * 1024

    private let peer: LocalSocketPeer
    private let daemon: PreviewDaemon
    /// The editor's version of each buffer it set, so that its edits apply to the text they were made on.
    private var versions: [String: Int] = [:]
    /// The diagnostics of each file in the last reply about it, so that a reply need not repeat them.
    private var told: [String: [Diagnostic]] = [:]
    /// Once the peer asked to `listen`: its place among the daemon's editors.
    private var clickForwarding: Int?

    init(peer: LocalSocketPeer, daemon: PreviewDaemon) {
        self.peer = peer
        self.daemon = daemon
    }

    func receive(_ input: inout [UInt8]) -> Bool {
        while true {
            // A listening peer only receives; what it sends means nothing.
            if clickForwarding != nil {
                input.removeAll()
                return true
            }
            guard let newline = input.firstIndex(of: 0x0A) else { return input.count <= Self.maximumLineLength }
            guard let request = BufferLinkProtocol.parse(Array(input[..<newline])) else {
                try? peer.write(BufferLinkProtocol.line { $0.field("error", "bad request") })
                return false
            }
            var used = newline + 1
            let reply: [UInt8]
            switch request {
            case .hello:
                reply = BufferLinkProtocol.line { json in
                    json.field("root", daemon.root)
                    json.field("url", daemon.url)
                }
            case .set(let path, let version, let length):
                // Wait for the whole text (the header stays until it is here).
                guard input.count - used >= length else { return true }
                let text = Array(input[used..<(used + length)])
                used += length
                versions[path] = version
                reply = replying(daemon.setBuffer(text, for: path), about: path)
            case .edit(let path, let base, let version, let range, let length):
                guard input.count - used >= length else { return true }
                let replacement = Array(input[used..<(used + length)])
                used += length
                if versions[path] == base, let state = daemon.editBuffer(for: path, replacing: range, with: replacement) {
                    versions[path] = version
                    reply = replying(state, about: path)
                } else {
                    reply = BufferLinkProtocol.staleReply
                }
            case .drop(let path):
                versions[path] = nil
                reply = replying(daemon.dropBuffer(for: path), about: path)
            case .vocabulary:
                reply = BufferLinkProtocol.reply(daemon.vocabulary)
            case .follow(let path, let line):
                daemon.follow(path: path, line: line)
                reply = BufferLinkProtocol.line { _ in }
            case .listen:
                let peer = peer
                clickForwarding = daemon.editors.add { path, line, column in
                    (try? peer.write(BufferLinkProtocol.showEvent(path: path, line: line, column: column))) != nil
                }
                input.removeSubrange(..<used)
                continue
            }
            input.removeSubrange(..<used)
            guard (try? peer.write(reply)) != nil else { return false }
        }
    }

    /// The reply telling `state`, noting what the editor now knows of `path`.
    private func replying(_ state: PreviewFileState, about path: String) -> [UInt8] {
        defer { told[path] = state.diagnostics }
        return BufferLinkProtocol.reply(state, told: told[path])
    }

    func closed() {
        if let clickForwarding { daemon.editors.remove(clickForwarding) }
        for path in versions.keys { _ = daemon.dropBuffer(for: path) }
    }
}
