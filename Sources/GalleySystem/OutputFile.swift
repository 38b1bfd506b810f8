import GalleyShim
import Glibc

/// One output file that the user named (`render FILE -o OUT`, `diff -o OUT`).
package enum OutputFile {
    /// Writes `bytes` as the file `path`, whole or not at all, through the
    /// folder that holds it (`OutputFolder`): a symlink at `path` is
    /// replaced, never written through. A character device or a FIFO there
    /// (`/dev/null`, `/dev/full`, a named pipe) is written into instead, as
    /// renaming over it would replace the device rather than feed it.
    package static func write(_ bytes: some Collection<UInt8>, to path: String) throws(OutputWriteError) {
        if let stream = openedStream(path) {
            do throws(SystemCallError) {
                try stream.writeAllAndClose(bytes, path: path)
            } catch {
                throw .failed(error)
            }
            return
        }
        let (folder, name) = try OutputFolder.holding(file: path)
        defer { folder.close() }
        try folder.write(bytes, to: name)
    }

    /// `path` opened for writing when it is (or links to) a character device
    /// or a FIFO; nil for anything else, which is then not opened for writing at all.
    private static func openedStream(_ path: String) -> FileDescriptor? {
        guard let found = try? FileDescriptor.open(path, flags: GALLEY_O_PATH) else { return nil }
        defer { found.close() }
        guard let status = try? found.status(path: path), [S_IFCHR, S_IFIFO].contains(status.st_mode & S_IFMT) else { return nil }
        // Reopened through the descriptor, so what is written is what was looked at.
        return try? FileDescriptor.open("/proc/self/fd/\(found.rawValue)", flags: O_WRONLY | O_NOCTTY)
    }
}
