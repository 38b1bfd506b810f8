import Foundation
import GalleyCore
import GalleySystem
import Glibc

/// Where `galley serve` for a folder listens for `galley lsp`, so the two
/// find each other without writing into the content folder: a socket in a
/// folder only the user can enter (`$XDG_RUNTIME_DIR/galley/`, else
/// `galley-UID` in the temporary folder), named after the content folder's
/// real path.
enum DaemonSocketPath {
    /// Why the socket's folder is not used: anyone who can enter it could
    /// take the place of the daemon's socket, or read what editors send.
    enum UnsafeFolder: Error, Equatable, CustomStringConvertible {
        case notAFolder(AbsolutePath)
        case ownedByAnotherUser(AbsolutePath, owner: uid_t)
        /// Its permission bits (`mode`) let other users in.
        case openToOthers(AbsolutePath, mode: mode_t)

        var description: String {
            switch self {
            case .notAFolder(let path): "not using \(path) for the editor link: it is not a folder"
            case .ownedByAnotherUser(let path, let owner):
                "not using \(path) for the editor link: it belongs to another user (uid \(owner))"
            case .openToOthers(let path, let mode):
                "not using \(path) for the editor link: other users can enter it (mode \(String(mode & 0o777, radix: 8)))"
            }
        }
    }

    /// The socket for the content folder at `realRoot` (already resolved).
    static func socket(forRoot realRoot: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        folder(environment: environment).slashJoined(ContentHash.of(Array(realRoot.utf8)) + ".sock")
    }

    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return runtime.slashJoined("galley")
        }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return temporary.slashJoined("galley-\(getuid())")
    }

    /// Creates the folder (mode 0700) or checks that the existing one is the
    /// user's own, a real folder, and closed to everyone else.
    static func prepareFolder(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw SystemCallError(call: "mkdir", path: path, errno: errno)
        }
        var info = stat()
        try retryingOnInterrupt("lstat", path: path) { lstat(path, &info) }
        let folder = AbsolutePath(rawValue: path)
        guard info.st_mode & S_IFMT == S_IFDIR else { throw UnsafeFolder.notAFolder(folder) }
        guard info.st_uid == getuid() else { throw UnsafeFolder.ownedByAnotherUser(folder, owner: info.st_uid) }
        guard info.st_mode & 0o077 == 0 else { throw UnsafeFolder.openToOthers(folder, mode: info.st_mode) }
    }
}
