/* What a durable event costs any server built on libmicrohttpd and SQLite, measured without appsim.
 *
 * A minimal C server that does an event's durable part the way appsim must, and nothing else: the request handler
 * suspends its connection and queues the event; one writer thread takes everything queued, commits it in one
 * transaction and resumes the connections, which are answered with a fixed body as large as appsim's reply to a
 * memory warning (330 bytes). No JSON, no simulation, no routing. A second thread copies the write-ahead log into
 * the database (as appsim's checkpointer does), so the writer only appends.
 *
 *   durable-bound MODE PORT DB [PAGE_SIZE]
 *     handoff   no storage: the connection is suspended and resumed by the writer thread, nothing is written
 *     append    one history row appended per event (rowid order: a transaction fills the same pages)
 *     indexed   the same row, also indexed by (instance, seq), as appsim stores a callback; an index entry lands on
 *               the page of its instance, so each event of a transaction dirties a page of its own
 *
 * PAGE_SIZE is the database's page size (SQLite's default, 4096, if left out). Every page a commit changes goes to the
 * log whole, so it sets what an indexed event costs: scripts/bench passes the page size of appsim's own database.
 *
 * scripts/bench runs the three beside the bare libmicrohttpd ceiling (bare-server.c here), with the same wrk
 * settings, so that the ratio appsim reaches can be read against what the design allows at all. Two HTTP threads,
 * epoll, durability normal (WAL, synchronous=NORMAL: a commit survives kill -9), as appsim serves by default. */
#define _POSIX_C_SOURCE 200809L /* sigwait, nanosleep, under any -std */
#include <microhttpd.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum mode { HANDOFF, APPEND, INDEXED };

struct event {
    struct MHD_Connection *connection;
    int committed;
    char instance[64];
    struct event *next;
};

static enum mode mode;
static char body[331];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queued = PTHREAD_COND_INITIALIZER;
static struct event *head, *tail;
static sqlite3 *db;
static sqlite3_stmt *insert;
static long long seq;

static void check(int rc, sqlite3 *handle) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "durable-bound: sqlite: %s\n", sqlite3_errmsg(handle));
        exit(1);
    }
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *upload_size, void **req_cls) {
    (void)cls; (void)method; (void)version; (void)upload;
    struct event *event = *req_cls;
    if (!event) {
        *req_cls = calloc(1, sizeof *event);
        return *req_cls ? MHD_YES : MHD_NO;
    }
    if (*upload_size) {
        *upload_size = 0;
        return MHD_YES;
    }
    if (!event->committed) {
        /* The instance is the path segment after /instances/, as in appsim's event route. */
        const char *at = strstr(url, "/instances/");
        at = at ? at + 11 : url;
        size_t length = strcspn(at, "/");
        if (length >= sizeof event->instance) length = sizeof event->instance - 1;
        memcpy(event->instance, at, length);
        event->connection = connection;
        pthread_mutex_lock(&lock);
        MHD_suspend_connection(connection);
        if (tail) tail->next = event; else head = event;
        tail = event;
        pthread_cond_signal(&queued);
        pthread_mutex_unlock(&lock);
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(sizeof body - 1, body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

static void completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                      enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    free(*req_cls);
    *req_cls = NULL;
}

static void *writer(void *unused) {
    (void)unused;
    for (;;) {
        pthread_mutex_lock(&lock);
        while (!head) pthread_cond_wait(&queued, &lock);
        struct event *batch = head;
        head = tail = NULL;
        pthread_mutex_unlock(&lock);
        if (mode != HANDOFF) {
            check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0), db);
            for (struct event *event = batch; event; event = event->next) {
                sqlite3_bind_text(insert, 1, event->instance, -1, SQLITE_STATIC);
                sqlite3_bind_int64(insert, 2, ++seq);
                check(sqlite3_step(insert), db);
                sqlite3_reset(insert);
            }
            check(sqlite3_exec(db, "COMMIT", 0, 0, 0), db);
        }
        pthread_mutex_lock(&lock);
        for (struct event *event = batch, *next; event; event = next) {
            next = event->next;
            event->next = NULL;
            event->committed = 1;
            MHD_resume_connection(event->connection);
        }
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static void *checkpointer(void *path) {
    sqlite3 *reader;
    check(sqlite3_open(path, &reader), reader);
    check(sqlite3_exec(reader, "PRAGMA synchronous=NORMAL", 0, 0, 0), reader);
    struct timespec pause = {0, 10 * 1000 * 1000};
    for (;;) {
        nanosleep(&pause, NULL);
        sqlite3_wal_checkpoint_v2(reader, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: durable-bound handoff|append|indexed PORT DB [PAGE_SIZE]\n");
        return 2;
    }
    mode = !strcmp(argv[1], "handoff") ? HANDOFF : !strcmp(argv[1], "append") ? APPEND : INDEXED;
    unsigned port = (unsigned)atoi(argv[2]);
    memset(body, ' ', sizeof body - 1);
    body[0] = '{';
    body[sizeof body - 2] = '}';

    remove(argv[3]);
    check(sqlite3_open(argv[3], &db), db);
    if (argc == 5) {
        /* Set before the first table: a page size takes effect when the database is created. */
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA page_size=%d", atoi(argv[4]));
        check(sqlite3_exec(db, pragma, 0, 0, 0), db);
    }
    check(sqlite3_exec(db,
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=0;"
        "CREATE TABLE callbacks(instance TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL);", 0, 0, 0), db);
    if (mode == INDEXED)
        check(sqlite3_exec(db, "CREATE UNIQUE INDEX callbacks_by_instance ON callbacks(instance, seq)", 0, 0, 0), db);
    /* A callback as appsim stores one for a memory warning. */
    check(sqlite3_prepare_v2(db,
        "INSERT INTO callbacks VALUES(?1, ?2, '{\"at\":362738,\"name\":\"applicationDidReceiveMemoryWarning:\","
        "\"kind\":\"delegate\",\"state\":\"active\",\"event\":2949}')", -1, &insert, 0), db);

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    pthread_t thread;
    pthread_create(&thread, NULL, writer, NULL);
    if (mode != HANDOFF) pthread_create(&thread, NULL, checkpointer, argv[3]);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_TURBO | MHD_ALLOW_SUSPEND_RESUME,
        (uint16_t)port, NULL, NULL, &handle, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, 2u,
        MHD_OPTION_CONNECTION_LIMIT, 10000u,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL,
        MHD_OPTION_END);
    if (!daemon) {
        fprintf(stderr, "durable-bound: cannot listen on port %u\n", port);
        return 1;
    }
    int received;
    sigwait(&signals, &received);
    /* Exits without stopping the daemon: suspended connections would have to be resumed first. */
    return 0;
}
