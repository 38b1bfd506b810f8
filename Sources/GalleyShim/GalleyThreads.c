#define _GNU_SOURCE
#include "GalleyThreads.h"

#include <sys/resource.h>
#include <unistd.h>

int galley_lower_thread_priority(int nice_value) {
    return setpriority(PRIO_PROCESS, (id_t)gettid(), nice_value);
}
