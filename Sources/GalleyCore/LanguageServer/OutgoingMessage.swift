/// A message for the editor, as `LanguageServerSession` returns it; the
/// shell frames and writes it.
package enum OutgoingMessage: Equatable, Sendable {
    case result(id: RequestID, JSONOutput)
    /// An error answer; the id is null when the request's could not be read.
    case error(id: RequestID?, ResponseError)
    case notification(method: String, params: JSONOutput)
    /// A request to the client; nothing waits for its answer.
    case request(method: String, params: JSONOutput)

    /// The JSON-RPC body; `requestNumber` names a request to the client.
    package func body(requestNumber: Int = 0) -> [UInt8] {
        var members: [(String, JSONOutput)] = [("jsonrpc", .string("2.0"))]
        switch self {
        case .result(let id, let result):
            members += [("id", id.json), ("result", result)]
        case .error(let id, let error):
            let body = JSONOutput.object([("code", .int(error.code.rawValue)), ("message", .string(error.description))])
            members += [("id", id?.json ?? .null), ("error", body)]
        case .notification(let method, let params):
            members += [("method", .string(method)), ("params", params)]
        case .request(let method, let params):
            members += [("id", .string("galley-\(requestNumber)")), ("method", .string(method)), ("params", params)]
        }
        return JSONOutput.object(members).bytes
    }

    /// The body with the protocol's `Content-Length` header before it.
    package func framed(requestNumber: Int = 0) -> [UInt8] {
        let body = body(requestNumber: requestNumber)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static func showMessage(_ type: MessageType, _ message: String) -> OutgoingMessage {
        .notification(method: "window/showMessage", params: .object([("type", .int(type.rawValue)), ("message", .string(message))]))
    }
}

extension RequestID {
    var json: JSONOutput {
        switch self {
        case .number(let number): .int(number)
        case .string(let text): .string(text)
        }
    }
}
