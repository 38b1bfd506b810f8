import GalleySystem
import Glibc

/// The few questions about paths the app shell asks (content itself is
/// read only through `ContentFolder`).
enum FileSystem {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Every regular file below `root` (symlinks followed while they stay
    /// inside it), skipping ignored names, as paths relative to `root`.
    static func listFiles(under root: String, isIgnored: (String) -> Bool, leadsOutside: (String) -> Void = { _ in }) -> [String] {
        guard let tree = try? ConfinedTree(root: root) else { return [] }
        let prefixLength = root == "/" ? 1 : root.utf8.count + 1
        func relative(_ path: String) -> String { String(decoding: path.utf8.dropFirst(prefixLength), as: UTF8.self) }
        var files: [String] = []
        tree.walk(
            isIgnored: { isIgnored(lastComponent(of: $0)) }, file: { files.append(relative($0)) },
            leadsOutside: { leadsOutside(relative($0)) })
        return files.sorted()
    }

    private static func lastComponent(of path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
    }
}
