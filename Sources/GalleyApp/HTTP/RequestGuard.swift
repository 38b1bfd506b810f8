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
        case refused(Refusal)
    }

    /// Why a request is not served; its status and the reason answered are decided here.
    enum Refusal: Equatable {
        /// A header whose second copy could smuggle a different meaning past a check.
        case repeatedHeader(String)
        case methodNotAllowed(String)
        /// A Host that is not this server's own name (DNS rebinding), or none.
        case unknownHost
        /// An API request from another site's page.
        case crossOrigin
        /// An API request the browser says another site made (`Sec-Fetch-Site`).
        case crossSite

        var status: Int {
            switch self {
            case .repeatedHeader: 400
            case .methodNotAllowed: 405
            case .unknownHost: 421
            case .crossOrigin, .crossSite: 403
            }
        }

        var reason: String {
            switch self {
            case .repeatedHeader(let name): "more than one '\(name)' header"
            case .methodNotAllowed: "method not allowed"
            case .unknownHost: "unknown Host; Galley answers only to its own address (see --allow-host)"
            case .crossOrigin: "cross-origin request refused"
            case .crossSite: "cross-site request refused"
            }
        }
    }

    /// Headers whose second copy could smuggle a different meaning past a check.
    private static let singleHeaders: Set<String> = ["host", "origin", "sec-fetch-site", "content-length", "transfer-encoding"]

    func check(_ request: HTTPRequest) -> Verdict {
        if let repeated = request.repeatedHeaders.intersection(RequestGuard.singleHeaders).sorted().first {
            return .refused(.repeatedHeader(repeated))
        }
        let isEditorLink = request.method == "POST" && request.path == EditorLink.path
        guard request.method == "GET" || request.method == "HEAD" || isEditorLink else {
            return .refused(.methodNotAllowed(request.method))
        }
        guard let host = request.header("host")?.lowercased(), allowedHosts.contains(host) else {
            return .refused(.unknownHost)
        }
        if request.path.hasBytePrefix("/api/") {
            if let origin = request.header("origin"), !allowedOrigins.contains(origin.lowercased()) {
                return .refused(.crossOrigin)
            }
            if let site = request.header("sec-fetch-site"), site != "same-origin", site != "none" {
                return .refused(.crossSite)
            }
        }
        return .allowed
    }
}
