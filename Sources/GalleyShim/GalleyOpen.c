#include "GalleyOpen.h"

#include <errno.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int galley_open_beneath(int folder, const char *path, int flags) {
#ifdef SYS_openat2
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
    return (int)syscall(SYS_openat2, folder, path, &how, sizeof how);
#else
    (void)folder;
    (void)path;
    (void)flags;
    errno = ENOSYS;
    return -1;
#endif
}
