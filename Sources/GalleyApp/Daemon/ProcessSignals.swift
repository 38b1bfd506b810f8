import GalleySystem
import Glibc

/// The signals a running daemon answers, received synchronously.
///
/// They are blocked in the main thread before any other thread exists, so
/// every thread inherits the block and no signal can be delivered to (and
/// lost on) a thread that does not handle it; the main thread then takes
/// them one at a time with `sigwait`.
enum ProcessSignals {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Call first thing, while the process has one thread.
    static func block() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Waits for the next handled signal.
    static func next() -> Int32 {
        var set = signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// For a command that runs to its end (after `block()`): a thread of its
    /// own waits for the next handled signal, runs `cleanup`, and ends the
    /// process as that signal ends it, so that the shell sees the signal.
    static func onSignal(_ cleanup: @escaping @Sendable () -> Void) {
        do {
            try DetachedThread.start(name: "galley-signals") {
                let received = next()
                cleanup()
                signal(received, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, received)
                raise(received)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                _exit(128 + received)
            }
        } catch {
            // Without the thread, no signal would be taken: they end the process as they did.
            var set = signalSet()
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    /// Starts `arguments[0]` (found on PATH) without waiting, with the
    /// signals unblocked again so the child reacts to them normally; with
    /// `silenced`, its output and errors go to /dev/null, for a child whose
    /// failure the caller reports itself.
    static func spawn(_ arguments: [String], silenced: Bool = false) -> (pid: pid_t, error: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if silenced {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let status = ChildProcess.withSpawnAttributes { attributes in
            posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
        }
        return (pid, status)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        return set
    }
}
