import Glibc

/// A failed system call: the call, the path (or address) it was about and the
/// errno text, plus help for the limits users can raise, so that
/// "inotify_add_watch(/x): No space left on device (errno 28)" reaches the
/// user with what to do about it.
package struct SystemCallError: Error, CustomStringConvertible, Sendable {
    /// The system call that failed, such as `inotify_add_watch`.
    package var call: String
    /// The path or address the call was about, if any.
    package var path: String?
    /// The errno value the call left.
    package var errno: Int32
    /// Why Galley refused rather than the kernel, said instead of errno's
    /// text (errno is then the nearest code, such as EXDEV for a symlink
    /// that leads out of the content folder).
    package var refusal: Refusal?

    /// What Galley refuses to open or read, whatever the kernel would allow.
    package enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// A symlink, `..` or absolute path that would leave the content folder.
        case leadsOutsideFolder
        /// A file larger than the most Galley reads, `limit` bytes.
        case largerThan(limit: Int)
        /// A folder, FIFO, device or socket where a file was expected.
        case notRegularFile

        package var description: String {
            switch self {
            case .leadsOutsideFolder: "leads outside the content folder"
            case .largerThan(let limit): "larger than \(limit / 1024 / 1024) MiB"
            case .notRegularFile: "not a regular file"
            }
        }
    }

    package init(call: String, path: String?, errno: Int32) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    private init(call: String, path: String?, errno: Int32, refusal: Refusal) {
        self.init(call: call, path: path, errno: errno)
        self.refusal = refusal
    }

    /// A symlink, `..` or absolute path that would leave the content folder.
    package static func outsideFolder(call: String, path: String?) -> SystemCallError {
        SystemCallError(call: call, path: path, errno: EXDEV, refusal: .leadsOutsideFolder)
    }

    /// A file bigger than Galley reads.
    package static func tooLarge(path: String?, limit: Int) -> SystemCallError {
        SystemCallError(call: "read", path: path, errno: EFBIG, refusal: .largerThan(limit: limit))
    }

    /// A folder, FIFO, device or socket where a file was expected.
    package static func notRegularFile(path: String?) -> SystemCallError {
        SystemCallError(call: "open", path: path, errno: EINVAL, refusal: .notRegularFile)
    }

    /// True when the per-user inotify watch limit stopped a folder from being watched.
    package var isWatchLimit: Bool { call == "inotify_add_watch" && errno == ENOSPC }

    package var description: String {
        let summary = "\(call)(\(path ?? "")): \(refusal?.description ?? String(cString: strerror(errno))) (errno \(errno))"
        guard let help else { return summary }
        return summary + "\n" + help
    }

    /// What the user can do about it, for the errors that are limits rather than faults.
    private var help: String? {
        switch (call, errno) {
        case ("inotify_add_watch", ENOSPC):
            return Self.sysctlHelp(
                setting: "fs.inotify.max_user_watches",
                suggested: 524288,
                meaning: "how many folders one user may watch with inotify; some folders are not watched now"
            )
        case ("inotify_init1", EMFILE):
            return Self.sysctlHelp(
                setting: "fs.inotify.max_user_instances",
                suggested: 1024,
                meaning:
                    "how many inotify instances one user may open (other watchers such as editors and dev servers count too)"
            ) + "\nIf that limit is not reached, this process has too many open files: raise `ulimit -n`."
        default:
            return nil
        }
    }

    private static func sysctlHelp(setting: String, suggested: Int, meaning: String) -> String {
        let current = currentValue(of: setting).map { " (now \($0))" } ?? ""
        return """
            The Linux limit \(setting)\(current) sets \(meaning).
            Raise it with `sudo sysctl \(setting)=\(suggested)`, and keep it across reboots with the line \
            `\(setting)=\(suggested)` in /etc/sysctl.d/90-inotify.conf.
            """
    }

    /// Reads a sysctl value from /proc/sys, so the help can say what the limit is now.
    private static func currentValue(of setting: String) -> String? {
        let file = "/proc/sys/" + setting.split(separator: ".").joined(separator: "/")
        guard let stream = fopen(file, "r") else { return nil }
        defer { fclose(stream) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, Int32(line.count), stream) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let value = text.split(whereSeparator: { $0 == "\n" || $0 == " " }).first.map(String.init) ?? ""
        return value.isEmpty ? nil : value
    }
}

/// Runs a system call that returns -1 on failure, again while a signal
/// interrupts it (EINTR), and throws the call, the path and errno otherwise.
@discardableResult
package func retryingOnInterrupt<Result: BinaryInteger>(
    _ call: String,
    path: String? = nil,
    _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        guard result == -1 else { return result }
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(call: call, path: path, errno: code)
    }
}
