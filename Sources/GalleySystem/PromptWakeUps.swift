import GalleyShim

/// Threads that carry a save to the page (the watcher's, the HTTP
/// server's) are asleep until the kernel wakes them, and then work for a
/// fraction of a millisecond. The kernel's scheduler (EEVDF, Linux 6.12
/// and later) runs a woken thread before the one already running only when
/// its deadline is sooner, and a thread's deadline is its slice away: with
/// the default slice, a thread the editor's save woke waited for the
/// editor's own slice to end. The shortest slice lets it run at once; it
/// still gets no more than its fair share of the CPU.
package enum PromptWakeUps {
    /// Asks for the calling thread; the second call on a thread does nothing.
    /// A kernel that refuses (another scheduling policy) changes nothing.
    package static func request() {
        _ = galley_request_prompt_wake_ups()
    }
}
