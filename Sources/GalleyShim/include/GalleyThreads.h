#ifndef GALLEY_THREADS_H
#define GALLEY_THREADS_H

/// Lowers the calling thread's CPU priority to `nice_value` (Linux keeps a
/// nice value per thread; threads it starts inherit it). Returns 0 or -1.
///
/// Why this exists: it needs the thread's id, and gettid() is declared only
/// under _GNU_SOURCE, which Swift's Glibc module does not set.
int galley_lower_thread_priority(int nice_value);

#endif
