import CMicroHTTPD
import Synchronization

/// A suspended connection waiting for its answer (a held long-poll).
///
/// `resume(with:)` may be called from any thread, once; later calls are ignored.
public final class PendingResponse: @unchecked Sendable {
    private let connection: OpaquePointer
    private let state = Mutex<(response: HTTPResponse?, resumed: Bool)>((nil, false))
    private let onResume: @Sendable () -> Void

    init(connection: OpaquePointer, onResume: @escaping @Sendable () -> Void) {
        self.connection = connection
        self.onResume = onResume
    }

    /// Answers the parked request; libmicrohttpd's thread sends it.
    public func resume(with response: HTTPResponse) {
        let shouldResume = state.withLock { state -> Bool in
            guard !state.resumed else { return false }
            state = (response, true)
            return true
        }
        guard shouldResume else { return }
        onResume()
        MHD_resume_connection(connection)
    }

    /// The response once resumed, for the handler's second call.
    var response: HTTPResponse? {
        state.withLock { $0.response }
    }
}
