/* The floor for save-to-push latency: inotify plus one loopback long-poll,
 * nothing else. It answers every held HTTP request with "changed" as soon as
 * a file in the watched folder is closed after writing or renamed into it.
 * Built and run by Scripts/bench, so Galley is measured against it in the
 * same run on the same machine. */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor DIR\n"); return 64; }
    int notify = inotify_init1(IN_CLOEXEC);
    if (notify < 0 || inotify_add_watch(notify, argv[1], IN_CLOSE_WRITE | IN_MOVED_TO) < 0) { perror("inotify"); return 1; }
    int listener = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = 0 };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int one = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 16) < 0) { perror("bind"); return 1; }
    socklen_t length = sizeof address;
    getsockname(listener, (struct sockaddr *)&address, &length);
    printf("http://127.0.0.1:%d/\n", ntohs(address.sin_port));
    fflush(stdout);
    int client = -1;
    int waiting = 0; /* a request is held and not yet answered */
    char buffer[65536];
    for (;;) {
        struct pollfd fds[3] = { { notify, POLLIN, 0 }, { listener, POLLIN, 0 }, { client, POLLIN, 0 } };
        if (poll(fds, client >= 0 ? 3 : 2, -1) < 0) { if (errno == EINTR) continue; return 1; }
        if (fds[1].revents & POLLIN) {
            if (client >= 0) close(client);
            client = accept(listener, NULL, NULL);
            waiting = 0;
        }
        static const char response[] = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 14\r\n\r\n{\"version\":1}\n";
        if (client >= 0 && (fds[2].revents & (POLLIN | POLLHUP))) {
            /* A request with "since=" is held until the next change; one
             * without is answered at once, as Galley answers a first fetch. */
            ssize_t count = read(client, buffer, sizeof buffer - 1);
            if (count <= 0) { close(client); client = -1; }
            else {
                buffer[count] = 0;
                if (strstr(buffer, "since=")) waiting = 1;
                else if (write(client, response, sizeof response - 1) < 0) { close(client); client = -1; }
            }
        }
        if (fds[0].revents & POLLIN) {
            if (read(notify, buffer, sizeof buffer) < 0) return 1;
            if (client >= 0 && waiting) {
                waiting = 0;
                if (write(client, response, sizeof response - 1) < 0) { close(client); client = -1; }
            }
        }
    }
}
