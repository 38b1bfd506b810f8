import GalleyCore
import GalleySystem

/// A suspended connection waiting for its answer (a held long-poll).
///
/// `resume(with:)` may be called from any thread, once; later calls are ignored.
package final class PendingResponse: Sendable {
    private let state = Locked<(answer: (@Sendable () -> HTTPResponse)?, resumed: Bool)>((nil, false))
    /// What the answer's making replaced, let go of once the answer is sent.
    private let leftovers = Locked<(any Sendable)?>(nil)
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
            guard !state.resumed else { return false }
            state = (answer, true)
            return true
        }
        guard shouldResume else { return }
        if let leftovers { self.leftovers.withLock { $0 = leftovers } }
        wake()
    }

    /// The answer went out (or its connection ended): what the resume held is let go of here, on the server's thread.
    func sent() {
        let held = leftovers.withLock { held -> (any Sendable)? in
            defer { held = nil }
            return held
        }
        // Freed here, outside the lock.
        withExtendedLifetime(held) {}
    }

    /// The response once resumed, for the handler's second call.
    var response: HTTPResponse? {
        state.withLock { $0.answer }?()
    }
}
