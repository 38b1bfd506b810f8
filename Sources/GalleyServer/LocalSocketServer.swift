import GalleyCore
import GalleySystem
import Glibc
import Synchronization

/// What a `LocalSocketServer` does with one connection: it is handed the
/// bytes received so far, takes the requests they complete, and answers
/// through its `LocalSocketPeer`.
package protocol LocalSocketSession: AnyObject {
    /// Called on the server's thread when bytes arrive: removes from `input`
    /// what it used (leaving a partial request for later). Returns false to
    /// close the connection.
    func receive(_ input: inout [UInt8]) -> Bool
    /// The connection is gone (the peer left, was refused, or the server stopped).
    func closed()
}

/// Serves every connection of a listener from one thread that polls them
/// all, at most `maximumConnections` at a time (a newcomer replaces the
/// oldest that never sent anything, or is closed at once), each with an input buffer only as large as what it has sent and
/// not yet completed. A thread and a fixed buffer per connection made 1,000
/// idle connections cost 1,005 threads and 285 MB.
package final class LocalSocketServer: @unchecked Sendable {
    package static let defaultMaximumConnections = 64
    /// How long a reply may wait for a peer that does not read, before the
    /// connection is given up: a peer must not stall the others.
    static let sendTimeoutSeconds = 5

    private struct Client {
        let peer: LocalSocketPeer
        let session: any LocalSocketSession
        var input: [UInt8] = []
        var hasSpoken = false
    }

    private let listener: LocalSocketListener
    private let maximumConnections: Int
    private let makeSession: (LocalSocketPeer) -> any LocalSocketSession
    /// Written to by `stop()` to wake the poll.
    private let wake: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    private let clientCount = Locked(0)
    private let isStopping = Atomic(false)

    package init(
        listener: LocalSocketListener, maximumConnections: Int = defaultMaximumConnections,
        makeSession: @escaping (LocalSocketPeer) -> any LocalSocketSession
    ) throws {
        wake = try FileDescriptor.pipe()
        self.listener = listener
        self.maximumConnections = maximumConnections
        self.makeSession = makeSession
    }

    package var path: String { listener.path }

    /// Connections being served now.
    package var connectionCount: Int { clientCount.withLock { $0 } }

    /// Serves on a thread of its own until `stop()`.
    package func start() throws(SystemCallError) {
        try DetachedThread.start(name: "galley-link") { [self] in
            // An editor's keystroke reaches the page through this thread.
            PromptWakeUps.request()
            run()
        }
    }

    /// Stops accepting, closes every connection and removes the socket file.
    package func stop() {
        guard !isStopping.exchange(true, ordering: .relaxed) else { return }
        _ = try? wake.writeEnd.writeAll([1])
    }

    deinit {
        // Here, not when the thread ends: a late `stop()` must not write to a reused descriptor.
        wake.readEnd.close()
        wake.writeEnd.close()
    }

    private func run() {
        var clients: [Client] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            // The socket file goes first: a peer that sees its connection end finds no listener to retry.
            listener.close()
            for client in clients { close(client) }
        }
        while true {
            var watched = [
                pollfd(fd: listener.descriptor.rawValue, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd.rawValue, events: Int16(POLLIN), revents: 0),
            ]
            watched += clients.map { pollfd(fd: $0.peer.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
            guard (try? retryingOnInterrupt("poll") { poll(&watched, nfds_t(watched.count), -1) }) != nil else { return }
            if watched[1].revents != 0 { return }
            // Newest last: serve the ones that were there first, then admit newcomers.
            var remaining: [Client] = []
            remaining.reserveCapacity(clients.count + 1)
            for (index, var client) in clients.enumerated() {
                let events = watched[index + 2].revents
                guard events != 0 else {
                    remaining.append(client)
                    continue
                }
                if receive(into: &client, chunk: &chunk) {
                    remaining.append(client)
                } else {
                    close(client)
                }
            }
            clients = remaining
            if watched[0].revents != 0, let peer = listener.acceptPending() {
                // A full house makes room by closing the oldest connection that never sent a byte.
                if clients.count >= maximumConnections, let silent = clients.firstIndex(where: { !$0.hasSpoken }) {
                    close(clients.remove(at: silent))
                }
                if clients.count < maximumConnections {
                    peer.setSendTimeout(seconds: Self.sendTimeoutSeconds)
                    clients.append(Client(peer: peer, session: makeSession(peer)))
                } else {
                    peer.close()
                }
            }
            clientCount.withLock { $0 = clients.count }
        }
    }

    /// Reads what the peer sent and hands it to the session; false when the connection ends.
    private func receive(into client: inout Client, chunk: inout [UInt8]) -> Bool {
        let received = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemCallError) in
                try client.peer.descriptor.receive(into: buffer, flags: Int32(MSG_DONTWAIT))
            }
        }
        let count: Int
        switch received {
        case .success(let read): count = read
        // Nothing to read after all keeps the connection; another error closes it.
        case .failure(let error): return error.errno == EAGAIN || error.errno == EWOULDBLOCK
        }
        guard count > 0 else { return false }
        client.hasSpoken = true
        client.input.append(contentsOf: chunk[..<count])
        return client.session.receive(&client.input)
    }

    private func close(_ client: Client) {
        client.session.closed()
        client.peer.close()
    }
}
