#include "GalleyShim.h"

struct MHD_Daemon *galley_mhd_start(int listen_socket,
                                    MHD_AccessHandlerCallback handler,
                                    void *handler_context,
                                    MHD_RequestCompletedCallback completed,
                                    void *completed_context,
                                    unsigned int connection_limit,
                                    unsigned int per_ip_connection_limit,
                                    unsigned int idle_timeout_seconds,
                                    size_t connection_memory_limit) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                            MHD_OPTION_LISTEN_SOCKET, listen_socket,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2,
                            MHD_OPTION_END);
}

unsigned int galley_mhd_connection_count(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}
