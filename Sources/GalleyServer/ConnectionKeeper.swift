import CMicroHTTPD
import Dispatch
import GalleyCore
import GalleyShim
import GalleySystem

/// Carries out `ConnectionLedger` for libmicrohttpd: hears of connections
/// from its callbacks, and closes those the ledger gives up by shutting
/// their sockets down, which libmicrohttpd then sees as the peer leaving.
/// A timer runs only while some connection waits for its request head.
final class ConnectionKeeper: Sendable {
    /// Connections libmicrohttpd may hold beyond the ledger's capacity: those shut down but not yet closed.
    static let closingRoom: UInt32 = 64

    private struct State {
        var ledger: ConnectionLedger
        var sockets: [ConnectionLedger.ID: FileDescriptor] = [:]
        var nextID = 1
        var sweepPending = false
        var stopped = false
    }

    private let state: Locked<State>
    private let sweeps = DispatchQueue(label: "galley.http-heads")

    init(limits: ConnectionLedger.Limits) {
        state = Locked(State(ledger: ConnectionLedger(limits: limits)))
    }

    /// A connection was accepted; returns what libmicrohttpd keeps for it (its id).
    func opened(socket: FileDescriptor, trusted: Bool) -> UnsafeMutableRawPointer? {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.sockets[id] = socket
            close(state.ledger.opened(id, trusted: trusted, now: .now), in: &state)
            scheduleSweep(in: &state)
            return UnsafeMutableRawPointer(bitPattern: id)
        }
    }

    func closed(_ context: UnsafeMutableRawPointer?) {
        guard let id = Self.id(context) else { return }
        state.withLock { state in
            state.ledger.closed(id)
            state.sockets[id] = nil
        }
    }

    func headArrived(_ connection: OpaquePointer) {
        guard let id = Self.id(galley_mhd_connection_context(connection)) else { return }
        state.withLock { $0.ledger.headArrived(id) }
    }

    func trust(_ connection: OpaquePointer) {
        guard let id = Self.id(galley_mhd_connection_context(connection)) else { return }
        state.withLock { $0.ledger.trust(id) }
    }

    func answered(_ connection: OpaquePointer) {
        guard let id = Self.id(galley_mhd_connection_context(connection)) else { return }
        state.withLock { state in
            state.ledger.answered(id, now: .now)
            scheduleSweep(in: &state)
        }
    }

    /// No socket is shut down after this: libmicrohttpd closes them all itself.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.sockets = [:]
        }
    }

    private static func id(_ context: UnsafeMutableRawPointer?) -> ConnectionLedger.ID? {
        context.map { Int(bitPattern: $0) }
    }

    /// libmicrohttpd reports a connection closed (`closed`, under this lock,
    /// which forgets its socket) before it closes the socket, so a socket
    /// still known here is still that connection's, never a reused number.
    private func close(_ ids: [ConnectionLedger.ID], in state: inout State) {
        for id in ids {
            guard let socket = state.sockets.removeValue(forKey: id), !state.stopped else { continue }
            socket.shutdownBoth()
        }
    }

    private func scheduleSweep(in state: inout State) {
        guard !state.sweepPending, !state.stopped, let deadline = state.ledger.nextDeadline else { return }
        state.sweepPending = true
        let delay = ContinuousClock.now.duration(to: deadline)
        let (seconds, attoseconds) = delay.components
        let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        sweeps.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            self?.sweep()
        }
    }

    private func sweep() {
        state.withLock { state in
            state.sweepPending = false
            close(state.ledger.overdue(at: .now), in: &state)
            scheduleSweep(in: &state)
        }
    }
}
