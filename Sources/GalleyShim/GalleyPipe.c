#define _GNU_SOURCE
#include "GalleyPipe.h"

#include <fcntl.h>
#include <unistd.h>

int galley_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}
