import GalleyCore
import GalleySystem

/// A suspended connection waiting for its answer (a held long-poll).
///
/// `resume(with:)` may be called from any thread, once; later calls are ignored.
package final class PendingResponse: Sendable {
    private let state = Locked<(answer: (@Sendable () -> HTTPResponse)?, resumed: Bool)>((nil, false))
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
    /// server's thread asks for once woken. Its waking takes longer than
    /// making most answers: an answer still being made when it asks (by
    /// the thread that resumed, meanwhile) is waited for, not made twice.
    package func resume(with answer: @escaping @Sendable () -> HTTPResponse) {
        let shouldResume = state.withLock { state -> Bool in
            guard !state.resumed else { return false }
            state = (answer, true)
            return true
        }
        guard shouldResume else { return }
        wake()
    }

    /// The response once resumed, for the handler's second call.
    var response: HTTPResponse? {
        state.withLock { $0.answer }?()
    }
}
