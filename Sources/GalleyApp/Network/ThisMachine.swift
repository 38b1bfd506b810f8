import GalleyPage

/// The names by which this machine reaches itself, written once for the
/// three that ask: the Host a request from here may carry (`RequestGuard`),
/// whether `--host` serves other machines (`PreviewDaemon`), and whether the
/// page is open here (`connection.js`, through the module `pageModule`).
enum ThisMachine {
    /// Host names as a URL writes them (IPv6 in brackets), lowercase.
    static let hostNames = ["127.0.0.1", "localhost", "[::1]"]

    /// `[::1]` for `::1`: an address as a URL's host writes it.
    static func urlHost(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether serving on `--host host` serves this machine only.
    static func isThisMachineOnly(host: String) -> Bool {
        hostNames.contains(urlHost(host).lowercased())
    }

    /// The address to listen on for `--host host`: a name this machine
    /// gives itself is its loopback address, which is all a socket binds.
    static func listeningAddress(for host: String) -> String {
        switch urlHost(host).lowercased() {
        case "localhost": "127.0.0.1"
        case "[::1]": "::1"
        default: host
        }
    }

    /// Where the page's scripts import `hostNames` from.
    static let pageModuleName = "thisMachine.js"

    /// `hostNames` as an ES module served at `/_galley/thisMachine.js`, so
    /// the page tests `location.hostname` against the same list; nil for another name.
    static func pageFile(named name: String) -> PageFiles.File? {
        guard name == pageModuleName else { return nil }
        let list = hostNames.map { "'\($0)'" }.joined(separator: ", ")
        let module =
            "// Made by Galley from ThisMachine.hostNames: the names by which this machine reaches itself.\n"
            + "export const THIS_MACHINE_HOST_NAMES = [\(list)];\n"
        return PageFiles.File(bytes: Array(module.utf8), contentType: PageFiles.scriptContentType)
    }
}
