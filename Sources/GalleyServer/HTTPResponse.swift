/// Response bytes held once and shared by every connection that sends them,
/// so a thousand waiting pages do not each copy the same document.
public final class SharedBody: @unchecked Sendable {
    let pointer: UnsafeMutableRawBufferPointer

    public init(_ bytes: some Collection<UInt8>) {
        pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        pointer.copyBytes(from: bytes)
        count = bytes.count
    }

    public init(_ text: String) {
        // Straight from the string's storage: a document body can be megabytes.
        var text = text
        count = text.utf8.count
        pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
        text.withUTF8 { pointer.copyMemory(from: UnsafeRawBufferPointer($0)) }
    }

    public let count: Int

    /// The body's bytes, for as long as `read` runs.
    public func withUnsafeBytes<Result>(_ read: (UnsafeRawBufferPointer) -> Result) -> Result {
        read(UnsafeRawBufferPointer(rebasing: pointer[..<count]))
    }

    deinit {
        pointer.deallocate()
    }
}

/// What to send back: status, headers and a shared body.
///
/// Copies of one response share the libmicrohttpd response built for it, so
/// a thousand pages answered with the same document cost one build.
public struct HTTPResponse: Sendable {
    public let status: Int
    public let headers: [(name: String, value: String)]
    public let body: SharedBody
    let prepared = PreparedResponse()

    public init(status: Int, headers: [(name: String, value: String)] = [], body: SharedBody) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, body: String, headers: [(name: String, value: String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: SharedBody(body))
    }
}

/// The application's answer to a request: now, or once something changes.
public enum HTTPReply: Sendable {
    case now(HTTPResponse)
    /// Park the connection; the closure receives the handle that answers it
    /// later (it runs while the connection is already suspended).
    case later(@Sendable (PendingResponse) -> Void)
}
