/* The floor for save-to-push latency: inotify plus loopback long-polls,
 * nothing else. It answers every held HTTP request with "changed" as soon as
 * a file in the watched folder is closed after writing or renamed into it,
 * writing the one prepared answer to every parked socket in one pass from
 * one thread: with a thousand pages, what the kernel's loopback TCP costs
 * by itself. Built and run by Scripts/bench, so Galley is measured against
 * it in the same run on the same machine. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <unistd.h>

enum { MAX_CLIENTS = 8192 };

/* Per client socket (indexed by descriptor): whether a request is held. */
static char waiting[MAX_CLIENTS];

static const char response[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"version\":1}\n";

static void drop(int poller, int client) {
    epoll_ctl(poller, EPOLL_CTL_DEL, client, NULL);
    waiting[client] = 0;
    close(client);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor DIR\n"); return 64; }
    int notify = inotify_init1(IN_CLOEXEC);
    if (notify < 0 || inotify_add_watch(notify, argv[1], IN_CLOSE_WRITE | IN_MOVED_TO) < 0) { perror("inotify"); return 1; }
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = 0 };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 4096) < 0) { perror("bind"); return 1; }
    socklen_t length = sizeof address;
    getsockname(listener, (struct sockaddr *)&address, &length);
    printf("http://127.0.0.1:%d/\n", ntohs(address.sin_port));
    fflush(stdout);
    int poller = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = { .events = EPOLLIN, .data.fd = notify };
    epoll_ctl(poller, EPOLL_CTL_ADD, notify, &event);
    event.data.fd = listener;
    epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event);
    static struct epoll_event events[256];
    static char buffer[65536];
    int highest = 0;
    for (;;) {
        int count = epoll_wait(poller, events, 256, -1);
        if (count < 0) { if (errno == EINTR) continue; return 1; }
        for (int e = 0; e < count; e++) {
            int fd = events[e].data.fd;
            if (fd == listener) {
                int client = accept(listener, NULL, NULL);
                if (client < 0) continue;
                if (client >= MAX_CLIENTS) { close(client); continue; }
                waiting[client] = 0;
                if (client > highest) highest = client;
                struct epoll_event readable = { .events = EPOLLIN, .data.fd = client };
                epoll_ctl(poller, EPOLL_CTL_ADD, client, &readable);
            } else if (fd == notify) {
                if (read(notify, buffer, sizeof buffer) < 0) return 1;
                for (int client = 0; client <= highest; client++) {
                    if (!waiting[client]) continue;
                    waiting[client] = 0;
                    if (write(client, response, sizeof response - 1) < 0) drop(poller, client);
                }
            } else {
                /* A request with "since=" is held until the next change; one
                 * without is answered at once, as Galley answers a first fetch. */
                ssize_t got = read(fd, buffer, sizeof buffer - 1);
                if (got <= 0) { drop(poller, fd); continue; }
                buffer[got] = 0;
                if (strstr(buffer, "since=")) waiting[fd] = 1;
                else if (write(fd, response, sizeof response - 1) < 0) drop(poller, fd);
            }
        }
    }
}
