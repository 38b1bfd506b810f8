#define _GNU_SOURCE
#include "GalleyThreads.h"

#include <sched.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int galley_lower_thread_priority(int nice_value) {
    return setpriority(PRIO_PROCESS, (id_t)gettid(), nice_value);
}

/* The kernel's struct sched_attr, as its first version laid it out: Debian's
 * glibc has no wrapper for sched_getattr and sched_setattr. */
struct galley_sched_attr {
    uint32_t size;
    uint32_t policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime;
    uint64_t deadline;
    uint64_t period;
};

/* The shortest slice the kernel grants a thread of the fair class. */
static const uint64_t shortest_slice_nanoseconds = 100 * 1000;
/* SCHED_FLAG_RESET_ON_FORK, the one flag a thread's scheduling keeps here. */
static const uint64_t reset_on_fork = 0x01;

static __thread int prompt_wake_ups_requested;

int galley_request_prompt_wake_ups(void) {
    if (prompt_wake_ups_requested) return 0;
    prompt_wake_ups_requested = 1;
    struct galley_sched_attr attributes = {0};
    if (syscall(SYS_sched_getattr, 0, &attributes, sizeof attributes, 0) != 0) return -1;
    if (attributes.policy != SCHED_OTHER && attributes.policy != SCHED_BATCH) return -1;
    attributes.size = sizeof attributes;
    attributes.flags &= reset_on_fork;
    attributes.runtime = shortest_slice_nanoseconds;
    return (int)syscall(SYS_sched_setattr, 0, &attributes, 0);
}
