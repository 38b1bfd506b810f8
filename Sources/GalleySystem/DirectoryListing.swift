import GalleyCore
import Glibc

/// The entries of one folder, read with `readdir`, without "." and "..".
///
/// A name that is not valid UTF-8 is skipped: a Swift string cannot carry it
/// unchanged, and a path rebuilt from a repaired name would name nothing.
package enum DirectoryListing {
    package struct Entry: Equatable, Sendable {
        package var name: String
        package var kind: FileKind
        /// Whether a file or symlink could not be read when listed; false when not asked.
        package var isUnreadable = false
    }

    /// With `askingReadability`, each file's and symlink's readability is
    /// asked while the folder is open (see `FileReadability`).
    package static func entries(of folder: String, askingReadability: Bool = false) throws(SystemCallError) -> [Entry] {
        guard let stream = opendir(folder) else {
            throw SystemCallError(call: "opendir", path: folder, errno: errno)
        }
        defer { closedir(stream) }
        var entries: [Entry] = []
        while let record = readdir(stream) {
            let name = withUnsafeBytes(of: record.pointee.d_name) { bytes in
                String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let name, name != ".", name != ".." else { continue }
            var entry = Entry(name: name, kind: kind(of: record.pointee.d_type, name: name, in: folder))
            if askingReadability, entry.kind == .file || entry.kind == .symbolicLink {
                entry.isUnreadable = FileReadability.isUnreadable(name: name, inFolder: dirfd(stream))
            }
            entries.append(entry)
        }
        return entries
    }

    /// Some file systems leave `d_type` unknown; `lstat` then tells.
    private static func kind(of type: UInt8, name: String, in folder: String) -> FileKind {
        switch Int(type) {
        case Int(DT_DIR): return .folder
        case Int(DT_REG): return .file
        case Int(DT_LNK): return .symbolicLink
        case Int(DT_UNKNOWN): return FileStatus.kind(ofEntryAt: folder.slashJoined(name))
        default: return .other
        }
    }
}
