#define _GNU_SOURCE
/* Save-to-push latency with many open pages, measured by a client fast
 * enough not to be what is measured: N keep-alive connections each hold a
 * long-poll on one document; the file is saved; the time from the save's
 * last system call until the last page has its whole answer is recorded.
 *
 * Each page asks as the preview page does (`since`, `wait`, `patch=1`), or,
 * with ANSWER `whole`, for the whole document as other clients do.
 *
 * usage: pages PORT DOCUMENT_ID FILE PAGES SAVES STYLE(in-place|rename) ANSWER(patch|whole) TMPDIR VARIANT...
 * Prints one latency in milliseconds per line. Built and run by Scripts/bench. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

typedef struct { int fd; char *buffer; size_t used, capacity; int done; } Page;

/* Reads what is there, growing the buffer for large documents; -1 when closed. */
static ssize_t receive(Page *page) {
    if (page->capacity - page->used < 65536) {
        page->capacity *= 2;
        page->buffer = realloc(page->buffer, page->capacity);
        if (!page->buffer) { perror("realloc"); exit(1); }
    }
    ssize_t got = read(page->fd, page->buffer + page->used, page->capacity - page->used);
    if (got <= 0) return -1;
    page->used += (size_t)got;
    return got;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    *size = (size_t)ftell(file);
    rewind(file);
    char *data = malloc(*size);
    if (fread(data, 1, *size, file) != *size) { perror(path); exit(1); }
    fclose(file);
    return data;
}

/* A complete response is in: returns the body's start, else NULL. */
static char *complete_body(Page *page) {
    char *end = memmem(page->buffer, page->used, "\r\n\r\n", 4);
    if (!end) return NULL;
    char *length = memmem(page->buffer, (size_t)(end - page->buffer), "Content-Length: ", 16);
    if (!length) length = memmem(page->buffer, (size_t)(end - page->buffer), "content-length: ", 16);
    size_t body = length ? strtoul(length + 16, NULL, 10) : 0;
    if ((size_t)(end + 4 - page->buffer) + body > page->used) return NULL;
    return end + 4;
}

/* Reads until every page has its whole answer; keeps the answered version
 * in `since` and returns when the last answer arrived (-1 on failure). */
static double await_answers(int poller, struct epoll_event *events, Page *all, int pages, char *since, size_t since_size) {
    for (int i = 0; i < pages; i++) all[i].done = 0;
    int remaining = pages;
    double last = 0;
    while (remaining > 0) {
        int count = epoll_wait(poller, events, pages, 10000);
        if (count <= 0) { fprintf(stderr, "no answer within 10 s\n"); return -1; }
        for (int e = 0; e < count; e++) {
            Page *page = events[e].data.ptr;
            if (receive(page) < 0) { fprintf(stderr, "closed\n"); return -1; }
            char *body = complete_body(page);
            if (body && !page->done) {
                page->done = 1;
                remaining--;
                last = now_ms();
                char *version = memmem(body, page->used - (size_t)(body - page->buffer), "\"version\":", 10);
                if (version) snprintf(since, since_size, "%ld", strtol(version + 10, NULL, 10));
            }
        }
    }
    return last;
}

int main(int argc, char **argv) {
    if (argc < 10) { fprintf(stderr, "usage: pages PORT ID FILE PAGES SAVES STYLE ANSWER TMPDIR VARIANT...\n"); return 64; }
    int port = atoi(argv[1]), pages = atoi(argv[4]), saves = atoi(argv[5]);
    const char *id = argv[2], *target = argv[3], *style = argv[6], *tmpdir = argv[8];
    const char *options = strcmp(argv[7], "whole") == 0 ? "" : "&wait=25&patch=1";
    int variants = argc - 9;
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((unsigned short)port) };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    Page *all = calloc((size_t)pages, sizeof(Page));
    int poller = epoll_create1(0);
    for (int i = 0; i < pages; i++) {
        all[i].fd = socket(AF_INET, SOCK_STREAM, 0);
        int one = 1;
        setsockopt(all[i].fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        if (connect(all[i].fd, (struct sockaddr *)&address, sizeof address) < 0) { perror("connect"); return 1; }
        all[i].capacity = 1 << 17;
        all[i].buffer = malloc(all[i].capacity);
        struct epoll_event event = { .events = EPOLLIN, .data.ptr = &all[i] };
        epoll_ctl(poller, EPOLL_CTL_ADD, all[i].fd, &event);
    }
    char since[32] = "";
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s/pages-save.tmp", tmpdir);
    struct epoll_event *events = calloc((size_t)pages, sizeof *events);
    for (int save = 0; save < saves; save++) {
        char request[512];
        int length = snprintf(request, sizeof request, "GET /api/documents/%s%s%s%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n",
                              id, since[0] ? "?since=" : "", since, since[0] ? options : "", port);
        for (int i = 0; i < pages; i++) {
            all[i].used = 0;
            if (write(all[i].fd, request, (size_t)length) != length) { perror("write"); return 1; }
        }
        if (!since[0]) {
            /* The first request only learns the current version. */
            if (await_answers(poller, events, all, pages, since, sizeof since) < 0) return 1;
            save--;
            continue;
        }
        /* Let the requests arrive and park; the push is what is measured. */
        struct timespec pause = { 0, 3000000 + pages * 20000L };
        nanosleep(&pause, NULL);
        size_t size;
        char *data = read_file(argv[9 + save % variants], &size);
        double started;
        if (strcmp(style, "rename") == 0) {
            int fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (write(fd, data, size) != (ssize_t)size) { perror("write"); return 1; }
            close(fd);
            started = now_ms();
            if (rename(temporary, target) < 0) { perror("rename"); return 1; }
        } else {
            int fd = open(target, O_WRONLY | O_TRUNC);
            if (write(fd, data, size) != (ssize_t)size) { perror("write"); return 1; }
            started = now_ms();
            close(fd);
        }
        free(data);
        double last = await_answers(poller, events, all, pages, since, sizeof since);
        if (last < 0) return 1;
        printf("%.4f\n", last - started);
        fflush(stdout);
    }
    return 0;
}
