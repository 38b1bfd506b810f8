import Foundation
import GalleyCore
import GalleySystem
import Synchronization

/// `galley lsp`: the Language Server Protocol (3.17) over standard input and
/// output. Open buffers drive the preview; Galley's diagnostics come back to
/// the editor on every change.
///
/// Messages are handled on the reading thread in arrival order; changes that
/// arrive together are sent to the preview once, with the last text.
final class LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case serverNotInitialized = -32002
    }

    struct OpenDocument {
        var uri: String
        var text: OpenTextDocument
        /// Relative to the link's root; nil when no preview covers the file.
        var path: String?
        var link: PreviewLink?
        /// Its daemon went away: look for one again at the next change.
        var lostLink = false
    }

    private let output: MessageOutput
    private(set) var encoding = PositionEncoding.utf16
    private(set) var snippetSupport = false
    private var initialized = false
    private var shutdownRequested = false
    private var canShowDocument = false
    private var workspaceFolder: String?
    private(set) var documents: [String: OpenDocument] = [:]
    private(set) var pendingPreview: [String] = []
    private var links: [PreviewLink] = []
    private var ownPreview: OwnPreviewLink?
    /// The preview this process started, until the editor is told its first page.
    private var unannouncedPreview: OwnPreviewLink?

    /// Set once `exit` arrives: the status to leave with.
    private(set) var exitStatus: Int32?

    init(output: MessageOutput) {
        self.output = output
    }

    // MARK: - Messages

    /// Handles one message body.
    func handle(_ body: [UInt8]) {
        let json: JSONNode
        switch JSONReader.parse(body) {
        case .success(let node): json = node
        case .failure(let error):
            sendError(id: .null, .parseError, "invalid JSON at byte \(error.offset): \(error.message)")
            return
        }
        guard json.objectValue != nil, json.member("jsonrpc")?.value.stringValue == "2.0" else {
            sendError(id: JSONOutput(id: json.member("id")?.value), .invalidRequest, "not a JSON-RPC 2.0 message")
            return
        }
        let idNode = json.member("id")?.value
        guard let method = json.member("method")?.value.stringValue else {
            // A response to one of our requests (showDocument); nothing waits on it.
            if idNode == nil { sendError(id: .null, .invalidRequest, "a message needs a 'method'") }
            return
        }
        let params = json.member("params")?.value
        guard let idNode else {
            notification(method, params)
            return
        }
        switch idNode.value {
        case .string, .number: request(method, params, id: JSONOutput(id: idNode))
        default: sendError(id: .null, .invalidRequest, "an id must be a number or a string")
        }
    }

    private func request(_ method: String, _ params: JSONNode?, id: JSONOutput) {
        if method == "initialize" {
            initialize(params, id: id)
            return
        }
        guard initialized else { return sendError(id: id, .serverNotInitialized, "initialize first") }
        guard !shutdownRequested else { return sendError(id: id, .invalidRequest, "the server is shutting down") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            reply(id: id, .null)
        case "textDocument/codeAction": reply(id: id, codeActions(params))
        case "textDocument/completion": reply(id: id, completion(params))
        case "textDocument/hover": reply(id: id, hover(params))
        case "textDocument/definition": reply(id: id, definition(params))
        case "textDocument/documentHighlight": reply(id: id, documentHighlight(params))
        default:
            sendError(id: id, .methodNotFound, "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONNode?) {
        if method == "exit" {
            exitStatus = shutdownRequested ? 0 : 1
            return
        }
        guard initialized, !shutdownRequested else { return }
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        default: return
        }
    }

    private func initialize(_ params: JSONNode?, id: JSONOutput) {
        guard !initialized else { return sendError(id: id, .invalidRequest, "initialize was already called") }
        let capabilities = params?.member("capabilities")?.value
        let offered = capabilities?.member("general")?.value.member("positionEncodings")?.value.arrayValue?.compactMap(\.stringValue) ?? []
        encoding = PositionEncoding.negotiate(offered: offered)
        if case .bool(true)? = capabilities?.member("window")?.value.member("showDocument")?.value.member("support")?.value.value {
            canShowDocument = true
        }
        let completionItem = capabilities?.member("textDocument")?.value.member("completion")?.value.member("completionItem")?.value
        if case .bool(true)? = completionItem?.member("snippetSupport")?.value.value { snippetSupport = true }
        let folderURI = params?.member("workspaceFolders")?.value.arrayValue?.first?.member("uri")?.value.stringValue
            ?? params?.member("rootUri")?.value.stringValue
        workspaceFolder = folderURI.flatMap(FileURI.path(of:)) ?? params?.member("rootPath")?.value.stringValue
        initialized = true
        reply(id: id, .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .int(2)),
                    ("save", .object([("includeText", .bool(false))])),
                ])),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                ("completionProvider", .object([("triggerCharacters", .array([.string("<"), .string(">"), .string("\"")]))])),
                ("hoverProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("documentHighlightProvider", .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string("galley")), ("version", .string(GalleyVersion.current))])),
        ]))
    }

    // MARK: - Documents

    private func textDocument(_ params: JSONNode?) -> (uri: String, node: JSONNode)? {
        guard let node = params?.member("textDocument")?.value, let uri = node.member("uri")?.value.stringValue else { return nil }
        return (uri, node)
    }

    private func didOpen(_ params: JSONNode?) {
        guard let (uri, node) = textDocument(params), let text = node.member("text")?.value.stringValue else { return }
        let version = node.member("version")?.value.intValue ?? 0
        documents[uri] = OpenDocument(uri: uri, text: OpenTextDocument(text: text, version: version))
        findLink(uri)
        // A buffer that differs from the file at open (restored unsaved work) is shown as such.
        if documents[uri]?.link != nil { schedulePreview(uri) }
    }

    private func findLink(_ uri: String) {
        guard let file = FileURI.path(of: uri) else { return }
        let found = previewLink(for: file)
        documents[uri]?.link = found?.0
        documents[uri]?.path = found?.1
        documents[uri]?.lostLink = false
    }

    private func didChange(_ params: JSONNode?) {
        guard let (uri, node) = textDocument(params), var document = documents[uri],
              let changes = params?.member("contentChanges")?.value.arrayValue else { return }
        for change in changes {
            guard let text = change.member("text")?.value.stringValue else { continue }
            if let range = change.member("range").flatMap({ LanguageServer.range($0.value) }) {
                document.text.replace(range, with: text, encoding: encoding)
            } else {
                document.text.replaceAll(with: text)
            }
        }
        if let version = node.member("version")?.value.intValue { document.text.version = version }
        documents[uri] = document
        schedulePreview(uri)
    }

    private func didSave(_ params: JSONNode?) {
        guard let (uri, _) = textDocument(params), let document = documents[uri] else { return }
        pendingPreview.removeAll { $0 == uri }
        guard let link = document.link, let path = document.path else { return }
        publish(uri, state(of: link) { try $0.dropBuffer(for: path) })
    }

    private func didClose(_ params: JSONNode?) {
        guard let (uri, _) = textDocument(params), let document = documents.removeValue(forKey: uri) else { return }
        pendingPreview.removeAll { $0 == uri }
        if let link = document.link, let path = document.path { _ = state(of: link) { try $0.dropBuffer(for: path) } }
        sendNotification("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
    }

    private func schedulePreview(_ uri: String) {
        if !pendingPreview.contains(uri) { pendingPreview.append(uri) }
    }

    /// Sends every changed buffer to its preview once; called when no more
    /// input is waiting, so a burst of keystrokes renders its last text only.
    func flush() {
        let uris = pendingPreview
        pendingPreview = []
        for uri in uris {
            if documents[uri]?.lostLink == true { findLink(uri) }
            guard let document = documents[uri], let link = document.link, let path = document.path else { continue }
            // The same text as the file (just opened, undone, reloaded with `:e!`) is not unsaved work.
            if FileSystem.hasContents(link.root + "/" + path, document.text.bytes) {
                publish(uri, state(of: link) { try $0.dropBuffer(for: path) })
            } else {
                publish(uri, state(of: link) { try $0.setBuffer(document.text.bytes, for: path) })
            }
        }
    }

    /// Runs `call` on the link; a daemon that went away is forgotten, so the
    /// next open finds another or serves the preview itself.
    func state<Result>(of link: PreviewLink, _ call: (PreviewLink) throws -> Result) -> Result? {
        do {
            return try call(link)
        } catch {
            link.close()
            links.removeAll { $0 === link }
            for (uri, document) in documents where document.link === link {
                documents[uri]?.link = nil
                documents[uri]?.path = nil
                documents[uri]?.lostLink = true
            }
            showMessage(type: 2, "Galley lost the preview of \(link.root) (\(error)); the next change looks for one again")
            return nil
        }
    }

    // MARK: - Diagnostics

    private func publish(_ uri: String, _ state: BufferLinkProtocol.FileState?) {
        guard let state, let document = documents[uri] else { return }
        if let preview = unannouncedPreview, preview === document.link {
            unannouncedPreview = nil
            announcePreview(preview.url + (state.pages.first.map { String($0.dropFirst()) } ?? ""))
        }
        let diagnostics = state.diagnostics.map { lspDiagnostic($0, in: document) }
        sendNotification("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)), ("version", .int(document.text.version)), ("diagnostics", .array(diagnostics)),
        ]))
    }

    // MARK: - Finding the preview

    /// The preview that covers `file` (absolute) and the file's path in it:
    /// a running daemon for the file's folder or one above it, else a
    /// preview of the workspace folder served by this process.
    private func previewLink(for file: String) -> (PreviewLink, String)? {
        let folder = (file as NSString).deletingLastPathComponent
        guard let realFolder = FilePath.realPath(folder) else { return nil }
        let real = realFolder + "/" + (file as NSString).lastPathComponent
        for link in links {
            if let path = ContentPath.relative(real, to: link.root), isPreviewable(path) { return (link, path) }
        }
        var ancestor = realFolder
        while true {
            if FileSystem.exists(DaemonSocketPath.socket(forRoot: ancestor)), let link = try? DaemonSocketLink(root: ancestor),
               let path = ContentPath.relative(real, to: ancestor) {
                links.append(link)
                forwardClicks(from: link)
                return isPreviewable(path) ? (link, path) : nil
            }
            guard ancestor != "/", !ancestor.isEmpty else { break }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        guard ownPreview == nil else { return nil }
        let root = workspaceFolder.flatMap(FilePath.realPath).flatMap { ContentPath.relative(real, to: $0) != nil ? $0 : nil } ?? realFolder
        guard let path = ContentPath.relative(real, to: root), isPreviewable(path) else { return nil }
        do {
            let link = try OwnPreviewLink(folder: root)
            ownPreview = link
            links.append(link)
            forwardClicks(from: link)
            unannouncedPreview = link
            return (link, path)
        } catch {
            showMessage(type: 1, "Galley could not start a preview of \(root): \(error)")
            return nil
        }
    }

    private func isPreviewable(_ path: String) -> Bool {
        switch ContentPath.role(of: path) {
        case .config: true
        // A format reads it (for a bundle, its text file; not its attachments).
        case .content(let content): path == content.sourcePath
        default: false
        }
    }

    /// Alt/Ctrl-click on a block in the preview shows its line in the editor.
    private func forwardClicks(from link: PreviewLink) {
        guard canShowDocument else { return }
        let output = self.output
        let root = link.root
        link.forwardClicks { path, line, _ in
            // The column is the page's (Unicode scalars); the line start is exact in every encoding.
            let position = LanguageServer.json(TextPosition(line: max(0, line - 1), character: 0))
            output.request("window/showDocument", .object([
                ("uri", .string(FileURI.uri(ofPath: root + "/" + path))), ("takeFocus", .bool(true)),
                ("selection", .object([("start", position), ("end", position)])),
            ]))
        }
    }

    private func announcePreview(_ url: String) {
        showMessage(type: 3, "Galley preview: \(url)")
        guard canShowDocument else { return }
        output.request("window/showDocument", .object([("uri", .string(url)), ("external", .bool(true))]))
    }

    /// Stops the preview this process serves, answering its pages.
    func close() {
        for link in links { link.close() }
        links = []
    }

    // MARK: - Output

    private func showMessage(type: Int, _ message: String) {
        sendNotification("window/showMessage", .object([("type", .int(type)), ("message", .string(message))]))
    }

    private func reply(id: JSONOutput, _ result: JSONOutput) {
        output.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    func sendError(id: JSONOutput, _ code: ErrorCode, _ message: String) {
        output.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .int(code.rawValue)), ("message", .string(message))]))]))
    }

    private func sendNotification(_ method: String, _ params: JSONOutput) {
        output.send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }


    // MARK: - Positions

    static func range(_ node: JSONNode) -> TextRange? {
        guard let start = position(node.member("start")?.value), let end = position(node.member("end")?.value) else { return nil }
        return TextRange(start: start, end: end)
    }

    static func position(_ node: JSONNode?) -> TextPosition? {
        guard let line = node?.member("line")?.value.intValue, let character = node?.member("character")?.value.intValue else { return nil }
        return TextPosition(line: line, character: character)
    }

    static func json(_ range: TextRange) -> JSONOutput {
        .object([("start", json(range.start)), ("end", json(range.end))])
    }

    static func json(_ position: TextPosition) -> JSONOutput {
        .object([("line", .int(position.line)), ("character", .int(position.character))])
    }
}

extension JSONNode {
    /// A non-negative whole number that fits an `Int`.
    var intValue: Int? {
        guard case .number(let number) = value, number >= 0, number < 1e15, number == number.rounded() else { return nil }
        return Int(number)
    }
}

/// Writes framed messages to standard output, from any thread.
final class MessageOutput: Sendable {
    private let lock = Mutex(())
    private let descriptor: Int32
    private let nextRequestID = Atomic<Int>(0)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends a request to the client; nothing waits for its answer.
    func request(_ method: String, _ params: JSONOutput) {
        let id = nextRequestID.add(1, ordering: .relaxed).newValue
        send(.object([("jsonrpc", .string("2.0")), ("id", .string("galley-\(id)")), ("method", .string(method)), ("params", params)]))
    }

    func send(_ message: JSONOutput) {
        let body = message.bytes
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        lock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

/// `file://` URIs as the protocol sends them.
enum FileURI {
    /// The absolute path of a `file:` URI, percent-decoded; nil for other schemes.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let decoded = String(rest).removingPercentEncoding else { return nil }
        return decoded
    }

    static func uri(ofPath path: String) -> String {
        "file://" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
}
