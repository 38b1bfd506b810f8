import GalleyShim

/// The calling thread's CPU priority (per thread on Linux; inherited by the
/// threads it starts, libvips's own workers too).
enum ThreadPriority {
    /// Makes the calling thread yield to the daemon's other work (nice 10).
    /// It cannot be raised again without privileges, so only threads that
    /// do nothing else call it.
    static func lower() {
        _ = galley_lower_thread_priority(10)
    }
}
