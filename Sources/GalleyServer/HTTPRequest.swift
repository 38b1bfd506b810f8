/// A request as the application sees it: already URL-decoded once by
/// libmicrohttpd, with header names in lower case.
package struct HTTPRequest: Sendable {
    package var method: String
    /// The decoded path, without the query string.
    package var path: String
    package var query: [String: String]
    package var headers: [String: String]
    /// Header names (lower case) sent more than once; `headers` keeps the last.
    package var repeatedHeaders: Set<String>
    /// The request body (bounded by the server's limit).
    package var body: [UInt8]
    /// Who sent it.
    package var peer: PeerAddress

    package init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], repeatedHeaders: Set<String> = [],
        body: [UInt8] = [], peer: PeerAddress = .loopback
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.repeatedHeaders = repeatedHeaders
        self.body = body
        self.peer = peer
    }

    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}
