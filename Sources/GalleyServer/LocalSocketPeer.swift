import GalleyCore
import GalleySystem
import Glibc

/// The server's end of one connection of a `LocalSocketServer`: the server
/// reads it; anyone may write to it (replies on the server's thread, events
/// from others), and writing and closing take turns, so a write never lands
/// on a descriptor that was closed and reused.
package final class LocalSocketPeer: Sendable {
    let descriptor: FileDescriptor
    private let isClosed = Locked(false)

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Writes all of `bytes`; throws once the connection is closed, or when
    /// the peer has not read for `LocalSocketServer.sendTimeoutSeconds`.
    package func write(_ bytes: [UInt8]) throws {
        try isClosed.withLock { closed in
            guard !closed else { throw SystemCallError(call: "send", path: nil, errno: EBADF) }
            try descriptor.sendAll(bytes)
        }
    }

    func setSendTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        _ = setsockopt(descriptor.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Ends the connection without closing the descriptor, which stays the
    /// server's to close: the server then reads its end and lets it go.
    package func hangUp() {
        isClosed.withLock { closed in
            guard !closed else { return }
            _ = shutdown(descriptor.rawValue, Int32(SHUT_RDWR))
        }
    }

    func close() {
        isClosed.withLock { closed in
            guard !closed else { return }
            closed = true
            descriptor.close()
        }
    }
}
