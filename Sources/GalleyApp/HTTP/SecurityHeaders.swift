/// Headers on every response: no sniffing, no framing, no script but ours.
enum SecurityHeaders {
    static let all: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; "
                + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        ),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Resource-Policy", "same-origin"),
    ]

    /// The headers for a content file served under `/files/`: an SVG is a
    /// document that may hold scripts, so opened on its own it gets a policy
    /// of its own, sandboxed with no script at all, rather than the page's
    /// (which lets the page's own scripts run).
    static func forContentFile(mimeType: String) -> [(name: String, value: String)] {
        guard mimeType == "image/svg+xml" else { return all }
        return all.map { header in
            header.name == "Content-Security-Policy"
                ? (header.name, "sandbox; default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src data:") : header
        }
    }
}
