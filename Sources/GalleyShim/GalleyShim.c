#include "GalleyShim.h"

#include <malloc.h>
#include <string.h>

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes in place like libmicrohttpd, except that "%00" stays as it
 * is: a decoded NUL would cut the path short at a C string's end, so a later
 * check of the path could never see it. The path check refuses '%'. */
static size_t galley_unescape(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    char *read = text;
    char *write = text;
    while (*read != '\0') {
        if (read[0] == '%' && read[1] != '\0' && read[2] != '\0') {
            int high = hex_value(read[1]);
            int low = hex_value(read[2]);
            if (high >= 0 && low >= 0 && (high | low) != 0) {
                *write++ = (char)(high * 16 + low);
                read += 3;
                continue;
            }
        }
        *write++ = *read++;
    }
    *write = '\0';
    return (size_t)(write - text);
}

struct MHD_Daemon *galley_mhd_start(int listen_socket,
                                    MHD_AccessHandlerCallback handler,
                                    void *handler_context,
                                    MHD_RequestCompletedCallback completed,
                                    void *completed_context,
                                    MHD_NotifyConnectionCallback connection_notify,
                                    void *connection_notify_context,
                                    unsigned int connection_limit,
                                    unsigned int per_ip_connection_limit,
                                    unsigned int idle_timeout_seconds,
                                    size_t connection_memory_limit) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, listen_socket,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_NOTIFY_CONNECTION, connection_notify, connection_notify_context,
                            MHD_OPTION_UNESCAPE_CALLBACK, galley_unescape, NULL,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2,
                            MHD_OPTION_END);
}

const struct sockaddr *galley_mhd_peer_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

int galley_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

void *galley_mhd_connection_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

unsigned int galley_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

void galley_release_free_memory(void) {
    malloc_trim(0);
}
