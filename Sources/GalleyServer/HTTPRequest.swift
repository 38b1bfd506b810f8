/// A request as the application sees it: already URL-decoded once by
/// libmicrohttpd, with header names in lower case.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The decoded path, without the query string.
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    /// Header names (lower case) sent more than once; `headers` keeps the last.
    public var repeatedHeaders: Set<String>
    /// The request body (bounded by the server's limit).
    public var body: [UInt8]
    /// Who sent it.
    public var peer: PeerAddress

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], repeatedHeaders: Set<String> = [], body: [UInt8] = [], peer: PeerAddress = .loopback) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.repeatedHeaders = repeatedHeaders
        self.body = body
        self.peer = peer
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
