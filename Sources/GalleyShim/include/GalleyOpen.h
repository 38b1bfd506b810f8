#ifndef GALLEY_OPEN_H
#define GALLEY_OPEN_H

/// Opens `path` relative to the folder `folder` with openat2(2) and
/// RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS: the kernel refuses, with EXDEV,
/// any walk that would leave the folder (a "..", an absolute path or a
/// symlink), atomically with the open.
///
/// Why this exists: openat2 has no libc wrapper, and syscall(2) is variadic,
/// which Swift cannot call. Returns the descriptor, or -1 with errno set
/// (ENOSYS on kernels before 5.6, EPERM under some seccomp filters).
int galley_open_beneath(int folder, const char *path, int flags);

/// O_PATH: a descriptor that names a file without opening it for reading.
/// Why here: <fcntl.h> declares it only with _GNU_SOURCE, which Swift's
/// Glibc module is not built with.
#define GALLEY_O_PATH 010000000

#endif
