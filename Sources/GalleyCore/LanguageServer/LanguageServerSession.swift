/// The language server (LSP 3.17) as a value: each message from the editor
/// goes in, the messages to send come out. Open buffers drive their
/// previews (behind `EditorPreviews`); Galley's diagnostics go back to the
/// editor after each change.
///
/// Changes only mark a document; `flush` (called by the shell when no more
/// input is waiting) sends each changed buffer once, as one edit, so a
/// burst of keystrokes costs one rendering.
public struct LanguageServerSession {
    struct OpenDocument {
        var text: OpenTextDocument
        /// The preview covering the file and the file's path in it; nil when none does.
        var preview: PreviewID?
        var path: String?
        /// Its preview went away: look for one again at the next change.
        var lostPreview = false
        /// The session's count of the texts sent; the preview holds `shown` when not nil.
        var sent = 0
        var shown: Int?
        /// What changed since the preview got `shown`.
        var unsent: ChangedSpan
    }

    public private(set) var encoding = PositionEncoding.utf16
    public private(set) var capabilities = ClientCapabilities()
    private var initialized = false
    private var shutdownRequested = false
    var documents: [String: OpenDocument] = [:]
    /// Documents changed since the last flush, in the order they changed.
    public private(set) var pendingPreview: [String] = []
    /// Why files got no preview, each said to the editor once.
    private var refusalsSaid: Set<PreviewRefusal> = []
    /// The preview this process started, until the editor is told its first page.
    private var unannouncedPreview: PreviewID?
    let previews: any EditorPreviews
    /// `serverInfo.version` in the answer to `initialize`.
    let version: String

    /// Set once `exit` arrives: the status to leave with.
    public private(set) var exitStatus: Int32?

    public init(previews: any EditorPreviews, version: String) {
        self.previews = previews
        self.version = version
    }

    /// Whether the client opens documents the server asks it to.
    public var canShowDocument: Bool { capabilities.showDocument }

    public mutating func handle(_ message: IncomingMessage) -> [OutgoingMessage] {
        switch message {
        case .response: return []
        case .malformed(let id, let error): return [.error(id: id, error)]
        case .notification(let notification): return handle(notification)
        case .request(let id, let request):
            switch answer(request) {
            case .success(let (result, messages)): return messages + [.result(id: id, result)]
            case .failure(let error): return [.error(id: id, error)]
            }
        }
    }

    private mutating func answer(_ request: EditorRequest) -> Result<(JSONOutput, [OutgoingMessage]), ResponseError> {
        if case .initialize(let capabilities) = request { return initialize(capabilities).map { ($0, []) } }
        guard initialized else { return .failure(ResponseError(.serverNotInitialized, "initialize first")) }
        guard !shutdownRequested else { return .failure(ResponseError(.invalidRequest, "the server is shutting down")) }
        var messages: [OutgoingMessage] = []
        let result: JSONOutput
        switch request {
        case .initialize: return .failure(ResponseError(.invalidRequest, "initialize was already called"))
        case .shutdown:
            shutdownRequested = true
            result = .null
        case .codeAction(let uri, let diagnostics): result = codeActions(uri: uri, diagnostics, messages: &messages)
        case .completion(let position): result = completion(at: position, messages: &messages)
        case .hover(let position): result = hover(at: position, messages: &messages)
        case .definition(let position): result = definition(at: position, messages: &messages)
        case .documentHighlight(let position): result = documentHighlight(at: position, messages: &messages)
        case .unknown(let method): return .failure(ResponseError(.methodNotFound, "unknown method '\(method)'"))
        }
        return .success((result, messages))
    }

    private mutating func handle(_ notification: EditorNotification) -> [OutgoingMessage] {
        if notification == .exit {
            exitStatus = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        var messages: [OutgoingMessage] = []
        switch notification {
        case .didOpen(let uri, let text, let version):
            let document = OpenTextDocument(text: text, version: version)
            documents[uri] = OpenDocument(text: document, unsent: ChangedSpan(length: document.bytes.count))
            attach(uri, messages: &messages)
            // A buffer that differs from the file at open (restored unsaved work) is shown as such.
            if documents[uri]?.preview != nil { schedulePreview(uri) }
        case .didChange(let uri, let version, let changes):
            guard var document = documents[uri] else { break }
            documents[uri] = nil
            for change in changes { apply(change, to: &document) }
            if let version { document.text.version = version }
            documents[uri] = document
            schedulePreview(uri)
        case .didSave(let uri):
            pendingPreview.removeAll { $0 == uri }
            if let state = dropBuffer(uri, messages: &messages) { messages += publish(uri, state) }
        case .didClose(let uri):
            pendingPreview.removeAll { $0 == uri }
            _ = dropBuffer(uri, messages: &messages)
            documents[uri] = nil
            messages.append(.notification(method: "textDocument/publishDiagnostics", params: .object([("uri", .string(uri)), ("diagnostics", .array([]))])))
        case .exit, .ignored: break
        }
        return messages
    }

    private mutating func initialize(_ client: ClientCapabilities) -> Result<JSONOutput, ResponseError> {
        guard !initialized else { return .failure(ResponseError(.invalidRequest, "initialize was already called")) }
        capabilities = client
        encoding = PositionEncoding.negotiate(offered: client.positionEncodings)
        initialized = true
        return .success(.object([
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
            ("serverInfo", .object([("name", .string("galley")), ("version", .string(version))])),
        ]))
    }

    // MARK: - Text

    private func apply(_ change: ContentChange, to document: inout OpenDocument) {
        guard let range = change.range else {
            document.unsent.record(0..<document.text.bytes.count, inTextOf: document.text.bytes.count)
            document.text.replaceAll(with: change.text)
            return
        }
        let start = document.text.offset(of: range.start, encoding: encoding)
        let end = document.text.offset(of: range.end, encoding: encoding)
        document.unsent.record(min(start, end)..<max(start, end), inTextOf: document.text.bytes.count)
        document.text.replace(range, with: change.text, encoding: encoding)
    }

    private mutating func schedulePreview(_ uri: String) {
        if !pendingPreview.contains(uri) { pendingPreview.append(uri) }
    }

    /// Sends every changed buffer to its preview once.
    public mutating func flush() -> [OutgoingMessage] {
        var messages: [OutgoingMessage] = []
        let uris = pendingPreview
        pendingPreview = []
        for uri in uris {
            if documents[uri]?.lostPreview == true { attach(uri, messages: &messages) }
            guard var document = documents[uri], let preview = document.preview, let path = document.path else { continue }
            let edit = document.shown.map { document.unsent.edit(base: $0, to: document.text.bytes) }
            document.sent += 1
            document.unsent = ChangedSpan(length: document.text.bytes.count)
            let version = document.sent
            document.shown = nil
            documents[uri] = document
            let state = call(preview, messages: &messages) { try $0.show(document.text.bytes, version: version, edit: edit, for: path, in: preview) }
            guard let state else { continue }
            documents[uri]?.shown = version
            messages += publish(uri, state)
        }
        return messages
    }

    /// Shows the file on disk again in the document's preview.
    private mutating func dropBuffer(_ uri: String, messages: inout [OutgoingMessage]) -> PreviewFileState? {
        guard let document = documents[uri], let preview = document.preview, let path = document.path else { return nil }
        documents[uri]?.shown = nil
        return call(preview, messages: &messages) { try $0.drop(path, in: preview) }
    }

    // MARK: - Previews

    private mutating func attach(_ uri: String, messages: inout [OutgoingMessage]) {
        guard let file = FileURI.path(of: uri) else { return }
        documents[uri]?.lostPreview = false
        documents[uri]?.shown = nil
        switch previews.attach(file: file, workspaceFolders: capabilities.workspaceFolders) {
        case .found(let preview, let path, let started):
            documents[uri]?.preview = preview
            documents[uri]?.path = path
            if started { unannouncedPreview = preview }
        case .none: break
        case .failed(let reason): messages.append(.showMessage(type: 1, reason))
        case .refused(let refusal):
            // Said once: an editor opens many files of a folder it does not preview.
            if refusalsSaid.insert(refusal).inserted { messages.append(.showMessage(type: 2, refusal.description)) }
        }
    }

    /// Runs `body` on the previews; a preview that fails is forgotten, so
    /// the next change finds another or serves the preview itself.
    mutating func call<Result>(_ preview: PreviewID, messages: inout [OutgoingMessage], _ body: (any EditorPreviews) throws -> Result) -> Result? {
        do {
            return try body(previews)
        } catch {
            previews.forget(preview)
            for (uri, document) in documents where document.preview == preview {
                documents[uri]?.preview = nil
                documents[uri]?.path = nil
                documents[uri]?.shown = nil
                documents[uri]?.lostPreview = true
            }
            messages.append(.showMessage(type: 2, "Galley lost the preview of \(preview.root) (\(error)); the next change looks for one again"))
            return nil
        }
    }

    /// The document's diagnostics, and where its preview is the first time it is shown.
    private mutating func publish(_ uri: String, _ state: PreviewFileState) -> [OutgoingMessage] {
        guard let document = documents[uri] else { return [] }
        var messages: [OutgoingMessage] = []
        if let preview = unannouncedPreview, preview == document.preview {
            unannouncedPreview = nil
            let url = preview.url + (state.pages.first.map { String($0.dropFirst()) } ?? "")
            messages.append(.showMessage(type: 3, "Galley preview: \(url)"))
            if canShowDocument {
                messages.append(.request(method: "window/showDocument", params: .object([("uri", .string(url)), ("external", .bool(true))])))
            }
        }
        let diagnostics = state.diagnostics.map { LanguageServerDiagnostic.json($0, in: document.text, encoding: encoding) }
        messages.append(.notification(method: "textDocument/publishDiagnostics", params: .object([
            ("uri", .string(uri)), ("version", .int(document.text.version)), ("diagnostics", .array(diagnostics)),
        ])))
        return messages
    }

    /// Asks the editor to show `line` (1-based) of `path` in `root`: an Alt/Ctrl-click on the page.
    public static func showLine(_ line: Int, of path: String, in root: String) -> OutgoingMessage {
        // The column is the page's (Unicode scalars); the line start is exact in every encoding.
        let position = TextPosition(line: max(0, line - 1), character: 0).json
        return .request(method: "window/showDocument", params: .object([
            ("uri", .string(FileURI.uri(ofPath: root.slashJoined(path)))), ("takeFocus", .bool(true)),
            ("selection", .object([("start", position), ("end", position)])),
        ]))
    }
}
