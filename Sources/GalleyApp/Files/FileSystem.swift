import GalleySystem
import Glibc

/// The few file operations the app shell needs, with readable errors.
enum FileSystem {
    struct ReadError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot read \(path): \(reason)" }
    }

    /// Largest file Galley reads; bigger content is reported, not loaded.
    static let maximumFileSize = 64 * 1024 * 1024

    static func read(_ path: String) throws -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
        // writer forever; regular files ignore the flag.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ReadError(path: path, reason: "not a regular file") }
        guard Int(info.st_size) <= maximumFileSize else {
            throw ReadError(path: path, reason: "larger than \(maximumFileSize / 1024 / 1024) MiB")
        }
        // One byte more than the file holds, so the read that finds its end
        // needs no more room, and left uninitialised: growing or zeroing a
        // 1 MB array cost as much as the rest of reading a save.
        var bytes: [UInt8] = []
        var room = Int(info.st_size) + 1
        while true {
            var isAtEnd = false
            let part = try [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = 0
                while count < buffer.count, let base = buffer.baseAddress {
                    let read: Int
                    do {
                        read = try retryingOnInterrupt("read", path: path) { Glibc.read(descriptor, base + count, buffer.count - count) }
                    } catch let error as SystemCallError {
                        throw ReadError(path: path, reason: String(cString: strerror(error.errno)))
                    }
                    if read == 0 {
                        isAtEnd = true
                        return
                    }
                    count += read
                }
            }
            // Taken as it is when it is all there is (appending copies, byte by byte).
            if bytes.isEmpty { bytes = part } else { bytes += part }
            if bytes.count > maximumFileSize { throw ReadError(path: path, reason: "larger than \(maximumFileSize / 1024 / 1024) MiB") }
            if isAtEnd { return bytes }
            // The file grew while it was read.
            room = max(4096, bytes.count)
        }
    }

    /// Whether the file at `path` holds exactly `bytes` (read only when the sizes agree).
    static func hasContents(_ path: String, _ bytes: [UInt8]) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count else { return false }
        return (try? read(path)) == bytes
    }

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
    static func listFiles(under root: String, isIgnored: (String) -> Bool) -> [String] {
        guard let tree = try? ConfinedTree(root: root) else { return [] }
        let prefixLength = root == "/" ? 1 : root.utf8.count + 1
        var files: [String] = []
        tree.walk(isIgnored: { isIgnored(lastComponent(of: $0)) }, file: { path in
            files.append(String(decoding: path.utf8.dropFirst(prefixLength), as: UTF8.self))
        })
        return files.sorted()
    }

    private static func lastComponent(of path: String) -> String {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[bytes.index(after: slash)...], as: UTF8.self)
    }
}
