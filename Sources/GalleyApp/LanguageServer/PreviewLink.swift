import GalleyCore
import GalleyServer

/// Where the language server sends open buffers: a `galley serve` already
/// running for the folder (over its Unix socket), or a preview the language
/// server runs itself.
protocol PreviewLink: AnyObject {
    /// The content folder's real path.
    var root: String { get }
    /// The preview's origin, `http://127.0.0.1:PORT/`.
    var url: String { get }
    /// Shows `text` for `path` (relative) and returns what the daemon says about it.
    func setBuffer(_ text: [UInt8], for path: String) throws -> BufferLinkProtocol.FileState
    /// Shows the file on disk again (also: asks for its state).
    func dropBuffer(for path: String) throws -> BufferLinkProtocol.FileState
    func close()
}

/// A running `galley serve` reached through its socket.
final class DaemonSocketLink: PreviewLink {
    struct LinkError: Error, CustomStringConvertible {
        var description: String
    }

    let root: String
    let url: String
    private let connection: LocalSocketConnection

    /// Connects to the daemon serving `root`, if one listens.
    init(root: String) throws {
        connection = try LocalSocketConnection.connect(to: DaemonSocketPath.socket(forRoot: root))
        try connection.write(BufferLinkProtocol.header(.hello))
        guard let line = connection.readLine(), case .success(let json) = JSONReader.parse(line),
              let served = json.member("root")?.value.stringValue, let url = json.member("url")?.value.stringValue, served == root else {
            connection.close()
            throw LinkError(description: "the daemon for \(root) did not answer as expected")
        }
        self.root = root
        self.url = url
    }

    func setBuffer(_ text: [UInt8], for path: String) throws -> BufferLinkProtocol.FileState {
        try connection.write(BufferLinkProtocol.header(.set(path: path, length: text.count)) + text)
        return try readReply()
    }

    func dropBuffer(for path: String) throws -> BufferLinkProtocol.FileState {
        try connection.write(BufferLinkProtocol.header(.drop(path: path)))
        return try readReply()
    }

    private func readReply() throws -> BufferLinkProtocol.FileState {
        guard let line = connection.readLine(limit: 64 * 1024 * 1024), let state = BufferLinkProtocol.parseReply(line) else {
            throw LinkError(description: "the galley daemon for \(root) went away")
        }
        return state
    }

    func close() {
        connection.close()
    }
}

/// A preview the language server serves itself on a free loopback port,
/// when no `galley serve` runs for the folder.
final class OwnPreviewLink: PreviewLink {
    private let daemon: PreviewDaemon
    let root: String
    let url: String

    init(folder: String) throws {
        var options = ServeOptions()
        options.directory = folder
        options.port = 0
        options.logLevel = .quiet
        daemon = PreviewDaemon(options: options, acceptsEditors: false)
        url = try daemon.start()
        root = daemon.root
    }

    func setBuffer(_ text: [UInt8], for path: String) -> BufferLinkProtocol.FileState {
        daemon.setBuffer(text, for: path)
    }

    func dropBuffer(for path: String) -> BufferLinkProtocol.FileState {
        daemon.dropBuffer(for: path)
    }

    func close() {
        _ = daemon.stop()
    }
}
