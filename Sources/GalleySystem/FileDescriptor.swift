import Glibc

/// An open file descriptor, a type rather than a bare `Int32`: the calls
/// Galley makes on one, each retried on EINTR and failing with the call,
/// the path it is about and errno.
package struct FileDescriptor: Hashable, Sendable {
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let standardInput = FileDescriptor(rawValue: 0)
    package static let standardOutput = FileDescriptor(rawValue: 1)
    package static let standardError = FileDescriptor(rawValue: 2)

    /// Opens a file that is not content (content is opened by `ContentFolder`);
    /// `mode` is for a file O_CREAT makes.
    package static func open(_ path: String, flags: Int32, mode: mode_t = 0o644) throws(SystemCallError) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingOnInterrupt("open", path: path) { Glibc.open(path, flags | O_CLOEXEC, mode) })
    }

    /// The bytes of a regular file that is not content (a font of this
    /// machine, a table in /proc), at most `limit`.
    package static func readFile(_ path: String, limit: Int) throws(SystemCallError) -> [UInt8] {
        let file = try open(path, flags: O_RDONLY | O_NONBLOCK)
        defer { file.close() }
        let status = try file.status(path: path)
        guard status.st_mode & S_IFMT == S_IFREG else { throw SystemCallError.notRegularFile(path: path) }
        // /proc says its files are empty: the read finds the end.
        return try file.readAll(expected: Int(status.st_size), limit: limit, path: path)
    }

    /// Closes the descriptor; on Linux it is released even when `close` reports EINTR, so it is never retried.
    package func close() {
        _ = Glibc.close(rawValue)
    }

    /// Writes all of `bytes` and closes the descriptor, which is closed
    /// whichever fails. What `close` says counts: some file systems (NFS, a
    /// quota) tell only there that a write failed; EINTR counts as closed,
    /// as in `close()`.
    package func writeAllAndClose(_ bytes: some Collection<UInt8>, path: String? = nil) throws(SystemCallError) {
        var failure: SystemCallError?
        do throws(SystemCallError) {
            try writeAll(bytes, path: path)
        } catch {
            failure = error
        }
        if Glibc.close(rawValue) == -1, errno != EINTR { failure = failure ?? SystemCallError(call: "close", path: path, errno: errno) }
        if let failure { throw failure }
    }

    /// `fstat`: what the descriptor is, decided on the open file itself.
    package func status(path: String? = nil) throws(SystemCallError) -> stat {
        var info = stat()
        try retryingOnInterrupt("fstat", path: path) { fstat(rawValue, &info) }
        return info
    }

    /// Reads what is there into `buffer`: 0 at the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer, path: String? = nil) throws(SystemCallError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return try retryingOnInterrupt("read", path: path) { Glibc.read(rawValue, base, buffer.count) }
    }

    /// Writes all of `bytes`, however many calls it takes.
    package func writeAll(_ bytes: some Collection<UInt8>, path: String? = nil) throws(SystemCallError) {
        let result: SystemCallError? =
            bytes.withContiguousStorageIfAvailable { buffer in
                writeAll(UnsafeRawBufferPointer(buffer), path: path)
            } ?? Array(bytes).withUnsafeBytes { writeAll($0, path: path) }
        if let result { throw result }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer, path: String?) -> SystemCallError? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            do throws(SystemCallError) {
                let written = try retryingOnInterrupt("write", path: path) { Glibc.write(rawValue, base + offset, buffer.count - offset) }
                if written == 0 { return SystemCallError(call: "write", path: path, errno: EIO) }
                offset += written
            } catch {
                return error
            }
        }
        return nil
    }

    /// Reads to the end, refusing more than `limit` bytes (with EFBIG).
    /// `expected` (the size `fstat` gave) sizes the buffer: one byte more
    /// than the file holds, so the read that finds its end needs no more
    /// room, and left uninitialised (growing or zeroing a 1 MB array cost as
    /// much as the rest of reading a save).
    package func readAll(expected: Int, limit: Int, path: String? = nil) throws(SystemCallError) -> [UInt8] {
        var bytes: [UInt8] = []
        var room = min(expected, limit) + 1
        while true {
            var isAtEnd = false
            var failure: SystemCallError?
            let part = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = 0
                while count < buffer.count {
                    let read: Int
                    do throws(SystemCallError) {
                        read = try self.read(
                            into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])), path: path)
                    } catch {
                        failure = error
                        return
                    }
                    if read == 0 {
                        isAtEnd = true
                        return
                    }
                    count += read
                }
            }
            if let failure { throw failure }
            // Taken as it is when it is all there is (appending copies, byte by byte).
            if bytes.isEmpty { bytes = part } else { bytes += part }
            if bytes.count > limit { throw SystemCallError.tooLarge(path: path, limit: limit) }
            if isAtEnd { return bytes }
            // The file grew while it was read.
            room = max(4096, bytes.count)
        }
    }
}
