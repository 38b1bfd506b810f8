import Glibc

/// A value that threads share, reached only under its lock: Galley's one
/// lock. A pthread mutex rather than the standard library's `Mutex`, whose
/// Linux futex ThreadSanitizer cannot see: under `--sanitize=thread` it
/// reports every access a `Mutex` guards as a race (a two-thread program
/// shows it), so the sanitizer could vouch for no lock-guarded state.
package final class Locked<Value>: @unchecked Sendable {
    // Unchecked: `value` is touched only between lock and unlock of `mutex`.
    private var value: Value
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    package init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock (not re-entrant).
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
