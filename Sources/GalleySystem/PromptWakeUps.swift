import GalleyShim

/// Threads that carry a save or a keystroke to the page (the watcher's,
/// the HTTP server's, the editor link's, `galley lsp`'s) sleep until the
/// kernel wakes them, then work for a fraction of a millisecond. The
/// kernel's scheduler (EEVDF, Linux 6.12 and later) lets a woken thread
/// take the CPU from the one running only when its deadline is sooner, and
/// a thread's deadline is a slice away: with the default slice, the thread
/// an editor's save woke waited, on the editor's CPU, for the editor's
/// slice to end. With the shortest slice it runs as soon as the editor
/// leaves the kernel; over time it still gets no more than its fair share.
package enum PromptWakeUps {
    /// Asks for the calling thread; the second call on a thread does nothing.
    /// A kernel that refuses (another scheduling policy) changes nothing.
    package static func request() {
        _ = galley_request_prompt_wake_ups()
    }
}
