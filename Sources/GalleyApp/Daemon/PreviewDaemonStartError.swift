import GalleySystem
import Glibc

extension PreviewDaemon {
    /// Why `galley serve` did not start, as the author acts on it: a folder
    /// named wrongly, a port someone else holds, a port or address this
    /// user may not take, or nowhere to print the address.
    enum StartError: Error, Equatable, CustomStringConvertible {
        /// The folder given on the command line (as given) does not exist.
        case folderMissing(folder: String)
        /// It exists but is a file, not a folder.
        case notAFolder(folder: String)
        /// Another process listens on the port: another galley, most often.
        case portInUse(port: UInt16, host: String)
        /// The port is below 1024 and this user has no privilege to bind it.
        case portNeedsPrivilege(port: UInt16, host: String)
        /// `--host` names an address that is not one of this machine's.
        case addressNotHere(host: String)
        /// Standard output is closed or broken: the author would never see the URL.
        case cannotAnnounceAddress

        /// The start error a failed bind of `host:port` means, or nil when it is
        /// a fault the system call's own words explain better.
        init?(binding error: SystemCallError, port: UInt16, host: String) {
            guard error.call == "bind" else { return nil }
            switch error.errno {
            case EADDRINUSE: self = .portInUse(port: port, host: host)
            case EACCES: self = .portNeedsPrivilege(port: port, host: host)
            case EADDRNOTAVAIL: self = .addressNotHere(host: host)
            default: return nil
            }
        }

        private static let otherPort = "choose another with --port, or --port 0 for any free port"

        var description: String {
            switch self {
            case .folderMissing(let folder): "content folder '\(folder)' does not exist"
            case .notAFolder(let folder): "'\(folder)' is not a folder"
            case .portInUse(let port, let host):
                "port \(port) on \(host) is already in use (is another galley running?); \(Self.otherPort)"
            case .portNeedsPrivilege(let port, let host):
                "port \(port) on \(host) is reserved for the system administrator (ports below 1024 are); \(Self.otherPort)"
            case .addressNotHere(let host):
                "\(host) is not an address of this machine; --host takes one of its own, such as 127.0.0.1"
            case .cannotAnnounceAddress: "cannot write the address to standard output"
            }
        }
    }
}
