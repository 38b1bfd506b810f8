import Foundation
import GalleyCore
import GalleyServer

/// Where the language server sends open buffers: a `galley serve` already
/// running for the folder (over its Unix socket), or a preview the language
/// server runs itself.
protocol PreviewLink: AnyObject {
    /// The content folder's real path.
    var root: AbsolutePath { get }
    /// The preview's origin, `http://127.0.0.1:PORT/`.
    var url: String { get }
    /// Shows `text`, the editor's `version` of it, for `path` (relative) and
    /// returns what the daemon says about it; `edit` is the change from the
    /// version the daemon holds, sent instead of the text when it still holds it.
    func setBuffer(_ text: [UInt8], version: Int, edit: BufferEdit?, for path: RelativePath) throws(PreviewLinkError) -> PreviewFileState
    /// Shows the file on disk again (also: asks for its state).
    func dropBuffer(for path: RelativePath) throws(PreviewLinkError) -> PreviewFileState
    /// Tag names, the image key and the assets, with URLs relative to `url`.
    func vocabulary() throws(PreviewLinkError) -> EditorVocabulary
    /// Scrolls pages that follow the editor to the block at `line` (1-based).
    func follow(path: RelativePath, line: Int) throws(PreviewLinkError)
    /// Calls `show` (on another thread) for each Alt/Ctrl-click on a block.
    func forwardClicks(to show: @escaping @Sendable (_ path: RelativePath, _ line: Int, _ column: Int) -> Void)
    func close()
}

/// A running `galley serve` reached through its socket.
final class DaemonSocketLink: PreviewLink {
    let root: AbsolutePath
    let url: String
    private let connection: LocalSocketConnection
    private var clicks: LocalSocketConnection?
    /// The diagnostics of each file in the daemon's last reply about it, which a reply may say are the same.
    private var sent: [RelativePath: [Diagnostic]] = [:]

    /// Connects to the daemon serving `root`, if one listens.
    init(root: AbsolutePath) throws {
        connection = try LocalSocketConnection.connect(to: DaemonSocketPath.socket(forRoot: root.rawValue))
        try connection.write(BufferLinkProtocol.header(.hello))
        guard let line = connection.readLine(), case .success(let json) = JSONReader.parse(line),
            let served = json.member("root")?.value.stringValue, let url = json.member("url")?.value.stringValue,
            served == root.rawValue
        else {
            connection.close()
            throw PreviewLinkError.unexpectedGreeting(root: root)
        }
        self.root = root
        self.url = url
    }

    func setBuffer(_ text: [UInt8], version: Int, edit: BufferEdit?, for path: RelativePath) throws(PreviewLinkError) -> PreviewFileState {
        if let edit {
            let header = BufferLinkProtocol.header(
                .edit(
                    path: path, base: edit.base, version: version, range: edit.range,
                    length: edit.replacement.count))
            try write(header + edit.replacement)
            // Stale: the daemon does not hold the text the edit was made on; the whole text follows.
            if let state = BufferLinkProtocol.parseReply(try readLine(), sent: sent[path]) {
                sent[path] = state.diagnostics
                return state
            }
        }
        try write(BufferLinkProtocol.header(.set(path: path, version: version, length: text.count)))
        try write(text)
        return try readReply(about: path)
    }

    func dropBuffer(for path: RelativePath) throws(PreviewLinkError) -> PreviewFileState {
        try write(BufferLinkProtocol.header(.drop(path: path)))
        return try readReply(about: path)
    }

    func vocabulary() throws(PreviewLinkError) -> EditorVocabulary {
        try write(BufferLinkProtocol.header(.vocabulary))
        guard let vocabulary = BufferLinkProtocol.parseVocabulary(try readLine()) else { throw .unreadableReply(root: root) }
        return vocabulary
    }

    func follow(path: RelativePath, line: Int) throws(PreviewLinkError) {
        try write(BufferLinkProtocol.header(.follow(path: path, line: line)))
        _ = try readLine()
    }

    func forwardClicks(to show: @escaping @Sendable (RelativePath, Int, Int) -> Void) {
        guard let clicks = try? LocalSocketConnection.connect(to: DaemonSocketPath.socket(forRoot: root.rawValue)),
            (try? clicks.write(BufferLinkProtocol.header(.listen))) != nil
        else { return }
        self.clicks = clicks
        Thread.detachNewThread {
            while let line = clicks.readLine() {
                if let event = BufferLinkProtocol.parseShowEvent(line) { show(event.path, event.line, event.column) }
            }
        }
    }

    private func readReply(about path: RelativePath) throws(PreviewLinkError) -> PreviewFileState {
        guard let state = BufferLinkProtocol.parseReply(try readLine(), sent: sent[path]) else { throw .unreadableReply(root: root) }
        sent[path] = state.diagnostics
        return state
    }

    private func readLine() throws(PreviewLinkError) -> [UInt8] {
        guard let line = connection.readLine(limit: 64 * 1024 * 1024) else { throw .wentAway(root: root) }
        return line
    }

    /// A daemon that cannot be written to has gone away.
    private func write(_ bytes: [UInt8]) throws(PreviewLinkError) {
        do {
            try connection.write(bytes)
        } catch {
            throw .wentAway(root: root)
        }
    }

    func close() {
        clicks?.shutdownBoth()
        connection.close()
    }
}

/// A preview the language server serves itself on a free loopback port,
/// when no `galley serve` runs for the folder.
final class OwnPreviewLink: PreviewLink {
    private let daemon: PreviewDaemon
    let root: AbsolutePath
    let url: String

    init(folder: AbsolutePath) throws {
        var options = ServeOptions()
        options.directory = folder.rawValue
        options.port = 0
        options.logLevel = .quiet
        daemon = PreviewDaemon(options: options, acceptsEditors: false)
        url = try daemon.start().local
        root = AbsolutePath(rawValue: daemon.root)
    }

    /// The edit, when there is one, as from another process: the whole text
    /// handed over would be shared with the editor's buffer, and the next
    /// keystroke would copy it.
    func setBuffer(_ text: [UInt8], version: Int, edit: BufferEdit?, for path: RelativePath) -> PreviewFileState {
        if let edit, let state = daemon.editBuffer(for: path, replacing: edit.range, with: Array(edit.replacement)) {
            return state
        }
        return daemon.setBuffer(text, for: path)
    }

    func dropBuffer(for path: RelativePath) -> PreviewFileState {
        daemon.dropBuffer(for: path)
    }

    func vocabulary() -> EditorVocabulary {
        daemon.vocabulary
    }

    func follow(path: RelativePath, line: Int) {
        daemon.follow(path: path, line: line)
    }

    func forwardClicks(to show: @escaping @Sendable (RelativePath, Int, Int) -> Void) {
        _ = daemon.editors.add { path, line, column in
            show(RelativePath(rawValue: path), line, column)
            return true
        }
    }

    func close() {
        daemon.stop()
    }
}
