/// Why the language server's input stream is read no further: a header
/// block it cannot trust.
package enum FramingRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case headerTooLong(limit: Int)
    case lineNotEndedByCRLF
    case malformedHeaderLine
    case repeatedContentLength
    /// The value as sent, cut short.
    case invalidContentLength(String)
    case contentTooLong(Int, limit: Int)
    case missingContentLength

    package var description: String {
        switch self {
        case .headerTooLong(let limit): "header block longer than \(limit) bytes"
        case .lineNotEndedByCRLF: "header line not ended by CR LF"
        case .malformedHeaderLine: "malformed header line"
        case .repeatedContentLength: "repeated Content-Length"
        case .invalidContentLength(let value): "invalid Content-Length '\(value)'"
        case .contentTooLong(let length, let limit): "Content-Length \(length) exceeds the limit of \(limit) bytes"
        case .missingContentLength: "missing Content-Length"
        }
    }
}
