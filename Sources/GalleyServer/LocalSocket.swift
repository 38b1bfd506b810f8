import GalleySystem
import Glibc

/// A Unix stream socket at a path, for the link between `galley serve` and
/// `galley lsp` on the same machine. Peers are checked with `SO_PEERCRED`:
/// only processes of the same user are accepted.
package final class LocalSocketListener: @unchecked Sendable {
    package let path: String
    let descriptor: FileDescriptor

    /// Binds `path` (replacing a stale socket nobody answers on) and listens.
    package init(path: String) throws {
        if LocalSocketConnection.isAnswering(path) {
            throw SystemCallError(call: "bind", path: path, errno: EADDRINUSE)
        }
        unlink(path)
        let descriptor = try LocalSocketConnection.makeSocket(path)
        do {
            try LocalSocketConnection.withAddress(path) { address, length in
                try retryingOnInterrupt("bind", path: path) { bind(descriptor.rawValue, address, length) }
            }
            chmod(path, 0o600)
            try retryingOnInterrupt("listen", path: path) { listen(descriptor.rawValue, 16) }
            // A server polls it, and a peer that left before `accept` must not block it.
            _ = try retryingOnInterrupt("fcntl", path: path) { fcntl(descriptor.rawValue, F_SETFL, O_NONBLOCK) }
        } catch {
            descriptor.close()
            throw error
        }
        self.descriptor = descriptor
        self.path = path
    }

    /// The next waiting peer, if it runs as the same user (others are
    /// closed at once); nil when none waits or the listener is closed.
    func acceptPending() -> LocalSocketPeer? {
        guard let accepted = try? retryingOnInterrupt("accept", path: path, { Glibc.accept(descriptor.rawValue, nil, nil) }) else {
            return nil
        }
        _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
        let peer = FileDescriptor(rawValue: accepted)
        guard LocalSocketConnection.peerUser(of: peer) == getuid() else {
            peer.close()
            return nil
        }
        return LocalSocketPeer(descriptor: peer)
    }

    /// Stops accepting and removes the socket file.
    package func close() {
        unlink(path)
        descriptor.shutdownBoth()
        descriptor.close()
    }
}

/// One end of a connected Unix stream socket, read and written whole.
package final class LocalSocketConnection: @unchecked Sendable {
    private let descriptor: FileDescriptor
    private var buffer: [UInt8] = []

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// Connects to a listener at `path` that runs as the same user.
    package static func connect(to path: String) throws -> LocalSocketConnection {
        let descriptor = try makeSocket(path)
        do {
            try withAddress(path) { address, length in
                try retryingOnInterrupt("connect", path: path) { Glibc.connect(descriptor.rawValue, address, length) }
            }
        } catch {
            descriptor.close()
            throw error
        }
        guard peerUser(of: descriptor) == getuid() else {
            descriptor.close()
            throw SystemCallError(call: "connect", path: path, errno: EACCES)
        }
        return LocalSocketConnection(descriptor: descriptor)
    }

    static func isAnswering(_ path: String) -> Bool {
        guard let connection = try? connect(to: path) else { return false }
        connection.close()
        return true
    }

    package func write(_ bytes: [UInt8]) throws {
        try descriptor.sendAll(bytes)
    }

    /// The bytes up to the next `\n` (without it); nil at the end of the
    /// stream or past `limit` bytes without one.
    package func readLine(limit: Int = 64 * 1024) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            guard buffer.count <= limit, fill() else { return nil }
        }
    }

    /// Exactly `count` bytes; nil if the stream ends first.
    package func read(count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { buffer in
            (try? descriptor.receive(into: buffer)) ?? 0
        }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Ends both directions, waking a reader blocked on this connection.
    package func shutdownBoth() {
        descriptor.shutdownBoth()
    }

    package func close() {
        descriptor.close()
    }

    static func makeSocket(_ path: String) throws(SystemCallError) -> FileDescriptor {
        FileDescriptor(
            rawValue: try retryingOnInterrupt("socket", path: path) {
                socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            })
    }

    static func withAddress(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Void) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw SystemCallError(call: "bind", path: path, errno: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        try withUnsafePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// The user id of the process at the other end (`SO_PEERCRED`), or nil.
    static func peerUser(of descriptor: FileDescriptor) -> uid_t? {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return credentials.1
    }
}
