import Dispatch
import GalleyCore
import GalleyServer
import GalleySystem

/// What the editor link asks of the daemon (`PreviewDaemon`); a test may
/// stand in for it.
protocol BufferLinkDaemon: AnyObject, Sendable {
    var root: String { get }
    var url: String { get }
    var editors: EditorOpeners { get }
    var vocabulary: EditorVocabulary { get }
    func setBuffer(_ text: [UInt8], for path: RelativePath) -> PreviewFileState
    func editBuffer(for path: RelativePath, replacing range: Range<Int>, with replacement: [UInt8]) -> PreviewFileState?
    func dropBuffer(for path: RelativePath) -> PreviewFileState
    func follow(path: RelativePath, line: Int)
}

extension PreviewDaemon: BufferLinkDaemon {}

/// `galley serve`'s end of the editor link: serves `galley lsp` processes of
/// the same user on the daemon's Unix socket, reading all of them from one
/// thread (see `LocalSocketServer`), and hands their buffers to the daemon.
final class BufferLinkServer: Sendable {
    private let server: LocalSocketServer

    init(listener: LocalSocketListener, daemon: any BufferLinkDaemon) throws {
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
///
/// Its requests are taken off the link's thread and carried out in turn on
/// a queue of the connection's own: a reply about a large file waits until
/// that file is read and rendered aside (up to two seconds,
/// `WorkspaceLane`), and on the link's thread that wait held up every other
/// editor. `galley lsp` sends a request only once the last was answered, so
/// the queue holds one at a time; one that floods it is cut off.
final class BufferLinkSession: LocalSocketSession, @unchecked Sendable {
    // Unchecked: `isListening` is only touched on the link's thread (in
    // `receive`); everything else that changes is behind a lock.
    /// Longest request line; a `set`'s text follows it and has its own limit.
    static let maximumLineLength = 64 * 1024
    /// Requests that may wait for their turn before the connection is cut off.
    static let maximumWaitingRequests = 16

    private let peer: LocalSocketPeer
    private let daemon: any BufferLinkDaemon
    private let turns = DispatchQueue(label: "galley.editor-link")
    /// Requests handed to `turns` and not yet carried out.
    private let waitingRequests = Locked(0)
    /// Read on the link's thread: the peer asked to `listen`, after which what it sends means nothing.
    private var isListening = false
    /// What the editor was told, changed as `turns` carries out its requests.
    private let state = Locked(SessionState())

    private struct SessionState {
        /// The editor's version of each buffer it set, so that its edits apply to the text they were made on.
        var versions: [RelativePath: Int] = [:]
        /// The diagnostics of each file in the last reply about it, so that a reply need not repeat them.
        var sent: [RelativePath: [Diagnostic]] = [:]
        /// Once the peer asked to `listen`: its place among the daemon's editors.
        var clickForwarding: Int?
    }

    /// A request with the bytes that follow its line.
    private struct Received {
        var request: BufferLinkProtocol.Request
        var payload: [UInt8]
    }

    init(peer: LocalSocketPeer, daemon: any BufferLinkDaemon) {
        self.peer = peer
        self.daemon = daemon
    }

    func receive(_ input: inout [UInt8]) -> Bool {
        while true {
            if isListening {
                input.removeAll()
                return true
            }
            guard let newline = input.firstIndex(of: 0x0A) else { return input.count <= Self.maximumLineLength }
            guard let request = BufferLinkProtocol.parse(Array(input[..<newline])) else {
                try? peer.write(BufferLinkProtocol.line { $0.field("error", "bad request") })
                return false
            }
            let used = newline + 1
            let length = request.payloadLength
            // Wait for the whole text (the header stays until it is here).
            guard input.count - used >= length else { return true }
            let received = Received(request: request, payload: Array(input[used..<(used + length)]))
            input.removeSubrange(..<(used + length))
            if case .listen = request { isListening = true }
            let admitted = waitingRequests.withLock { waiting -> Bool in
                guard waiting < Self.maximumWaitingRequests else { return false }
                waiting += 1
                return true
            }
            guard admitted else {
                try? peer.write(BufferLinkProtocol.line { $0.field("error", "too many requests waiting") })
                return false
            }
            turns.async { [self] in
                defer { waitingRequests.withLock { $0 -= 1 } }
                guard let reply = carryOut(received) else { return }
                // A peer that does not read is let go as the link's thread would
                // have let it go: its connection ends, and `closed` follows.
                if (try? peer.write(reply)) == nil { peer.hangUp() }
            }
        }
    }

    /// Carries out one request on `turns`; the reply to write, if any.
    private func carryOut(_ received: Received) -> [UInt8]? {
        switch received.request {
        case .hello:
            return BufferLinkProtocol.line { json in
                json.field("root", daemon.root)
                json.field("url", daemon.url)
            }
        case .set(let path, let version, _):
            state.withLock { $0.versions[path] = version }
            return replying(daemon.setBuffer(received.payload, for: path), about: path)
        case .edit(let path, let base, let version, let range, _):
            guard state.withLock({ $0.versions[path] }) == base,
                let fileState = daemon.editBuffer(for: path, replacing: range, with: received.payload)
            else {
                return BufferLinkProtocol.staleReply
            }
            state.withLock { $0.versions[path] = version }
            return replying(fileState, about: path)
        case .drop(let path):
            state.withLock { $0.versions[path] = nil }
            return replying(daemon.dropBuffer(for: path), about: path)
        case .vocabulary:
            return BufferLinkProtocol.reply(daemon.vocabulary)
        case .follow(let path, let line):
            daemon.follow(path: path, line: line)
            return BufferLinkProtocol.line { _ in }
        case .listen:
            let peer = peer
            let forwarding = daemon.editors.add { path, line, column in
                (try? peer.write(BufferLinkProtocol.showEvent(path: path, line: line, column: column))) != nil
            }
            state.withLock { $0.clickForwarding = forwarding }
            return nil
        }
    }

    /// The reply telling `fileState`, noting what the editor now knows of `path`.
    private func replying(_ fileState: PreviewFileState, about path: RelativePath) -> [UInt8] {
        state.withLock { state in
            defer { state.sent[path] = fileState.diagnostics }
            return BufferLinkProtocol.reply(fileState, sent: state.sent[path])
        }
    }

    /// After the requests before it: the buffers it set go once they are set.
    func closed() {
        // Most connections that end never set a buffer (a full house sheds
        // the silent ones): queueing nothing for them keeps a thousand
        // idle connections from waking a thread each. Nothing is queued
        // after this (requests are queued on the link's thread, as this is called).
        let leavesNothing = waitingRequests.withLock { $0 == 0 } && state.withLock { $0.versions.isEmpty && $0.clickForwarding == nil }
        guard !leavesNothing else { return }
        turns.async { [self] in
            let (forwarding, paths) = state.withLock { ($0.clickForwarding, Array($0.versions.keys)) }
            if let forwarding { daemon.editors.remove(forwarding) }
            for path in paths { _ = daemon.dropBuffer(for: path) }
        }
    }
}
