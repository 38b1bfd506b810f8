import GalleyCore
import GalleyServer
import GalleySystem

/// Carries out `LANAccess` for the HTTP server: holds its state behind a
/// lock (requests arrive on libmicrohttpd's threads), reads the clock,
/// logs each new device once, and turns verdicts into responses.
final class LANGate: Sendable {
    /// `http://ADDRESS:PORT`, one per address of this machine.
    private let origins: [String]
    private let key: String
    private let access: Locked<LANAccess>
    private let log: Log

    init(access: LANAccess, origins: [String], log: Log) {
        self.access = Locked(access)
        self.origins = origins
        key = access.key
        self.log = log
    }

    /// The URLs with the key, one per address of this machine, as printed.
    var urls: [String] { origins.map { url(of: "/", on: $0) } }

    /// Another machine's way to `page` (a path on this server, with its
    /// query): trading the key, it lands there with its settings.
    private func url(of page: String, on origin: String) -> String {
        origin + page + (page.contains("?") ? "&" : "?") + LANAccess.keyParameter + "=" + key
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
            return HTTPResponse(
                status: 303,
                headers: [("Location", location), ("Set-Cookie", cookie), ("Cache-Control", "no-store")] + SecurityHeaders.all,
                body: SharedBody([]))
        case .forbidden:
            // No content: not even which documents exist.
            return HTTPResponse(status: 403, headers: [("Cache-Control", "no-store")] + SecurityHeaders.all, body: SharedBody([]))
        case .tooManyAttempts:
            return HTTPResponse(
                status: 429, headers: [("Retry-After", "60"), ("Cache-Control", "no-store")] + SecurityHeaders.all, body: SharedBody([]))
        }
    }

    /// Whether the request comes from a device that traded the key for the cookie.
    func holdsDeviceCookie(_ request: HTTPRequest) -> Bool {
        access.withLock { $0.holdsDeviceCookie(request.header("cookie")) }
    }

    /// The QR code of the first URL, for the index page on this machine.
    var qrCodeSVG: String? {
        urls.first.flatMap(QRCode.init(encoding:))?.svg()
    }

    /// The QR code that opens `page` on a phone, for the page on this
    /// machine; nil unless `page` is one of this server's pages (`/` or a
    /// document, with a query), so the code never leads elsewhere.
    func qrCodeSVG(forPage page: String) -> String? {
        guard LANGate.isOwnPage(page), let origin = origins.first else { return nil }
        return QRCode(encoding: url(of: page, on: origin))?.svg()
    }

    /// A path of this server's pages: `/` or `/doc/…`, with no scheme, host,
    /// backslash or control character that could make it another address.
    static func isOwnPage(_ page: String) -> Bool {
        let path = page.prefix { $0 != "?" && $0 != "#" }
        guard path == "/" || path.hasPrefix("/doc/") else { return false }
        return !page.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" } && page.utf8.count <= 2048
    }
}
