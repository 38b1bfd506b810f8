/// Response bytes held once and shared by every connection that sends them,
/// so a thousand waiting pages do not each copy the same document.
///
/// Made from an array, it keeps that array rather than copying it: the
/// bytes a `JSONWriter` wrote are the bytes sent, written once. The array
/// is never changed while the body lives, and a Swift array keeps its
/// elements in one heap object of its own that never moves, so the address
/// libmicrohttpd is given stays valid until its free callback lets the body go.
package final class SharedBody: @unchecked Sendable {
    private let bytes: [UInt8]
    /// The bytes, for libmicrohttpd and for readers.
    let pointer: UnsafeRawBufferPointer

    /// A body of `bytes`, sharing their storage.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        pointer = bytes.withUnsafeBytes { $0 }
    }

    package convenience init(_ bytes: some Collection<UInt8>) {
        self.init(Array(bytes))
    }

    package convenience init(_ text: String) {
        self.init(Array(text.utf8))
    }

    package var count: Int { bytes.count }

    /// The bytes it holds room for: what a body kept for long costs.
    package var capacity: Int { bytes.capacity }

    /// The body's bytes, for as long as `read` runs.
    package func withUnsafeBytes<Result>(_ read: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes(read)
    }
}

/// What to send back: status, headers and a shared body.
///
/// Copies of one response share the libmicrohttpd response built for it, so
/// a thousand pages answered with the same document cost one build.
package struct HTTPResponse: Sendable {
    package let status: Int
    package let headers: [(name: String, value: String)]
    package let body: SharedBody
    let prepared = PreparedResponse()

    package init(status: Int, headers: [(name: String, value: String)] = [], body: SharedBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: Int, contentType: String, body: String, headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: SharedBody(body))
    }
}

/// The application's answer to a request: now, or once something changes.
package enum HTTPReply: Sendable {
    case now(HTTPResponse)
    /// Park the connection; the closure receives the handle that answers it
    /// later (it runs while the connection is already suspended).
    case later(@Sendable (PendingResponse) -> Void)
}
