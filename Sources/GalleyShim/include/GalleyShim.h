#ifndef GALLEY_SHIM_H
#define GALLEY_SHIM_H

#include <microhttpd.h>

/// Starts a libmicrohttpd daemon on an already-listening socket.
///
/// Why this exists: MHD_start_daemon takes its options as C varargs, which
/// Swift cannot call. This one function fixes the option list Galley uses;
/// everything else is called from Swift directly.
///
/// The daemon runs its own epoll thread, allows suspend/resume (long-polls
/// are parked connections, not threads), and bounds connections, idle time
/// and per-connection memory so that misbehaving clients cannot exhaust it;
/// `connection_notify` hears of every connection opened and closed (the
/// server's own accounting of request heads and shares, `ConnectionLedger`).
/// Its URL decoding leaves "%00" undecoded, so a NUL never cuts a path short.
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
                                    size_t connection_memory_limit);

/// The address of the connection's peer. Why: MHD_get_connection_info is variadic.
const struct sockaddr *galley_mhd_peer_address(struct MHD_Connection *connection);

/// The connection's socket, or -1. Why: MHD_get_connection_info is variadic.
int galley_mhd_connection_socket(struct MHD_Connection *connection);

/// What the connection-notify callback stored for the connection. Why: MHD_get_connection_info is variadic.
void *galley_mhd_connection_context(struct MHD_Connection *connection);

/// The number of open connections. Why: MHD_get_daemon_info is variadic.
unsigned int galley_mhd_connection_count(struct MHD_Daemon *daemon);

/// Returns freed heap memory to the system. Why: after a thousand parked
/// connections are answered, glibc keeps their buffers in its arenas, and
/// malloc_trim is declared in <malloc.h>, which Swift's Glibc does not import.
void galley_release_free_memory(void);

/* This header is the module's umbrella: the other concerns come in here. */
#include "GalleyThreads.h"
#include "GalleyVips.h"
#include "GalleyOpen.h"
#include "GalleyPipe.h"

#endif
