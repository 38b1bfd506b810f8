import GalleyShim
import Glibc

/// The content folder as the one place its files are opened: a path
/// relative to it is opened beneath it, never through a symlink or `..`
/// that leads out, and what is read is read from that descriptor, so no
/// file swapped in between a check and the read can be served.
///
/// Authors keep symlinks inside the folder that lead elsewhere inside it
/// (relative, or absolute through the folder's own path); those are
/// followed, as `ConfinedTree` lists them.
package struct ContentFolder: Sendable {
    /// How a path is resolved beneath the root.
    package enum Resolution: Sendable {
        /// `openat2(RESOLVE_BENEATH)`, and the walk by hand where the kernel
        /// lacks it or refuses a link that may still lead inside (an absolute one).
        case kernel
        /// Only the walk by hand (for tests of it, on kernels that have openat2).
        case manual
    }

    /// The root as it was given.
    package let root: String
    /// The root with every symlink resolved: an absolute symlink may name either.
    private let realRoot: String
    private let resolution: Resolution
    /// The root's descriptor while a batch of opens shares it (`holdingRoot`);
    /// else each open opens the root by its path, so that a folder put in
    /// its place is the one read from then on.
    private var heldRoot: FileDescriptor?

    /// Largest file Galley reads; bigger content is reported, not loaded.
    package static let maximumFileSize = 64 * 1024 * 1024
    /// Symlinks followed in one path before giving up with ELOOP, as the kernel's 40.
    package static let symlinkLimit = 40

    package init(root: String, resolution: Resolution = .kernel) {
        self.root = root
        realRoot = FilePath.realPath(root) ?? root
        self.resolution = resolution
    }

    /// Runs `body` with this folder opening every file beneath one
    /// descriptor of the root, opened now and closed after: reading 10,000
    /// files at start-up opened and closed the root around each, two system
    /// calls of the seven a file took (strace). Without the root, `body`
    /// gets the folder as it is, whose opens fail as they would have.
    package func holdingRoot<Result>(_ body: (ContentFolder) throws -> Result) rethrows -> Result {
        guard heldRoot == nil, let top = try? FileDescriptor.open(root, flags: GALLEY_O_PATH | O_DIRECTORY) else { return try body(self) }
        defer { top.close() }
        var holding = self
        holding.heldRoot = top
        return try body(holding)
    }

    /// The bytes of the regular file at `path` (relative to the root), read
    /// from the one descriptor opened beneath the root.
    package func read(_ path: String) throws(SystemCallError) -> [UInt8] {
        let file = try openFile(path)
        defer { file.descriptor.close() }
        return try file.descriptor.readAll(expected: Int(file.status.st_size), limit: Self.maximumFileSize, path: path)
    }

    /// Whether the file at `path` is a regular file beneath the root holding exactly `bytes`: read only when the sizes
    /// agree, and a piece at a time, so that an editor's large buffer is never held twice to be compared.
    package func hasContents(_ path: String, _ bytes: [UInt8]) -> Bool {
        guard let file = try? openFile(path) else { return false }
        defer { file.descriptor.close() }
        guard Int(file.status.st_size) == bytes.count else { return false }
        var piece = [UInt8](repeating: 0, count: min(bytes.count, 64 * 1024) + 1)
        var compared = 0
        while true {
            guard
                let read = try? piece.withUnsafeMutableBytes({ buffer throws(SystemCallError) in
                    try file.descriptor.read(into: buffer, path: path)
                })
            else { return false }
            if read == 0 { return compared == bytes.count }
            guard read <= bytes.count - compared else { return false }
            let same = piece.withUnsafeBytes { file in
                bytes.withUnsafeBytes { text in
                    guard let fileStart = file.baseAddress, let textStart = text.baseAddress else { return false }
                    return memcmp(fileStart, textStart + compared, read) == 0
                }
            }
            guard same else { return false }
            compared += read
        }
    }

    /// Whether something is at `path`: true also for a symlink that leads
    /// out (or loops), so that reading it is an error the author sees, and
    /// false only when nothing is there to open.
    package func hasEntry(_ path: String) -> Bool {
        do {
            try open(path, flags: GALLEY_O_PATH).close()
            return true
        } catch {
            return error.errno != ENOENT && error.errno != ENOTDIR
        }
    }

    /// Opens the regular file at `path` for reading, at most `maximumFileSize`
    /// bytes: a FIFO is refused rather than waited on (O_NONBLOCK), and what
    /// the file is is decided by `fstat` on the descriptor.
    package func openFile(_ path: String) throws(SystemCallError) -> (descriptor: FileDescriptor, status: stat) {
        let descriptor = try open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        do throws(SystemCallError) {
            let status = try descriptor.status(path: path)
            guard status.st_mode & S_IFMT == S_IFREG else { throw SystemCallError.notRegularFile(path: path) }
            guard Int(status.st_size) <= Self.maximumFileSize else {
                throw SystemCallError.tooLarge(path: path, limit: Self.maximumFileSize)
            }
            return (descriptor, status)
        } catch {
            descriptor.close()
            throw error
        }
    }

    /// Opens `path` (relative) beneath the root with `flags` (O_CLOEXEC added).
    package func open(_ path: String, flags: Int32) throws(SystemCallError) -> FileDescriptor {
        guard !path.utf8.starts(with: "/".utf8), !path.utf8.contains(0) else {
            throw SystemCallError.outsideFolder(call: "open", path: path)
        }
        let top: FileDescriptor
        if let heldRoot { top = heldRoot } else { top = try FileDescriptor.open(root, flags: GALLEY_O_PATH | O_DIRECTORY) }
        defer { if heldRoot == nil { top.close() } }
        if resolution == .kernel {
            let raw = galley_open_beneath(top.rawValue, path, flags | O_CLOEXEC)
            if raw >= 0 { return FileDescriptor(rawValue: raw) }
            switch errno {
            // No openat2 (before Linux 5.6, or filtered by seccomp), a
            // rename raced the walk (EAGAIN), or a link that leads out of
            // the root as the kernel sees it (EXDEV; an absolute one may still
            // name a file inside): the walk by hand decides.
            case ENOSYS, EPERM, EAGAIN, EXDEV, E2BIG:
                break
            case EINTR:
                return try open(path, flags: flags)
            case let code:
                throw SystemCallError(call: "openat2", path: path, errno: code)
            }
        }
        return try walk(path, from: top, flags: flags | O_CLOEXEC)
    }

    /// Opens `path` one component at a time, each with O_NOFOLLOW in the
    /// folder descriptor reached so far, reading each symlink it meets and
    /// walking its target itself (as cap-std's `open_manually` does).
    ///
    /// Why this is sound without checking the result afterwards: every
    /// lookup happens in a folder descriptor reached by going down from the
    /// root's own descriptor, and `..` goes back to the descriptor this walk
    /// came from, never through the kernel's "..". A folder renamed out of
    /// the root while it is walked only moves what is looked up in it (its
    /// own entries, which were inside); no lookup can start above the root.
    /// A symlink is never followed by the kernel: its text is walked here,
    /// relative to the folder holding it, or from the root when it is
    /// absolute and names the root (as given or resolved); anything else,
    /// and a `..` above the root, is refused with EXDEV.
    private func walk(_ path: String, from top: FileDescriptor, flags: Int32) throws(SystemCallError) -> FileDescriptor {
        var folders: [FileDescriptor] = []
        defer { for folder in folders { folder.close() } }
        var current: FileDescriptor { folders.last ?? top }
        // Components still to walk, the next one last.
        var pending = Array(Self.components(of: path).reversed())
        var linksFollowed = 0
        while let name = pending.popLast() {
            switch name {
            case ".":
                continue
            case "..":
                guard let left = folders.popLast() else { throw SystemCallError.outsideFolder(call: "open", path: path) }
                left.close()
                continue
            default:
                break
            }
            let isLast = pending.isEmpty
            let openFlags = isLast ? flags | O_NOFOLLOW : GALLEY_O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
            let raw = openat(current.rawValue, name, openFlags)
            // With GALLEY_O_PATH, O_NOFOLLOW opens a symlink itself rather than failing.
            if raw >= 0, !(isLast && flags & GALLEY_O_PATH != 0 && Self.isSymlink(FileDescriptor(rawValue: raw))) {
                if isLast { return FileDescriptor(rawValue: raw) }
                folders.append(FileDescriptor(rawValue: raw))
                continue
            }
            let code = raw >= 0 ? ELOOP : errno
            if code == EINTR {
                pending.append(name)
                continue
            }
            // O_NOFOLLOW fails with ELOOP on a symlink, and O_DIRECTORY with ENOTDIR.
            guard code == ELOOP || code == ENOTDIR,
                let target = Self.linkTarget(of: name, in: current)
            else {
                throw SystemCallError(call: "openat", path: path, errno: code)
            }
            linksFollowed += 1
            guard linksFollowed <= Self.symlinkLimit else { throw SystemCallError(call: "openat", path: path, errno: ELOOP) }
            guard !target.isEmpty else { throw SystemCallError(call: "openat", path: path, errno: ENOENT) }
            var steps = Self.components(of: target)
            if target.utf8.first == UInt8(ascii: "/") {
                guard let inside = insideRoot(target) else { throw SystemCallError.outsideFolder(call: "open", path: path) }
                for folder in folders { folder.close() }
                folders = []
                steps = inside
            }
            pending += steps.reversed()
        }
        // Every component was "." or "..": the folder reached itself.
        return FileDescriptor(rawValue: try retryingOnInterrupt("openat", path: path) { openat(current.rawValue, ".", flags) })
    }

    /// Whether an GALLEY_O_PATH descriptor is a symlink's own; closes it when it is.
    private static func isSymlink(_ descriptor: FileDescriptor) -> Bool {
        guard let status = try? descriptor.status(), status.st_mode & S_IFMT == S_IFLNK else { return false }
        descriptor.close()
        return true
    }

    /// The components of an absolute link target below the root, when it
    /// starts with the root's path (as given, or resolved); nil otherwise.
    /// What follows is walked from the root, so a `..` in it cannot lead out.
    private func insideRoot(_ target: String) -> [String]? {
        let parts = Self.components(of: target)
        for top in [root, realRoot] {
            let rootParts = Self.components(of: top)
            if parts.starts(with: rootParts) { return Array(parts.dropFirst(rootParts.count)) }
        }
        return nil
    }

    /// What the symlink `name` in `folder` says; nil when it is no symlink
    /// (any more: the entry changed since it was opened, and the open is then what failed).
    private static func linkTarget(of name: String, in folder: FileDescriptor) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { raw in
            readlinkat(folder.rawValue, name, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
        }
        guard count >= 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Non-empty components split at "/", by bytes.
    private static func components(of path: String) -> [String] {
        // Split in place: the generic split made a slice view of each part first.
        var path = path
        return path.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start { parts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return parts
        }
    }
}
