/// A message from the editor, decoded once from its JSON-RPC body into the
/// few shapes Galley acts on; everything after this reads fields, not JSON.
package enum IncomingMessage: Equatable, Sendable {
    case request(id: RequestID, EditorRequest)
    case notification(EditorNotification)
    /// An answer to a request this server sent (`window/showDocument`); nothing waits on it.
    case response
    /// A body that is not a message; answered with `error` (id null when it had none).
    case malformed(id: RequestID?, ResponseError)

    /// The message in `body`, or why it is not one.
    package static func decode(_ body: [UInt8]) -> IncomingMessage {
        let json: JSONNode
        switch JSONReader.parse(body) {
        case .success(let node): json = node
        case .failure(let error): return .malformed(id: nil, .invalidJSON(error))
        }
        let idNode = json.member("id")?.value
        let id = idNode.flatMap(RequestID.init)
        guard json.objectValue != nil, json.member("jsonrpc")?.value.stringValue == "2.0" else {
            return .malformed(id: id, .notJSONRPC)
        }
        guard let method = json.member("method")?.value.stringValue else {
            return idNode == nil ? .malformed(id: nil, .noMethod) : .response
        }
        let params = json.member("params")?.value
        guard idNode != nil else { return .notification(EditorNotification(method: method, params: params)) }
        guard let id else { return .malformed(id: nil, .unreadableID) }
        switch EditorRequest.decode(method: method, params: params) {
        case .success(let request): return .request(id: id, request)
        case .failure(let error): return .malformed(id: id, error)
        }
    }
}

/// A request's id as the client wrote it, echoed in the answer.
package enum RequestID: Hashable, Sendable {
    case number(Int)
    case string(String)

    init?(_ node: JSONNode) {
        switch node.value {
        case .string(let text): self = .string(text)
        case .number(let number) where number == number.rounded() && abs(number) < 1e15: self = .number(Int(number))
        default: return nil
        }
    }
}

/// A place in an open document, as requests name it.
package struct DocumentPosition: Equatable, Sendable {
    package var uri: DocumentURI
    package var position: TextPosition
}

/// What the client says it can do, and where it works.
package struct ClientCapabilities: Equatable, Sendable {
    package var positionEncodings: [String] = []
    package var showDocument = false
    package var snippets = false
    /// The workspace folders' absolute paths, as `initialize` gives them
    /// (`workspaceFolders`, else `rootUri`, else `rootPath`): where the
    /// editor works, and so where previews may be.
    package var workspaceFolders: [AbsolutePath] = []
}

/// A diagnostic the client sends back with a code-action request.
package struct ClientDiagnostic: Equatable, Sendable {
    /// A fix-it as Galley published it in the diagnostic's `data`.
    package struct Fix: Equatable, Sendable {
        package var title: String
        package var edits: [(range: TextRange, newText: String)]

        package static func == (first: Fix, second: Fix) -> Bool {
            first.title == second.title && first.edits.elementsEqual(second.edits) { $0.range == $1.range && $0.newText == $1.newText }
        }
    }

    package var range: TextRange
    package var message: String
    /// The diagnostic as sent, echoed in the action's `diagnostics`.
    package var json: JSONValue
    /// Its fix-its, from `data.fixIts`; none for a diagnostic without Galley's data.
    package var fixes: [Fix] = []

    static func fixes(in node: JSONNode) -> [Fix] {
        (node.member("data")?.value.member("fixIts")?.value.arrayValue ?? []).compactMap { fix in
            guard let title = fix.member("title")?.value.stringValue, let edits = fix.member("edits")?.value.arrayValue else { return nil }
            let parsed = edits.compactMap { edit -> (range: TextRange, newText: String)? in
                guard let range = TextRange(json: edit.member("range")?.value), let newText = edit.member("newText")?.value.stringValue
                else { return nil }
                return (range, newText)
            }
            return parsed.count == edits.count && !parsed.isEmpty ? Fix(title: title, edits: parsed) : nil
        }
    }
}

/// The requests Galley answers; any other method is `unknown`.
package enum EditorRequest: Equatable, Sendable {
    case initialize(ClientCapabilities)
    case shutdown
    case completion(DocumentPosition)
    case hover(DocumentPosition)
    case definition(DocumentPosition)
    case documentHighlight(DocumentPosition)
    case codeAction(uri: DocumentURI, diagnostics: [ClientDiagnostic])
    case unknown(method: String)

    static func decode(method: String, params: JSONNode?) -> Result<EditorRequest, ResponseError> {
        func position() -> Result<DocumentPosition, ResponseError> {
            guard let uri = params?.member("textDocument")?.value.member("uri")?.value.stringValue,
                let position = TextPosition(json: params?.member("position")?.value)
            else {
                return .failure(.missingParameters(method: method, needs: ["textDocument", "position"]))
            }
            return .success(DocumentPosition(uri: DocumentURI(rawValue: uri), position: position))
        }
        switch method {
        case "initialize": return .success(.initialize(ClientCapabilities(initializeParams: params)))
        case "shutdown": return .success(.shutdown)
        case "textDocument/completion": return position().map(EditorRequest.completion)
        case "textDocument/hover": return position().map(EditorRequest.hover)
        case "textDocument/definition": return position().map(EditorRequest.definition)
        case "textDocument/documentHighlight": return position().map(EditorRequest.documentHighlight)
        case "textDocument/codeAction":
            guard let uri = params?.member("textDocument")?.value.member("uri")?.value.stringValue else {
                return .failure(.missingParameters(method: method, needs: ["textDocument"]))
            }
            let sent = params?.member("context")?.value.member("diagnostics")?.value.arrayValue ?? []
            let diagnostics = sent.compactMap { node -> ClientDiagnostic? in
                guard let message = node.member("message")?.value.stringValue, let range = TextRange(json: node.member("range")?.value)
                else { return nil }
                return ClientDiagnostic(range: range, message: message, json: node.value, fixes: ClientDiagnostic.fixes(in: node))
            }
            return .success(.codeAction(uri: DocumentURI(rawValue: uri), diagnostics: diagnostics))
        default: return .success(.unknown(method: method))
        }
    }
}

/// One change of a `didChange`: a range replaced, or the whole text when it has no range.
package struct ContentChange: Equatable, Sendable {
    package var range: TextRange?
    package var text: String
}

/// The notifications Galley acts on; others are ignored, as the protocol asks.
package enum EditorNotification: Equatable, Sendable {
    case didOpen(uri: DocumentURI, text: String, version: Int)
    case didChange(uri: DocumentURI, version: Int?, changes: [ContentChange])
    case didSave(uri: DocumentURI)
    case didClose(uri: DocumentURI)
    case exit
    /// Any other notification, or one of the above without the fields it needs.
    case ignored(method: String)

    init(method: String, params: JSONNode?) {
        let document = params?.member("textDocument")?.value
        let uri = document?.member("uri")?.value.stringValue.map(DocumentURI.init(rawValue:))
        switch (method, uri) {
        case ("exit", _): self = .exit
        case ("textDocument/didOpen", let uri?):
            guard let text = document?.member("text")?.value.stringValue else {
                self = .ignored(method: method)
                return
            }
            self = .didOpen(uri: uri, text: text, version: document?.member("version")?.value.intValue ?? 0)
        case ("textDocument/didChange", let uri?):
            guard let changes = params?.member("contentChanges")?.value.arrayValue else {
                self = .ignored(method: method)
                return
            }
            self = .didChange(
                uri: uri, version: document?.member("version")?.value.intValue,
                changes: changes.compactMap { change in
                    guard let text = change.member("text")?.value.stringValue else { return nil }
                    return ContentChange(range: change.member("range").flatMap { TextRange(json: $0.value) }, text: text)
                })
        case ("textDocument/didSave", let uri?): self = .didSave(uri: uri)
        case ("textDocument/didClose", let uri?): self = .didClose(uri: uri)
        default: self = .ignored(method: method)
        }
    }
}

extension ClientCapabilities {
    init(initializeParams params: JSONNode?) {
        let capabilities = params?.member("capabilities")?.value
        positionEncodings =
            capabilities?.member("general")?.value.member("positionEncodings")?.value.arrayValue?.compactMap(\.stringValue) ?? []
        showDocument = capabilities?.member("window")?.value.member("showDocument")?.value.member("support")?.value.value == .bool(true)
        let completionItem = capabilities?.member("textDocument")?.value.member("completion")?.value.member("completionItem")?.value
        snippets = completionItem?.member("snippetSupport")?.value.value == .bool(true)
        let folders = (params?.member("workspaceFolders")?.value.arrayValue ?? []).compactMap { folder in
            folder.member("uri")?.value.stringValue.flatMap { DocumentURI(rawValue: $0).filePath }
        }
        let rootURI = params?.member("rootUri")?.value.stringValue.flatMap { DocumentURI(rawValue: $0).filePath }
        let root = rootURI ?? params?.member("rootPath")?.value.stringValue.map(AbsolutePath.init(rawValue:))
        workspaceFolders = folders.isEmpty ? root.map { [$0] } ?? [] : folders
    }
}

extension TextPosition {
    init?(json node: JSONNode?) {
        guard let line = node?.member("line")?.value.intValue, let character = node?.member("character")?.value.intValue else { return nil }
        self.init(line: line, character: character)
    }

    var json: JSONOutput {
        .object([("line", .int(line)), ("character", .int(character))])
    }
}

extension TextRange {
    init?(json node: JSONNode?) {
        guard let start = TextPosition(json: node?.member("start")?.value), let end = TextPosition(json: node?.member("end")?.value) else {
            return nil
        }
        self.init(start: start, end: end)
    }

    var json: JSONOutput {
        .object([("start", start.json), ("end", end.json)])
    }
}

extension JSONNode {
    /// A non-negative whole number that fits an `Int`.
    var intValue: Int? {
        guard case .number(let number) = value, number >= 0, number < 1e15, number == number.rounded() else { return nil }
        return Int(number)
    }
}
