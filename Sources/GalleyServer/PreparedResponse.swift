import CMicroHTTPD
import GalleyCore
import GalleySystem

/// The libmicrohttpd response for one `HTTPResponse`, made on first use and
/// reused for every connection that sends it (libmicrohttpd counts its users).
final class PreparedResponse: @unchecked Sendable {
    private let response = Locked<OpaquePointer?>(nil)

    /// The response, built by `make` the first time.
    func get(_ make: () -> OpaquePointer?) -> OpaquePointer? {
        response.withLock { response in
            if response == nil { response = make() }
            return response
        }
    }

    deinit {
        if let response = response.withLock({ $0 }) { MHD_destroy_response(response) }
    }
}
