import GalleyCore
import GalleySystem

/// A suspended connection waiting for its answer (a held long-poll).
///
/// `resume(with:)` may be called from any thread, once; later calls are ignored.
package final class PendingResponse: Sendable {
    private let state = Locked<(response: HTTPResponse?, resumed: Bool)>((nil, false))
    private let wake: @Sendable () -> Void

    /// `wake` hands the connection back to the server's thread, which then
    /// sends `response`; it runs once, after the response is in place.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Answers the parked request; the server's thread sends it.
    package func resume(with response: HTTPResponse) {
        let shouldResume = state.withLock { state -> Bool in
            guard !state.resumed else { return false }
            state = (response, true)
            return true
        }
        guard shouldResume else { return }
        wake()
    }

    /// The response once resumed, for the handler's second call.
    var response: HTTPResponse? {
        state.withLock { $0.response }
    }
}
