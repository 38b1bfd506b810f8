import Foundation
import GalleyServer

/// `galley serve`'s end of the editor link: accepts `galley lsp` processes
/// of the same user on the daemon's Unix socket and hands their buffers to
/// the daemon. A connection that goes away takes its buffers with it, so
/// pages return to the files on disk.
final class BufferLinkServer: @unchecked Sendable {
    private let listener: LocalSocketListener
    private let daemon: PreviewDaemon

    init(listener: LocalSocketListener, daemon: PreviewDaemon) {
        self.listener = listener
        self.daemon = daemon
    }

    var path: String { listener.path }

    func start() {
        Thread.detachNewThread { [self] in
            while let connection = try? listener.accept() {
                Thread.detachNewThread { [self] in serve(connection) }
            }
        }
    }

    func stop() {
        listener.close()
    }

    /// Hands Alt/Ctrl-clicks on blocks to the editor at the other end until it goes away.
    private func forwardClicks(to connection: LocalSocketConnection) {
        let id = daemon.editors.add { path, line, column in
            (try? connection.write(BufferLinkProtocol.showEvent(path: path, line: line, column: column))) != nil
        }
        while connection.readLine() != nil {}
        daemon.editors.remove(id)
    }

    private func serve(_ connection: LocalSocketConnection) {
        /// The editor's version of each buffer it set, so that its edits apply to the text they were made on.
        var versions: [String: Int] = [:]
        defer {
            for path in versions.keys { _ = daemon.dropBuffer(for: path) }
            connection.close()
        }
        while let line = connection.readLine() {
            guard let request = BufferLinkProtocol.parse(line) else {
                try? connection.write(BufferLinkProtocol.line { $0.field("error", "bad request") })
                return
            }
            let reply: [UInt8]
            switch request {
            case .hello:
                reply = BufferLinkProtocol.line { json in
                    json.field("root", daemon.root)
                    json.field("url", daemon.url)
                }
            case .set(let path, let version, let length):
                guard let text = connection.read(count: length) else { return }
                versions[path] = version
                reply = BufferLinkProtocol.reply(daemon.setBuffer(text, for: path))
            case .edit(let path, let base, let version, let range, let length):
                guard let replacement = connection.read(count: length) else { return }
                if versions[path] == base, let state = daemon.editBuffer(for: path, replacing: range, with: replacement) {
                    versions[path] = version
                    reply = BufferLinkProtocol.reply(state)
                } else {
                    reply = BufferLinkProtocol.staleReply
                }
            case .drop(let path):
                versions[path] = nil
                reply = BufferLinkProtocol.reply(daemon.dropBuffer(for: path))
            case .vocabulary:
                reply = BufferLinkProtocol.reply(daemon.vocabulary)
            case .follow(let path, let line):
                daemon.follow(path: path, line: line)
                reply = BufferLinkProtocol.line { _ in }
            case .listen:
                forwardClicks(to: connection)
                return
            }
            do { try connection.write(reply) } catch { return }
        }
    }
}
