import GalleyCore
import Glibc

/// A folder a command writes its output into (`render DIR -o OUT`, or the
/// folder of one output file): opened once, and every file made beneath
/// that descriptor, so that nothing already in it (a symlink to the content
/// folder in place of `index.html`, a subfolder that links elsewhere) sends
/// a byte outside it.
///
/// - A folder in it is made with `mkdirat` and opened with O_NOFOLLOW: a
///   symlink there is refused, never followed.
/// - A file is written to a new temporary name (O_CREAT|O_EXCL|O_NOFOLLOW)
///   and renamed over its final name: a symlink there is replaced, not
///   written through, and a write that fails (a full disk) removes the
///   temporary file and leaves what was there before, never part of a file.
package struct OutputFolder: Sendable {
    /// The folder as it was named, for messages.
    package let path: String
    private let descriptor: FileDescriptor

    /// Temporary names tried before giving up, should each already exist.
    private static let temporaryNameAttempts = 16

    private init(path: String, descriptor: FileDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Opens the folder `path`, made first when missing (with the folders
    /// above it, as the user named them). The folder itself must not be a
    /// symlink: one left where the output goes could lead anywhere.
    package static func making(_ path: String) throws(OutputWriteError) -> OutputFolder {
        let (parent, name) = split(path)
        try makeFolders(parent)
        let above = try openFolder(parent)
        defer { above.close() }
        return OutputFolder(path: path, descriptor: try openChild(name, in: above, shown: path))
    }

    /// Opens the folder that holds the file `path` (as the user named it,
    /// symlinks and all), and gives the file's name in it.
    package static func holding(file path: String) throws(OutputWriteError) -> (folder: OutputFolder, name: String) {
        let (parent, name) = split(path)
        guard isSafeName(name), path.utf8.last != UInt8(ascii: "/") else { throw .unsafeName(path: path) }
        return (OutputFolder(path: parent, descriptor: try openFolder(parent)), name)
    }

    package func close() {
        descriptor.close()
    }

    /// Writes `bytes` as the file `relative` (`/`-separated, below this
    /// folder), making the folders on the way; the file appears whole or
    /// not at all.
    package func write(_ bytes: some Collection<UInt8>, to relative: String) throws(OutputWriteError) {
        let names = relative.splitAtSlashes(omittingEmptyParts: false)
        guard let name = names.last, names.allSatisfy(Self.isSafeName) else { throw .unsafeName(path: relative) }
        var opened: [FileDescriptor] = []
        defer { for folder in opened { folder.close() } }
        var folder = descriptor
        var shown = path
        for part in names.dropLast() {
            shown = shown.slashJoined(part)
            folder = try Self.openChild(part, in: folder, shown: shown)
            opened.append(folder)
        }
        let target = shown.slashJoined(name)
        let (file, temporary) = try Self.createTemporary(in: folder, for: target)
        var failure: SystemCallError?
        do throws(SystemCallError) {
            try file.writeAllAndClose(bytes, path: target)
        } catch {
            failure = error
        }
        if failure == nil, renameat(folder.rawValue, temporary, folder.rawValue, name) != 0 {
            failure = SystemCallError(call: "renameat", path: target, errno: errno)
        }
        if let failure {
            unlinkat(folder.rawValue, temporary, 0)
            throw .failed(failure)
        }
    }

    /// A new file beside `target` under a name no one else uses, never through a symlink.
    private static func createTemporary(in folder: FileDescriptor, for target: String) throws(OutputWriteError)
        -> (file: FileDescriptor, name: String)
    {
        var code = EEXIST
        for _ in 0..<temporaryNameAttempts {
            let name = ".galley-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
            let raw = openat(folder.rawValue, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o644))
            if raw >= 0 { return (FileDescriptor(rawValue: raw), name) }
            code = errno
            guard code == EEXIST || code == EINTR else { break }
        }
        throw .failed(SystemCallError(call: "openat", path: FilePath.parent(of: target).slashJoined(".galley-*"), errno: code))
    }

    /// Makes each missing folder of `path` in turn, following it as the user named it.
    private static func makeFolders(_ path: String) throws(OutputWriteError) {
        var reached = path.utf8.first == UInt8(ascii: "/") ? "/" : ""
        for part in path.slashSeparatedParts {
            reached = reached.isEmpty ? part : reached.slashJoined(part)
            if mkdir(reached, 0o777) != 0, errno != EEXIST {
                throw .failed(SystemCallError(call: "mkdir", path: reached, errno: errno))
            }
        }
    }

    private static func openFolder(_ path: String) throws(OutputWriteError) -> FileDescriptor {
        do throws(SystemCallError) {
            return try FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY)
        } catch {
            throw error.errno == ENOTDIR ? .notFolder(path: path) : .failed(error)
        }
    }

    /// The folder `name` in `folder`, made when missing, refused when it is a symlink.
    private static func openChild(_ name: String, in folder: FileDescriptor, shown: String) throws(OutputWriteError) -> FileDescriptor {
        // mkdirat never follows a symlink in the last place: one there is EEXIST, and refused below.
        if mkdirat(folder.rawValue, name, 0o777) != 0, errno != EEXIST {
            throw .failed(SystemCallError(call: "mkdirat", path: shown, errno: errno))
        }
        let raw = openat(folder.rawValue, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if raw >= 0 { return FileDescriptor(rawValue: raw) }
        let code = errno
        guard code == ELOOP || code == ENOTDIR else { throw .failed(SystemCallError(call: "openat", path: shown, errno: code)) }
        var status = stat()
        let isLink = fstatat(folder.rawValue, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFLNK
        throw isLink ? .symbolicLink(path: shown) : .notFolder(path: shown)
    }

    /// The folder holding `path` ("." for a bare name) and its last name
    /// ("." for "/" itself), trailing slashes aside.
    private static func split(_ path: String) -> (parent: String, name: String) {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", String(decoding: bytes, as: UTF8.self)) }
        let name = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        let parent = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        return (parent, name.isEmpty ? "." : name)
    }

    /// A name that stays in the folder it is looked up in.
    private static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(0)
    }
}
