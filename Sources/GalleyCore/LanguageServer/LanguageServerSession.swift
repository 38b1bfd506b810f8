/// The language server (LSP 3.17) as a value that does no I/O: each event
/// (a message from the editor, the input falling idle, the outcome of an
/// action) goes in, the actions to carry out come out. Open buffers drive
/// their previews through `attach`, `show` and `drop` actions; Galley's
/// diagnostics go back to the editor after each change.
///
/// Changes only mark a document; `inputIdle` sends each changed buffer
/// once, as one edit, so a burst of keystrokes costs one rendering.
package struct LanguageServerSession {
    struct OpenDocument {
        var text: OpenTextDocument
        /// The preview covering the file and the file's path in it; nil when none does.
        var preview: PreviewID?
        var path: RelativePath?
        /// Its preview went away: look for one again at the next change.
        var lostPreview = false
        /// What to do once the preview asked for is found.
        var awaitedAttach: AttachPurpose?
        /// The session's count of the texts sent; the preview holds `shown` when not nil.
        var sent = 0
        var shown: Int?
        /// What changed since the preview got `shown`.
        var unsent: ChangedSpan
    }

    enum AttachPurpose {
        /// Just opened: a buffer that differs from the file (restored unsaved work) is shown at the next idle.
        case opened
        /// Its change waits to be sent now.
        case sending
    }

    /// A request that needs its preview's vocabulary, waiting for it.
    struct WaitingRequest {
        var id: RequestID
        var request: EditorRequest
        var preview: PreviewID
    }

    package private(set) var encoding = PositionEncoding.utf16
    package private(set) var capabilities = ClientCapabilities()
    private var initialized = false
    private var shutdownRequested = false
    var documents: [DocumentURI: OpenDocument] = [:]
    /// Documents changed since the last flush, in the order they changed.
    private(set) var pendingPreview: [DocumentURI] = []
    /// Why files got no preview, each said to the editor once.
    private var refusalsSaid: Set<PreviewRefusal> = []
    /// The preview this process started, until the editor is told its first page.
    private var unannouncedPreview: PreviewID?
    private var waitingForVocabulary: [WaitingRequest] = []
    /// `serverInfo.version` in the answer to `initialize`.
    let version: String

    /// Set once `exit` arrives: the status to leave with.
    package private(set) var exitStatus: Int32?

    package init(version: String) {
        self.version = version
    }

    /// Whole copies the open buffers' texts made of themselves (see `OpenTextDocument.wholeCopies`).
    package var wholeTextCopies: Int { documents.values.reduce(0) { $0 + $1.text.wholeCopies } }

    package mutating func handle(_ event: LanguageServerEvent) -> [LanguageServerAction] {
        switch event {
        case .message(let message): return handle(message)
        case .inputIdle: return flush()
        case .attached(let uri, let lookup): return attached(uri, lookup)
        case .previewed(let uri, let sent, let state):
            if let sent { documents[uri]?.shown = sent }
            return publish(uri, state)
        case .vocabulary(let preview, let vocabulary): return answerWaiting(for: preview, with: vocabulary)
        case .previewFailed(let preview, let error): return lose(preview, error) + answerWaiting(for: preview, with: nil)
        }
    }

    private mutating func handle(_ message: IncomingMessage) -> [LanguageServerAction] {
        switch message {
        case .response: return []
        case .malformed(let id, let error): return [.send(.error(id: id, error))]
        case .notification(let notification): return handle(notification)
        case .request(let id, let request):
            switch admit(request) {
            case .failure(let error): return [.send(.error(id: id, error))]
            case .success: return answer(id, request)
            }
        }
    }

    /// Whether `request` may be answered now.
    private func admit(_ request: EditorRequest) -> Result<Void, ResponseError> {
        if case .initialize = request { return initialized ? .failure(.alreadyInitialized) : .success(()) }
        guard initialized else { return .failure(.notInitialized) }
        guard !shutdownRequested else { return .failure(.shuttingDown) }
        return .success(())
    }

    private mutating func answer(_ id: RequestID, _ request: EditorRequest) -> [LanguageServerAction] {
        switch request {
        case .initialize(let client):
            return [.send(.result(id: id, initialize(client)))] + (client.showDocument ? [.forwardClicks] : [])
        case .shutdown:
            shutdownRequested = true
            return [.send(.result(id: id, .null))]
        case .codeAction(let uri, let diagnostics): return [.send(.result(id: id, codeActions(uri: uri, diagnostics)))]
        case .documentHighlight(let place): return documentHighlight(id, at: place)
        case .completion(let place), .hover(let place), .definition(let place):
            // What these say comes from the preview's names: ask it first.
            guard let preview = documents[place.uri]?.preview else { return [.send(.result(id: id, knowledge(request, vocabulary: nil)))] }
            waitingForVocabulary.append(WaitingRequest(id: id, request: request, preview: preview))
            return [.fetchVocabulary(preview)]
        case .unknown(let method): return [.send(.error(id: id, .unknownMethod(method)))]
        }
    }

    private mutating func answerWaiting(for preview: PreviewID, with vocabulary: EditorVocabulary?) -> [LanguageServerAction] {
        let answered = waitingForVocabulary.filter { $0.preview == preview }
        waitingForVocabulary.removeAll { $0.preview == preview }
        return answered.map { .send(.result(id: $0.id, knowledge($0.request, vocabulary: vocabulary))) }
    }

    private func knowledge(_ request: EditorRequest, vocabulary: EditorVocabulary?) -> JSONOutput {
        switch request {
        case .completion(let place): completion(at: place, vocabulary: vocabulary)
        case .hover(let place): hover(at: place, vocabulary: vocabulary)
        case .definition(let place): definition(at: place, vocabulary: vocabulary)
        case .initialize, .shutdown, .codeAction, .documentHighlight, .unknown: .null
        }
    }

    private mutating func handle(_ notification: EditorNotification) -> [LanguageServerAction] {
        if notification == .exit {
            exitStatus = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        switch notification {
        case .didOpen(let uri, let text, let version):
            let document = OpenTextDocument(text: text, version: version)
            documents[uri] = OpenDocument(text: document, unsent: ChangedSpan(length: document.bytes.count))
            return attach(uri, for: .opened)
        case .didChange(let uri, let version, let changes):
            // Out of the table while it changes, so that its text is edited in place, not copied.
            guard var document = documents.removeValue(forKey: uri) else { return [] }
            for change in changes { apply(change, to: &document) }
            if let version { document.text.version = version }
            documents[uri] = document
            schedulePreview(uri)
            return []
        case .didSave(let uri):
            pendingPreview.removeAll { $0 == uri }
            return dropBuffer(uri)
        case .didClose(let uri):
            pendingPreview.removeAll { $0 == uri }
            let actions = dropBuffer(uri)
            documents[uri] = nil
            let empty = JSONOutput.object([("uri", .string(uri.rawValue)), ("diagnostics", .array([]))])
            return actions + [.send(.notification(method: "textDocument/publishDiagnostics", params: empty))]
        case .exit, .ignored: return []
        }
    }

    private mutating func initialize(_ client: ClientCapabilities) -> JSONOutput {
        capabilities = client
        encoding = PositionEncoding.negotiate(offered: client.positionEncodings)
        initialized = true
        return .object([
            (
                "capabilities",
                .object([
                    ("positionEncoding", .string(encoding.rawValue)),
                    (
                        "textDocumentSync",
                        .object([
                            ("openClose", .bool(true)),
                            ("change", .int(TextDocumentSyncKind.incremental.rawValue)),
                            ("save", .object([("includeText", .bool(false))])),
                        ])
                    ),
                    ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                    ("completionProvider", .object([("triggerCharacters", .array([.string("<"), .string(">"), .string("\"")]))])),
                    ("hoverProvider", .bool(true)),
                    ("definitionProvider", .bool(true)),
                    ("documentHighlightProvider", .bool(true)),
                ])
            ),
            ("serverInfo", .object([("name", .string("galley")), ("version", .string(version))])),
        ])
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

    private mutating func schedulePreview(_ uri: DocumentURI) {
        if !pendingPreview.contains(uri) { pendingPreview.append(uri) }
    }

    /// Sends every changed buffer to its preview once; one whose preview
    /// was lost looks for one first.
    private mutating func flush() -> [LanguageServerAction] {
        let uris = pendingPreview
        pendingPreview = []
        return uris.flatMap { uri in
            documents[uri]?.lostPreview == true ? attach(uri, for: .sending) : sendBuffer(uri)
        }
    }

    private mutating func sendBuffer(_ uri: DocumentURI) -> [LanguageServerAction] {
        guard var document = documents[uri], let preview = document.preview, let path = document.path else { return [] }
        let edit = document.shown.map { document.unsent.edit(base: $0, to: document.text.bytes) }
        document.sent += 1
        document.unsent = ChangedSpan(length: document.text.bytes.count)
        document.shown = nil
        documents[uri] = document
        return [.show(uri, BufferShow(text: document.text.bytes, version: document.sent, edit: edit, path: path, preview: preview))]
    }

    /// Shows the file on disk again in the document's preview.
    private mutating func dropBuffer(_ uri: DocumentURI) -> [LanguageServerAction] {
        guard let document = documents[uri], let preview = document.preview, let path = document.path else { return [] }
        documents[uri]?.shown = nil
        return [.drop(uri, path: path, in: preview)]
    }

    // MARK: - Previews

    private mutating func attach(_ uri: DocumentURI, for purpose: AttachPurpose) -> [LanguageServerAction] {
        guard let file = uri.filePath else { return [] }
        documents[uri]?.lostPreview = false
        documents[uri]?.shown = nil
        documents[uri]?.awaitedAttach = purpose
        return [.attach(uri, file: file, workspaceFolders: capabilities.workspaceFolders)]
    }

    private mutating func attached(_ uri: DocumentURI, _ lookup: PreviewLookup) -> [LanguageServerAction] {
        guard let purpose = documents[uri]?.awaitedAttach else { return [] }
        documents[uri]?.awaitedAttach = nil
        switch lookup {
        case .found(let preview, let path, let started):
            documents[uri]?.preview = preview
            documents[uri]?.path = path
            if started { unannouncedPreview = preview }
            switch purpose {
            case .opened:
                schedulePreview(uri)
                return []
            case .sending: return sendBuffer(uri)
            }
        case .none: return []
        case .failed(let folder, let error):
            return [.send(.showMessage(.error, "Galley could not start a preview of \(folder): \(error)"))]
        case .refused(let refusal):
            // Said once: an editor opens many files of a folder it does not preview.
            guard refusalsSaid.insert(refusal).inserted else { return [] }
            return [.send(.showMessage(.warning, refusal.description))]
        }
    }

    /// A preview that failed is forgotten, so the next change finds another
    /// or serves the preview itself.
    private mutating func lose(_ preview: PreviewID, _ error: PreviewLinkError) -> [LanguageServerAction] {
        let holders = documents.filter { $0.value.preview == preview }.keys
        // Already forgotten: a later action on it failed for the same reason.
        guard !holders.isEmpty else { return [] }
        for uri in holders {
            documents[uri]?.preview = nil
            documents[uri]?.path = nil
            documents[uri]?.shown = nil
            documents[uri]?.lostPreview = true
        }
        let message = "Galley lost the preview of \(preview.root) (\(error)); the next change looks for one again"
        return [.forget(preview), .send(.showMessage(.warning, message))]
    }

    /// The document's diagnostics, and where its preview is the first time it is shown.
    private mutating func publish(_ uri: DocumentURI, _ state: PreviewFileState) -> [LanguageServerAction] {
        guard let document = documents[uri] else { return [] }
        var messages: [OutgoingMessage] = []
        if let preview = unannouncedPreview, preview == document.preview {
            unannouncedPreview = nil
            let url = preview.url + (state.pages.first.map { String($0.dropFirst()) } ?? "")
            messages.append(.showMessage(.info, "Galley preview: \(url)"))
            if capabilities.showDocument {
                messages.append(
                    .request(method: "window/showDocument", params: .object([("uri", .string(url)), ("external", .bool(true))])))
            }
        }
        let diagnostics = state.diagnostics.map { LanguageServerDiagnostic.json($0, in: document.text, encoding: encoding) }
        messages.append(
            .notification(
                method: "textDocument/publishDiagnostics",
                params: .object([
                    ("uri", .string(uri.rawValue)), ("version", .int(document.text.version)), ("diagnostics", .array(diagnostics)),
                ])))
        return messages.map(LanguageServerAction.send)
    }

    /// Asks the editor to show `line` (1-based) of `path` in `root`: an Alt/Ctrl-click on the page.
    package static func showLine(_ line: Int, of path: RelativePath, in root: AbsolutePath) -> OutgoingMessage {
        // The column is the page's (Unicode scalars); the line start is exact in every encoding.
        let position = TextPosition(line: max(0, line - 1), character: 0).json
        return .request(
            method: "window/showDocument",
            params: .object([
                ("uri", .string(DocumentURI(file: root.joined(path)).rawValue)), ("takeFocus", .bool(true)),
                ("selection", .object([("start", position), ("end", position)])),
            ]))
    }
}
