import Glibc

/// The calls Galley makes on sockets and pipes, on the one descriptor type:
/// retried on EINTR, failing with the call, the path and errno.
extension FileDescriptor {
    /// A pipe whose ends are closed on exec; a non-blocking one never stalls
    /// the thread that signals through it.
    package static func pipe(nonBlocking: Bool = false) throws(SystemCallError) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try retryingOnInterrupt("pipe") { Glibc.pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            if nonBlocking { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Sends all of `bytes` on a connected socket: a peer that left is an
    /// error (EPIPE), not a SIGPIPE.
    package func sendAll(_ bytes: [UInt8], path: String? = nil) throws(SystemCallError) {
        let failure: SystemCallError? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                do throws(SystemCallError) {
                    offset += try retryingOnInterrupt("send", path: path) {
                        send(rawValue, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    }
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Receives what is there into `buffer`: 0 when the peer has closed.
    package func receive(into buffer: UnsafeMutableRawBufferPointer, flags: Int32 = 0, path: String? = nil) throws(SystemCallError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return try retryingOnInterrupt("recv", path: path) { recv(rawValue, base, buffer.count, flags) }
    }

    /// Ends both directions of a socket, waking a thread blocked on it.
    package func shutdownBoth() {
        _ = Glibc.shutdown(rawValue, Int32(SHUT_RDWR))
    }
}
