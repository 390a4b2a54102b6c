#include <microhttpd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// Decodes `%XX` in a query argument in place, as libmicrohttpd's own
/// unescaper does, except `%00`, which stays as written: a decoded NUL would
/// end the C string and cut the value short. Returns the decoded length.
/// libmicrohttpd runs it on the URL path too, but the transport ignores that
/// copy: it takes the path as sent from `appsim_mhd_request_line_callback`
/// and decodes it segment by segment, so that `%2F` is not a separator.
static inline size_t appsim_mhd_unescape(void *context, struct MHD_Connection *connection, char *value) {
    (void)context;
    (void)connection;
    char *out = value;
    for (const char *in = value; *in != '\0'; in++) {
        int high = -1, low = -1;
        if (in[0] == '%' && in[1] != '\0' && in[2] != '\0') {
            char h = in[1], l = in[2];
            high = (h >= '0' && h <= '9') ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
            low = (l >= '0' && l <= '9') ? l - '0' : (l >= 'a' && l <= 'f') ? l - 'a' + 10 : (l >= 'A' && l <= 'F') ? l - 'A' + 10 : -1;
        }
        if (high >= 0 && low >= 0 && (high | low) != 0) {
            *out++ = (char)(high * 16 + low);
            in += 2;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
    return (size_t)(out - value);
}

/// What `MHD_OPTION_URI_LOG_CALLBACK` calls once per request, when its first
/// line is read: `uri` is the request target as sent (path and query, still
/// percent-encoded), or NULL when the line has none. What it returns is the
/// request's `req_cls` from then on. The header declares no type for it.
typedef void *(*appsim_mhd_request_line_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/// `MHD_start_daemon` is C-variadic, which Swift cannot call. This fixes the
/// option list appsim uses and takes plain parameters instead; every callback
/// gets `context`. `address` is only read during the call (libmicrohttpd binds
/// before returning), so a stack `sockaddr_in` is enough. With
/// `MHD_OPTION_SOCK_ADDR` the port comes from `address`, not from the `port`
/// argument. The logger comes first, as the header asks, so that messages of
/// the start itself reach it. `per_address_limit` 0 means no limit.
static inline struct MHD_Daemon *appsim_mhd_start_daemon(
    unsigned int flags,
    const struct sockaddr *address,
    void *context,
    MHD_LogCallback log,
    MHD_AccessHandlerCallback handler,
    appsim_mhd_request_line_callback request_line_read,
    MHD_RequestCompletedCallback completed,
    MHD_NotifyConnectionCallback connection_changed,
    unsigned int threads,
    unsigned int connection_limit,
    unsigned int per_address_limit,
    unsigned int connection_timeout_seconds,
    size_t connection_memory_bytes) {
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, context,
        MHD_OPTION_EXTERNAL_LOGGER, log, context,
        MHD_OPTION_SOCK_ADDR, address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_address_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_bytes,
        MHD_OPTION_UNESCAPE_CALLBACK, appsim_mhd_unescape, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, request_line_read, context,
        MHD_OPTION_NOTIFY_COMPLETED, completed, context,
        MHD_OPTION_NOTIFY_CONNECTION, connection_changed, context,
        MHD_OPTION_END);
}

/// `MHD_get_daemon_info` is C-variadic too. Returns the port the daemon is
/// bound to (the real one when port 0 was asked), or 0 if unknown.
static inline uint16_t appsim_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// `MHD_get_connection_info` is C-variadic. Returns the connection's socket, or -1.
static inline int appsim_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// `MHD_get_connection_info` is C-variadic. Returns what the
/// `MHD_OPTION_NOTIFY_CONNECTION` callback stored for the connection, or NULL.
static inline void *appsim_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// `MHD_get_connection_info` is C-variadic. Returns the length of the request's head (its request line, headers
/// and blank line), counted from the method, or 0 before the head is read.
static inline size_t appsim_mhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// `MHD_CONTENT_READER_END_OF_STREAM` is a macro with a cast, which Swift does not import.
/// What a content reader returns once the body is complete.
static inline ssize_t appsim_mhd_content_reader_end_of_stream(void) {
    return MHD_CONTENT_READER_END_OF_STREAM;
}

/// `MHD_CONTENT_READER_END_WITH_ERROR`, for the same reason: the reader cannot go on; the connection is closed.
static inline ssize_t appsim_mhd_content_reader_end_with_error(void) {
    return MHD_CONTENT_READER_END_WITH_ERROR;
}
