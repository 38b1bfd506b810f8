import GalleyServer

/// Decides whether a request may be served at all: the right Host (against
/// DNS rebinding), no cross-site use of the API, only the methods Galley needs.
struct RequestGuard: Sendable {
    /// `host:port` values this server answers to.
    let allowedHosts: Set<String>
    /// Origins of the pages this server serves.
    let allowedOrigins: Set<String>

    init(port: UInt16, boundHost: String, extraNames: [String]) {
        let names = ThisMachine.hostNames + extraNames + [ThisMachine.urlHost(boundHost)]
        allowedHosts = Set(names.map { "\($0.lowercased()):\(port)" })
        allowedOrigins = Set(allowedHosts.map { "http://\($0)" })
    }

    enum Verdict: Equatable {
        case allowed
        case refused(status: Int, reason: String)
    }

    /// Headers whose second copy could smuggle a different meaning past a check.
    private static let singleHeaders: Set<String> = ["host", "origin", "sec-fetch-site", "content-length", "transfer-encoding"]

    func check(_ request: HTTPRequest) -> Verdict {
        if let repeated = request.repeatedHeaders.intersection(RequestGuard.singleHeaders).sorted().first {
            return .refused(status: 400, reason: "more than one '\(repeated)' header")
        }
        let isEditorLink = request.method == "POST" && request.path == EditorLink.path
        guard request.method == "GET" || request.method == "HEAD" || isEditorLink else {
            return .refused(status: 405, reason: "method not allowed")
        }
        guard let host = request.header("host")?.lowercased(), allowedHosts.contains(host) else {
            return .refused(status: 421, reason: "unknown Host; Galley answers only to its own address (see --allow-host)")
        }
        if request.path.hasBytePrefix("/api/") {
            if let origin = request.header("origin"), !allowedOrigins.contains(origin.lowercased()) {
                return .refused(status: 403, reason: "cross-origin request refused")
            }
            if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
                return .refused(status: 403, reason: "cross-site request refused")
            }
        }
        return .allowed
    }
}
