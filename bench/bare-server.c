/* The HTTP ceiling: a libmicrohttpd server that does no work.
 *
 *   bare-server PORT THREADS [BODY_BYTES]     serves until SIGINT or SIGTERM
 *
 * Every request, whatever its method and path, is answered 200 with the same 18-byte JSON body, {"state":"active"};
 * a request body is read and discarded. With BODY_BYTES (at least 8), the body is a JSON object of that many bytes
 * instead, to tell what a larger reply costs apart from the work of making it. No server built on libmicrohttpd can
 * be faster on the same machine, so scripts/bench reports appsim's rates as ratios to this one's, measured in the
 * same run with the same wrk settings and requests. For that ratio to mean "what appsim costs beyond libmicrohttpd",
 * the daemon has appsim's threading model (epoll, MHD_USE_TURBO, a pool of THREADS threads each with its own event
 * loop; scripts/bench gives 2) and none of the per-request work appsim adds (suspension, limits, logging).
 * It prints one line to stderr once it listens. */
#define _POSIX_C_SOURCE 200809L /* sigwait, under any -std */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *body = "{\"state\":\"active\"}";
static size_t body_length = 18;

/* A number in [1, max], or 0 when the argument is not one. */
static unsigned long number(const char *text, unsigned long max) {
    char *end;
    unsigned long value = strtoul(text, &end, 10);
    return *text && !*end && value <= max ? value : 0;
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **req_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload;
    /* libmicrohttpd calls once with the headers, once per piece of body, and once at the body's end; a reply
     * queued on the first call would be sent before a POST's body is read. */
    if (*req_cls == NULL) {
        *req_cls = (void *)1;
        return MHD_YES;
    }
    if (*upload_size != 0) {
        *upload_size = 0;
        return MHD_YES;
    }
    /* A response made per request, as every real handler must: reusing one would flatter the ceiling. */
    struct MHD_Response *response =
        MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    int arguments_ok = argc == 3 || argc == 4;
    unsigned long port = arguments_ok ? number(argv[1], 65535) : 0;
    unsigned long threads = arguments_ok ? number(argv[2], 1024) : 0;
    unsigned long bytes = argc == 4 ? number(argv[3], 1 << 24) : body_length;
    if (port == 0 || threads == 0 || bytes < 8) {
        fprintf(stderr, "usage: bare-server PORT THREADS [BODY_BYTES >= 8]   (serves until SIGINT or SIGTERM)\n");
        return 2;
    }
    if (argc == 4) {
        /* {"x":"aaa…"}: valid JSON of exactly BODY_BYTES bytes. */
        char *padded = malloc(bytes);
        if (padded == NULL) return 1;
        memcpy(padded, "{\"x\":\"", 6);
        memset(padded + 6, 'a', bytes - 8);
        memcpy(padded + bytes - 2, "\"}", 2);
        body = padded;
        body_length = bytes;
    }
    /* Blocked before the daemon's threads start, so that they inherit the mask and the signal reaches sigwait
     * below, which stops the daemon cleanly. */
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_BLOCK, &signals, NULL);

    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO,
        (uint16_t)port, NULL, NULL, &answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)threads,
        /* Well above wrk's 64 connections: a refused connection would be measured, not the server. */
        MHD_OPTION_CONNECTION_LIMIT, 10000u,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "bare-server: cannot listen on port %lu\n", port);
        return 1;
    }
    fprintf(stderr, "bare-server: listening on port %lu with %lu threads\n", port, threads);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
