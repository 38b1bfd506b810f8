import Foundation
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
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while true {
            if total == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(descriptor, base + total, buffer.count - total)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            total += count
            if total > maximumFileSize { throw ReadError(path: path, reason: "larger than \(maximumFileSize / 1024 / 1024) MiB") }
        }
        bytes.removeSubrange(total...)
        return bytes
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

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path`, with symlinks resolved, stays inside `realRoot`.
    static func isInside(_ path: String, realRoot: String) -> Bool {
        guard let real = realPath(path) else { return false }
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    /// The names in one folder (none if it cannot be read).
    static func listEntries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Every regular file below `root` (symlinks followed while they stay
    /// inside it), skipping ignored names, as paths relative to `root`.
    static func listFiles(under root: String, isIgnored: (String) -> Bool) -> [String] {
        guard let realRoot = realPath(root) else { return [] }
        var files: [String] = []
        var visited: Set<String> = [realRoot]
        var pending: [(absolute: String, relative: String)] = [(root, "")]
        while let (folder, relativeFolder) = pending.popLast() {
            for name in listEntries(of: folder) where !isIgnored(name) {
                let absolute = folder + "/" + name
                let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                var info = stat()
                guard stat(absolute, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    // Follow symlinked folders only inside the root, once.
                    guard isInside(absolute, realRoot: realRoot), let real = realPath(absolute),
                          visited.insert(real).inserted else { continue }
                    pending.append((absolute, relative))
                } else if info.st_mode & S_IFMT == S_IFREG, isInside(absolute, realRoot: realRoot) {
                    files.append(relative)
                }
            }
        }
        return files.sorted()
    }
}
