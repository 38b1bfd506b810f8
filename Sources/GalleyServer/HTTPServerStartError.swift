import Glibc

/// libmicrohttpd refused to start. `MHD_start_daemon` returns no reason,
/// only nothing; the errno it left, when it left one, is shown as a clue
/// and not as the cause.
package struct HTTPServerStartError: Error, CustomStringConvertible, Sendable {
    /// The address the server was to serve, such as `127.0.0.1:8080`.
    package var origin: String
    /// errno right after the failed start, if a call inside set it.
    package var lastSystemError: Int32?

    package var description: String {
        var text = "libmicrohttpd could not start serving \(origin) (MHD_start_daemon gave no daemon)"
        if let lastSystemError {
            text += "; the last system error was: \(String(cString: strerror(lastSystemError))) (errno \(lastSystemError))"
        }
        return text
    }
}
