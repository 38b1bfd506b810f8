import Glibc

/// An open file descriptor, a type rather than a bare `Int32`.
struct FileDescriptor: Hashable, Sendable {
    let rawValue: Int32

    /// Closes the descriptor; on Linux it is released even when `close` reports EINTR, so it is never retried.
    func close() {
        _ = Glibc.close(rawValue)
    }
}
