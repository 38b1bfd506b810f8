import GalleyCore
import GalleySystem

/// A suspended connection waiting for its answer (a held long-poll).
///
/// `resume(with:)` may be called from any thread, once; later calls are ignored.
package final class PendingResponse: Sendable {
    private struct State {
        /// The answer, once resumed.
        var answer: (@Sendable () -> HTTPResponse)?
        /// What the answer's making replaced, let go of once it is sent.
        var leftovers: (any Sendable)?
    }

    private let state = Locked(State())
    private let wake: @Sendable () -> Void

    /// `wake` hands the connection back to the server's thread, which then
    /// sends the response; it runs once, after the answer is in place.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Answers the parked request; the server's thread sends `response`.
    package func resume(with response: HTTPResponse) {
        resume { response }
    }

    /// Answers the parked request with what `answer` gives, which the
    /// server's thread asks for once woken, and holds `leftovers` (what was
    /// replaced on the way to the answer) until the answer is sent: that
    /// thread lets go of them then, so the thread that resumes need not
    /// free them before it sleeps, on a CPU a waiting client may share.
    package func resume(with answer: @escaping @Sendable () -> HTTPResponse, holding leftovers: (any Sendable)? = nil) {
        let shouldResume = state.withLock { state -> Bool in
            if state.answer != nil { return false }
            state.answer = answer
            state.leftovers = leftovers
            return true
        }
        guard shouldResume else { return }
        wake()
    }

    /// The answer went out (or its connection ended): what the resume held is let go of here, on the server's thread.
    func sent() {
        let held = state.withLock { state -> (any Sendable)? in
            defer { state.leftovers = nil }
            return state.leftovers
        }
        // Freed here, outside the lock.
        withExtendedLifetime(held) {}
    }

    /// The response once resumed, for the handler's second call.
    var response: HTTPResponse? {
        state.withLock { $0.answer }?()
    }
}
