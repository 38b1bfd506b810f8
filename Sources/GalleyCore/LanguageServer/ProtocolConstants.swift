/// The numbers the Language Server Protocol gives its enumerations, named
/// where Galley writes them.

/// How the server wants a document's changes: Galley takes each change's range.
package enum TextDocumentSyncKind: Int, Sendable {
    case none = 0
    case full = 1
    case incremental = 2
}

/// `window/showMessage`'s kinds.
package enum MessageType: Int, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}

package enum DiagnosticSeverity: Int, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4

    init(_ severity: Severity) {
        switch severity {
        case .error: self = .error
        case .warning: self = .warning
        case .note: self = .information
        }
    }
}

/// The icons of the completion items Galley offers.
package enum CompletionItemKind: Int, Sendable {
    case property = 10
    case constant = 12
    case keyword = 14
    case file = 17
}

package enum InsertTextFormat: Int, Sendable {
    case plainText = 1
    case snippet = 2
}

package enum DocumentHighlightKind: Int, Sendable {
    case text = 1
}

/// JSON-RPC's and the protocol's error codes.
package enum ErrorCode: Int, Sendable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case serverNotInitialized = -32002
}
