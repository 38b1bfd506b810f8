import Foundation
import GalleyCore
import GalleySystem
import Glibc

/// A folder of Galley's own under the system's temporary folder, for old
/// versions read from git: never inside the content folder. Named
/// `galley-diff-PID-RANDOM`, so that the leftovers of a process that died
/// without removing its own are known and removed by the next one.
///
/// Files are written beneath its descriptor, one component at a time,
/// never through a symlink, and never as one: the names come from the
/// content's repository.
final class ScratchFolder: Sendable {
    /// Why the folder cannot be written.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The temporary folder has no room for it, or refuses it.
        case cannotMake(errno: Int32)
        /// It was removed (the process is stopping).
        case removed
        /// A file cannot be written into it.
        case cannotWrite(path: String, errno: Int32)

        var description: String {
            switch self {
            case .cannotMake(let code): "cannot make a temporary folder: \(String(cString: strerror(code)))"
            case .removed: "the temporary folder was removed: Galley is stopping"
            case .cannotWrite(let path, let code): "cannot write \(path) into the temporary folder: \(String(cString: strerror(code)))"
            }
        }
    }

    static let namePrefix = "galley-diff-"
    /// Deepest path written: deeper ones are skipped, so that removing the folder needs no deeper walk.
    static let depthLimit = 64

    let path: String
    /// The folder's descriptor; nil once removed. Writes hold the lock, so
    /// a removal (from the thread that takes a signal) waits for the file
    /// being written and no file is made after it.
    private let descriptor: Locked<FileDescriptor?>

    /// Makes a new folder, after removing the leftovers of dead processes.
    init(in temporary: String = NSTemporaryDirectory()) throws(Failure) {
        let temporary = temporary.hasSuffix("/") && temporary.count > 1 ? String(temporary.dropLast()) : temporary
        Self.removeLeftovers(in: temporary)
        let name = Self.namePrefix + "\(getpid())-" + UUID().uuidString.prefix(8).lowercased()
        path = temporary.slashJoined(name)
        guard mkdir(path, 0o700) == 0 else { throw .cannotMake(errno: errno) }
        do throws(SystemCallError) {
            descriptor = Locked(try FileDescriptor.open(path, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW))
        } catch {
            rmdir(path)
            throw .cannotMake(errno: error.errno)
        }
    }

    /// Removes the folder and all it holds; later writes fail with `.removed`.
    func remove() {
        descriptor.withLock { descriptor in
            guard let open = descriptor else { return }
            Self.removeEntries(of: open, depth: 0)
            open.close()
            rmdir(path)
            descriptor = nil
        }
    }

    /// Makes the folder `name` in it (or empties the one that is there).
    func makeFolder(_ name: String) throws(Failure) {
        try withDescriptor { top throws(Failure) in
            Self.removeEntry(Array(name.utf8CString), in: top, depth: 0)
            guard mkdirat(top.rawValue, name, 0o700) == 0 else { throw Failure.cannotWrite(path: name, errno: errno) }
        }
    }

    /// Removes the folder `name` in it.
    func removeFolder(_ name: String) {
        try? withDescriptor { top throws(Failure) in Self.removeEntry(Array(name.utf8CString), in: top, depth: 0) }
    }

    /// Writes `bytes` as a new file at `components` (checked by
    /// `components(of:)`) below the folder `name`, making the folders between.
    func write(_ bytes: some Collection<UInt8>, at components: [String], in name: String) throws(Failure) {
        try withDescriptor { top throws(Failure) in
            var folders: [FileDescriptor] = []
            defer { for folder in folders { folder.close() } }
            for (index, component) in ([name] + components).enumerated() {
                let current = folders.last ?? top
                let shown = components.prefix(index).joined(separator: "/")
                guard index < components.count else {
                    let raw = openat(current.rawValue, component, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                    guard raw >= 0 else { throw Failure.cannotWrite(path: shown, errno: errno) }
                    let file = FileDescriptor(rawValue: raw)
                    defer { file.close() }
                    do throws(SystemCallError) {
                        try file.writeAll(bytes)
                    } catch {
                        throw Failure.cannotWrite(path: shown, errno: error.errno)
                    }
                    return
                }
                if index > 0, mkdirat(current.rawValue, component, 0o700) != 0, errno != EEXIST {
                    throw Failure.cannotWrite(path: shown, errno: errno)
                }
                let raw = openat(current.rawValue, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard raw >= 0 else { throw Failure.cannotWrite(path: shown, errno: errno) }
                folders.append(FileDescriptor(rawValue: raw))
            }
        }
    }

    /// The components of a path from the content's repository, or nil when
    /// it must not be written: an empty, `.` or `..` component, `.git` (git
    /// itself refuses it in a work tree), a NUL, or a path deeper than `depthLimit`.
    static func components(of path: String) -> [String]? {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !components.isEmpty, components.count <= depthLimit else { return nil }
        for component in components {
            guard !component.isEmpty, component != ".", component != "..", component.lowercased() != ".git",
                !component.utf8.contains(0), component.utf8.count <= Int(NAME_MAX)
            else { return nil }
        }
        return components
    }

    /// Removes the `galley-diff-PID-…` folders in `temporary` whose process
    /// is gone and that this user owns; a symlink by that name is left alone.
    static func removeLeftovers(in temporary: String) {
        guard let top = try? FileDescriptor.open(temporary, flags: O_RDONLY | O_DIRECTORY) else { return }
        defer { top.close() }
        guard let entries = try? DirectoryListing.entries(of: temporary) else { return }
        for entry in entries where entry.kind == .folder {
            guard let pid = leftoverProcess(entry.name), kill(pid, 0) == -1, errno == ESRCH else { continue }
            var status = stat()
            guard fstatat(top.rawValue, entry.name, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_uid == getuid(),
                status.st_mode & S_IFMT == S_IFDIR
            else { continue }
            removeEntry(Array(entry.name.utf8CString), in: top, depth: 0)
        }
    }

    /// The process that made a folder of this name, or nil when it is not one of these folders.
    static func leftoverProcess(_ name: String) -> pid_t? {
        guard name.hasPrefix(namePrefix) else { return nil }
        let rest = name.dropFirst(namePrefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        return pid
    }

    private func withDescriptor<Value>(_ body: (FileDescriptor) throws(Failure) -> Value) throws(Failure) -> Value {
        let outcome: Result<Value, Failure> = descriptor.withLock { descriptor in
            guard let open = descriptor else { return .failure(.removed) }
            do throws(Failure) {
                return .success(try body(open))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Removes `name` (NUL-terminated bytes: a leftover's names need not be
    /// UTF-8) in `folder`, and all it holds when it is a folder; symlinks are
    /// removed, never followed.
    private static func removeEntry(_ name: [CChar], in folder: FileDescriptor, depth: Int) {
        guard unlinkat(folder.rawValue, name, 0) != 0, errno == EISDIR else { return }
        guard depth <= depthLimit + 1 else { return }
        let raw = openat(folder.rawValue, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard raw >= 0 else { return }
        let inner = FileDescriptor(rawValue: raw)
        removeEntries(of: inner, depth: depth + 1)
        inner.close()
        unlinkat(folder.rawValue, name, AT_REMOVEDIR)
    }

    private static func removeEntries(of folder: FileDescriptor, depth: Int) {
        let copy = dup(folder.rawValue)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return
        }
        var names: [[CChar]] = []
        while let record = readdir(stream) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { bytes in Array(bytes.prefix { $0 != 0 }).map { CChar(bitPattern: $0) } }
            if name != [46], name != [46, 46] { names.append(name + [0]) }
        }
        closedir(stream)
        for name in names {
            removeEntry(name, in: folder, depth: depth)
        }
    }
}
