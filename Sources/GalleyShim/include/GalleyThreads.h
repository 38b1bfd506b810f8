#ifndef GALLEY_THREADS_H
#define GALLEY_THREADS_H

/// Lowers the calling thread's CPU priority to `nice_value` (Linux keeps a
/// nice value per thread; threads it starts inherit it). Returns 0 or -1.
///
/// Why this exists: it needs the thread's id, and gettid() is declared only
/// under _GNU_SOURCE, which Swift's Glibc module does not set.
int galley_lower_thread_priority(int nice_value);

/// Asks the kernel for the shortest time slice for the calling thread, once
/// per thread, keeping its policy and nice value (sched_setattr's
/// sched_runtime, which Linux 6.12 and later read as the slice a thread of
/// the fair class asks for; earlier kernels ignore it). Returns 0 or -1.
///
/// Why this exists: Debian's glibc has no sched_setattr; its structure and
/// the once-per-thread flag are C's.
int galley_request_prompt_wake_ups(void);

#endif
