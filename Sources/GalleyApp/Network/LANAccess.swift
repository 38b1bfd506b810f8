import GalleyServer

/// Who on the local network may read the preview (`serve --lan`): a value
/// type that takes the time and returns verdicts, so every rule is tested
/// without sockets.
///
/// Loopback is trusted as before. Another machine needs the secret key the
/// daemon printed: the printed URL trades it for a cookie and a redirect to
/// the same page without the key, so the key leaves neither the phone's
/// history nor a screenshot. Wrong keys are rate-limited per address.
struct LANAccess {
    enum Verdict: Equatable {
        /// Serve the request; `newDevice` is set the first time an address gets in.
        case allowed(newDevice: Bool)
        /// The right key: set the cookie and send the browser to `location`.
        case redirect(location: String, setCookie: String)
        /// No key or cookie, or a wrong one: 403 with no content.
        case forbidden
        /// Too many wrong keys from this address: 429 for a while.
        case tooManyAttempts
    }

    static let cookieName = "galley_device"
    static let keyParameter = "key"
    /// Wrong keys allowed per address within `window` before it is blocked for `window`.
    static let attemptLimit = 10
    static let window = Duration.seconds(60)
    /// Addresses remembered at most (failures, devices): another machine
    /// must not grow the daemon's memory without bound.
    static let rememberedAddresses = 1024

    /// The secret in the printed URL.
    let key: String
    /// What the cookie carries; a different secret from the key, so the
    /// cookie never reveals the URL.
    let deviceToken: String

    private struct Attempts {
        var wrongKeys: [ContinuousClock.Instant] = []
        var blockedUntil: ContinuousClock.Instant?
        var lastSeen: ContinuousClock.Instant
    }

    private var attempts: [String: Attempts] = [:]
    private var knownDevices: Set<String> = []

    /// How many addresses' wrong keys are remembered now.
    var rememberedAttempts: Int { attempts.count }

    init(key: String, deviceToken: String) {
        self.key = key
        self.deviceToken = deviceToken
    }

    /// A fresh key and token, 128 bits each.
    static func random() -> LANAccess {
        LANAccess(key: Secret.random(), deviceToken: Secret.random())
    }

    /// The verdict for a request from `peer` for `path` with `query` and the
    /// request's `Cookie` header.
    mutating func check(peer: PeerAddress, path: String, query: [String: String], cookies: String?, now: ContinuousClock.Instant) -> Verdict
    {
        if peer.isLoopback { return .allowed(newDevice: false) }
        let address = peer.text
        if let blockedUntil = attempts[address]?.blockedUntil {
            if now < blockedUntil { return .tooManyAttempts }
            attempts[address] = nil
        }
        if let offered = query[LANAccess.keyParameter] {
            guard Secret.matches(offered, key) else {
                return recordWrongKey(from: address, now: now)
            }
            var rest = query
            rest[LANAccess.keyParameter] = nil
            return .redirect(location: LANAccess.location(onThisServer: path) + LANAccess.queryString(rest), setCookie: cookie)
        }
        guard holdsDeviceCookie(cookies) else { return .forbidden }
        let isNew = !knownDevices.contains(address)
        if isNew {
            if knownDevices.count >= LANAccess.rememberedAddresses { knownDevices.removeAll() }
            knownDevices.insert(address)
        }
        return .allowed(newDevice: isNew)
    }

    /// Whether a request's `Cookie` header holds this run's device cookie.
    func holdsDeviceCookie(_ cookies: String?) -> Bool {
        LANAccess.value(of: LANAccess.cookieName, in: cookies).map { Secret.matches($0, deviceToken) } ?? false
    }

    /// `path` as a redirect target that stays on this server: a Location of
    /// `//evil.example/` names another host, so leading slashes (also ones
    /// that arrived as `%2F`) become one.
    static func location(onThisServer path: String) -> String {
        let name = path.utf8.drop { $0 == UInt8(ascii: "/") }
        return "/" + URLPath.encode(String(decoding: name, as: UTF8.self))
    }

    /// The `Set-Cookie` value: not readable by scripts, never sent by
    /// another site's requests, valid for the whole preview.
    var cookie: String {
        "\(LANAccess.cookieName)=\(deviceToken); HttpOnly; SameSite=Strict; Path=/"
    }

    private mutating func recordWrongKey(from address: String, now: ContinuousClock.Instant) -> Verdict {
        if attempts[address] == nil, attempts.count >= LANAccess.rememberedAddresses { forgetOldestAttempts() }
        var entry = attempts[address] ?? Attempts(lastSeen: now)
        entry.wrongKeys = entry.wrongKeys.filter { $0 > now - LANAccess.window } + [now]
        entry.lastSeen = now
        if entry.wrongKeys.count >= LANAccess.attemptLimit {
            entry.wrongKeys = []
            entry.blockedUntil = now + LANAccess.window
        }
        attempts[address] = entry
        return .forbidden
    }

    private mutating func forgetOldestAttempts() {
        let byAge = attempts.sorted { $0.value.lastSeen < $1.value.lastSeen }
        for (address, _) in byAge.prefix(max(1, attempts.count / 4)) { attempts[address] = nil }
    }

    /// The value of cookie `name` in a `Cookie` header.
    static func value(of name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            if trimmed[..<equals] == name { return String(trimmed[trimmed.index(after: equals)...]) }
        }
        return nil
    }

    /// `?a=1&b=2`, sorted by name, or "" without parameters.
    static func queryString(_ parameters: [String: String]) -> String {
        guard !parameters.isEmpty else { return "" }
        return "?"
            + parameters.sorted { $0.key < $1.key }
            .map { "\(URLPath.encodeComponent($0.key))=\(URLPath.encodeComponent($0.value))" }
            .joined(separator: "&")
    }
}
