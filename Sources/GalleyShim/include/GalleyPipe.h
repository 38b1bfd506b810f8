#ifndef GALLEY_PIPE_H
#define GALLEY_PIPE_H

/// pipe2(2) with O_CLOEXEC: both ends are closed on exec from the start, so
/// a child another thread spawns meanwhile inherits neither (pipe and a
/// later fcntl leave a gap).
///
/// Why this exists: <unistd.h> declares pipe2 only with _GNU_SOURCE, which
/// Swift's Glibc module is not built with. Returns 0, or -1 with errno set.
int galley_pipe_cloexec(int ends[2]);

#endif
