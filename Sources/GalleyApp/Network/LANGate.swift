import GalleyServer
import Synchronization

/// Carries out `LANAccess` for the HTTP server: holds its state behind a
/// lock (requests arrive on libmicrohttpd's threads), reads the clock,
/// logs each new device once, and turns verdicts into responses.
final class LANGate: Sendable {
    /// The URLs with the key, one per address of this machine, as printed.
    let urls: [String]
    private let access: Mutex<LANAccess>
    private let log: Log

    init(access: LANAccess, urls: [String], log: Log) {
        self.access = Mutex(access)
        self.urls = urls
        self.log = log
    }

    /// nil when the request may be served; otherwise the answer that stops it.
    func refusal(for request: HTTPRequest) -> HTTPResponse? {
        let verdict = access.withLock {
            $0.check(peer: request.peer, path: request.path, query: request.query, cookies: request.header("cookie"), now: .now)
        }
        switch verdict {
        case .allowed(let newDevice):
            if newDevice { log.info("new device \(request.peer.text): \(request.header("user-agent") ?? "no User-Agent")") }
            return nil
        case .redirect(let location, let cookie):
            return HTTPResponse(status: 303, headers: [("Location", location), ("Set-Cookie", cookie), ("Cache-Control", "no-store")] + SecurityHeaders.all, body: SharedBody([]))
        case .forbidden:
            // No content: not even which documents exist.
            return HTTPResponse(status: 403, headers: [("Cache-Control", "no-store")] + SecurityHeaders.all, body: SharedBody([]))
        case .tooManyAttempts:
            return HTTPResponse(status: 429, headers: [("Retry-After", "60"), ("Cache-Control", "no-store")] + SecurityHeaders.all, body: SharedBody([]))
        }
    }

    /// The QR code of the first URL, for the index page on this machine.
    var qrCodeSVG: String? {
        urls.first.flatMap(QRCode.init(encoding:))?.svg()
    }
}
