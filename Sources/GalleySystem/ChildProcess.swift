import GalleyShim
import Glibc

/// A program run to its end: its standard input fed, and its output and
/// errors read, all at the same time (a child that fills one pipe while the
/// parent waits on another waits for ever: past 64 KiB of warnings, git
/// did), within a time limit after which it is killed and reaped, and with
/// caps on what is kept of each stream.
package struct ChildProcess: Sendable {
    /// How the child ended.
    package enum Termination: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal it did not ask for ended it.
        case signalled(Int32)
        /// It was still running at the time limit, and was killed.
        case timedOut
        /// It wrote more than the output cap, and was killed.
        case outputTooLarge
    }

    /// What the child did.
    package struct Outcome: Sendable {
        package var termination: Termination
        /// Its standard output, whole (or cut at the cap when it was killed for writing more).
        package var output: [UInt8]
        /// The beginning of its standard error, up to the error cap; the rest was read and dropped.
        package var errors: [UInt8]

        /// Whether it exited with status 0.
        package var succeeded: Bool { termination == .exited(0) }
    }

    /// Why a child could not be run at all.
    package enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        /// `posix_spawnp` failed: no such program, or the system has no room for another process.
        case cannotStart(program: String, errno: Int32)
        /// A pipe or poll call failed.
        case systemCall(call: String, errno: Int32)

        package var description: String {
            switch self {
            case .cannotStart(let program, let code): "cannot run \(program): \(String(cString: strerror(code)))"
            case .systemCall(let call, let code): "\(call): \(String(cString: strerror(code))) (errno \(code))"
            }
        }
    }

    /// The program, looked up on PATH when it has no slash.
    package var program: String
    package var arguments: [String]
    /// `NAME=value` entries: the child's whole environment.
    package var environment: [String]
    /// Fed to its standard input, which is then closed.
    package var input: [UInt8] = []
    package var timeLimit: Duration
    /// The most output kept; a child that writes more is killed.
    package var outputLimit: Int
    /// The most of its errors kept; the rest is read and dropped.
    package var errorLimit = 64 * 1024
    /// Room made for the output before it is read (at most `outputLimit`), so that a large answer is not copied as it grows.
    package var expectedOutput = 0

    package init(program: String, arguments: [String], environment: [String], timeLimit: Duration, outputLimit: Int) {
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
    }

    /// This process's environment, as `NAME=value` entries.
    package static var currentEnvironment: [String] {
        var entries: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            entries.append(String(cString: pointer))
            entry += 1
        }
        return entries
    }

    /// Runs the child to its end (or its kill), waiting for it.
    package func run() throws(Failure) -> Outcome {
        let inputPipe = try Self.pipe()
        let outputPipe: (read: Int32, write: Int32)
        let errorPipe: (read: Int32, write: Int32)
        do throws(Failure) {
            outputPipe = try Self.pipe()
            do throws(Failure) {
                errorPipe = try Self.pipe()
            } catch {
                for end in [outputPipe.read, outputPipe.write] { close(end) }
                throw error
            }
        } catch {
            for end in [inputPipe.read, inputPipe.write] { close(end) }
            throw error
        }
        let child: pid_t
        do throws(Failure) {
            child = try spawn(input: inputPipe.read, output: outputPipe.write, errors: errorPipe.write)
        } catch {
            for end in [inputPipe.read, inputPipe.write, outputPipe.read, outputPipe.write, errorPipe.read, errorPipe.write] { close(end) }
            throw error
        }
        for end in [inputPipe.read, outputPipe.write, errorPipe.write] { close(end) }
        // Non-blocking: a write larger than the room the pipe has left would wait.
        _ = fcntl(inputPipe.write, F_SETFL, fcntl(inputPipe.write, F_GETFL) | O_NONBLOCK)
        var streams = Streams(input: inputPipe.write, output: outputPipe.read, errors: errorPipe.read)
        streams.outputBytes.reserveCapacity(min(expectedOutput, outputLimit) + 1)
        defer { streams.closeAll() }
        let deadline = ContinuousClock.now + timeLimit
        let ending = exchange(&streams, deadline: deadline)
        if let ending {
            kill(child, SIGKILL)
            _ = Self.reap(child)
            return Outcome(termination: ending, output: streams.outputBytes, errors: streams.errorBytes)
        }
        return Outcome(termination: Self.wait(for: child, until: deadline), output: streams.outputBytes, errors: streams.errorBytes)
    }

    /// The parent's ends of the three pipes, and what was read from them.
    private struct Streams {
        var input: Int32?
        var output: Int32?
        var errors: Int32?
        var fed = 0
        var outputBytes: [UInt8] = []
        var errorBytes: [UInt8] = []

        init(input: Int32, output: Int32, errors: Int32) {
            self.input = input
            self.output = output
            self.errors = errors
        }

        mutating func closeAll() {
            for end in [input, output, errors].compactMap({ $0 }) { close(end) }
            input = nil
            output = nil
            errors = nil
        }
    }

    /// Feeds and reads until both output pipes are at their end; the reason
    /// to kill the child when it must not go on.
    private func exchange(_ streams: inout Streams, deadline: ContinuousClock.Instant) -> Termination? {
        // A child that closes its input early makes the next write fail with
        // EPIPE and raise SIGPIPE, which would end this process: it is held
        // blocked for this thread, and one left pending is taken before unblocking.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var none = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        if input.isEmpty, let end = streams.input {
            close(end)
            streams.input = nil
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while streams.output != nil || streams.errors != nil {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return .timedOut }
            var watched: [pollfd] = []
            if let end = streams.input { watched.append(pollfd(fd: end, events: Int16(POLLOUT), revents: 0)) }
            if let end = streams.output { watched.append(pollfd(fd: end, events: Int16(POLLIN), revents: 0)) }
            if let end = streams.errors { watched.append(pollfd(fd: end, events: Int16(POLLIN), revents: 0)) }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&watched, nfds_t(watched.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .timedOut
            }
            for entry in watched where entry.revents != 0 {
                if entry.fd == streams.input {
                    feed(&streams)
                } else if entry.fd == streams.output {
                    guard read(from: entry.fd, into: &buffer, keeping: &streams.outputBytes, limit: outputLimit) else {
                        close(entry.fd)
                        streams.output = nil
                        continue
                    }
                    if streams.outputBytes.count > outputLimit { return .outputTooLarge }
                } else if read(from: entry.fd, into: &buffer, keeping: &streams.errorBytes, limit: errorLimit) == false {
                    close(entry.fd)
                    streams.errors = nil
                }
            }
        }
        return nil
    }

    /// Writes what the pipe takes of the input; closes it when all is written or the child stopped reading.
    private func feed(_ streams: inout Streams) {
        guard let end = streams.input else { return }
        let fed = streams.fed
        let written = input.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            return write(end, base + fed, min(bytes.count - fed, 64 * 1024))
        }
        if written > 0 { streams.fed += written }
        if (written < 0 && errno != EAGAIN && errno != EINTR) || streams.fed == input.count {
            close(end)
            streams.input = nil
        }
    }

    /// Reads what is there into `kept` (up to one byte past `limit`, so a
    /// caller sees it was passed); false at the end of the stream.
    private func read(from end: Int32, into buffer: inout [UInt8], keeping kept: inout [UInt8], limit: Int) -> Bool {
        let count = buffer.withUnsafeMutableBytes { Glibc.read(end, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EAGAIN || errno == EINTR }
        if count == 0 { return false }
        let room = max(0, limit + 1 - kept.count)
        kept += buffer[..<min(count, room)]
        return true
    }

    /// The child's end once both its pipes closed: a child that closed them
    /// and goes on running is killed at the deadline all the same.
    private static func wait(for child: pid_t, until deadline: ContinuousClock.Instant) -> Termination {
        var status: Int32 = 0
        while true {
            let waited = waitpid(child, &status, WNOHANG)
            if waited == child { return termination(status) }
            if waited < 0, errno != EINTR { return .timedOut }
            if ContinuousClock.now >= deadline {
                kill(child, SIGKILL)
                _ = reap(child)
                return .timedOut
            }
            usleep(1000)
        }
    }

    /// Waits for a killed child, so that it leaves no zombie.
    private static func reap(_ child: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0, errno == EINTR {}
        return status
    }

    private static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// A pipe whose ends are closed on exec; the parent's ends are made non-blocking after the spawn.
    private static func pipe() throws(Failure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard galley_pipe_cloexec(&ends) == 0 else { throw .systemCall(call: "pipe2", errno: errno) }
        return (ends[0], ends[1])
    }

    /// Runs `body` with spawn attributes for a child that reacts to signals as
    /// one started from a shell does: none blocked (the daemon blocks the ones
    /// it waits for, and a blocked mask is inherited), and the default action
    /// for the ones a shell expects (an ignored SIGPIPE is inherited too).
    package static func withSpawnAttributes<Result>(_ body: (inout posix_spawnattr_t) -> Result) -> Result {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        return body(&attributes)
    }

    /// Starts the child on the three pipe ends.
    private func spawn(input: Int32, output: Int32, errors: Int32) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child = pid_t()
        let status = Self.withSpawnAttributes { attributes in posix_spawnp(&child, program, &actions, &attributes, &argv, &envp) }
        guard status == 0 else { throw .cannotStart(program: program, errno: status) }
        return child
    }
}
