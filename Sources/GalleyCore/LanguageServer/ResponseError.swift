/// Why a request is answered with an error: each case has its JSON-RPC
/// code and the message the editor shows.
package enum ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidJSON(JSONSyntaxError)
    case notJSONRPC
    case noMethod
    /// An id that is neither a number nor a string.
    case unreadableID
    /// The request lacks a member it needs (`textDocument`, `position`).
    case missingParameters(method: String, needs: [String])
    case notInitialized
    case alreadyInitialized
    case shuttingDown
    case unknownMethod(String)
    /// The input stream broke (a bad header) and is read no further.
    case refusedInput(FramingRefusal)

    package var code: ErrorCode {
        switch self {
        case .invalidJSON: .parseError
        case .notJSONRPC, .noMethod, .unreadableID, .alreadyInitialized, .shuttingDown, .refusedInput: .invalidRequest
        case .missingParameters: .invalidParams
        case .notInitialized: .serverNotInitialized
        case .unknownMethod: .methodNotFound
        }
    }

    package var description: String {
        switch self {
        case .invalidJSON(let error): "invalid JSON at byte \(error.offset): \(error.message)"
        case .notJSONRPC: "not a JSON-RPC 2.0 message"
        case .noMethod: "a message needs a 'method'"
        case .unreadableID: "an id must be a number or a string"
        case .missingParameters(let method, let needs): "\(method) needs " + needs.map { "a '\($0)'" }.joined(separator: " and ")
        case .notInitialized: "initialize first"
        case .alreadyInitialized: "initialize was already called"
        case .shuttingDown: "the server is shutting down"
        case .unknownMethod(let method): "unknown method '\(method)'"
        case .refusedInput(let refusal): "refused: \(refusal)"
        }
    }
}
