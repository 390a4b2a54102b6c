/* The storage ceiling: how many small durable transactions SQLite alone commits per second on this disk.
 *
 *   sqlite-commit DB N BATCH SYNC
 *
 * Writes N events into a new database at DB (removed first, with its -wal and -shm), BATCH events to a
 * transaction, in WAL mode with PRAGMA synchronous=SYNC (OFF, NORMAL, FULL or EXTRA), then prints one line,
 * which scripts/bench reads:
 *
 *   N events, batch BATCH, synchronous=SYNC: RATE events/s
 *
 * An event is what one lifecycle event costs appsim's store at least: one instance row updated and one history
 * row appended. No HTTP, no threads: what is left when everything but SQLite is taken away. Only the commits are
 * timed, not opening the database or making its tables. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, strcasecmp, under any -std */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

static sqlite3 *db;

static void check(int rc) {
    if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
        fprintf(stderr, "sqlite-commit: sqlite: %s\n", sqlite3_errmsg(db));
        exit(1);
    }
}

/* A number of at least 1, or 0 when the argument is not one. */
static long count(const char *text) {
    char *end;
    long value = strtol(text, &end, 10);
    return *text && !*end && value > 0 ? value : 0;
}

int main(int argc, char **argv) {
    static const char *const levels[] = {"OFF", "NORMAL", "FULL", "EXTRA"};
    long n = argc == 5 ? count(argv[2]) : 0;
    long batch = argc == 5 ? count(argv[3]) : 0;
    const char *sync = argc == 5 ? argv[4] : "";
    /* Checked because SQLite ignores an unknown level silently: the line would name a durability not measured. */
    int known = 0;
    for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) known |= !strcasecmp(sync, levels[i]);
    if (n == 0 || batch == 0 || !known) {
        fprintf(stderr, "usage: sqlite-commit DB N BATCH OFF|NORMAL|FULL|EXTRA\n");
        return 2;
    }
    const char *path = argv[1];
    /* A log left by an earlier run would be replayed into the new database. */
    char side[4096];
    for (const char *const *suffix = (const char *const[]){"", "-wal", "-shm", NULL}; *suffix; suffix++) {
        snprintf(side, sizeof side, "%s%s", path, *suffix);
        remove(side);
    }

    char sql[64];
    check(sqlite3_open(path, &db));
    check(sqlite3_exec(db, "PRAGMA journal_mode=WAL", 0, 0, 0));
    snprintf(sql, sizeof sql, "PRAGMA synchronous=%s", sync);
    check(sqlite3_exec(db, sql, 0, 0, 0));
    /* The shapes of appsim's instance and history rows, reduced to what an event writes. */
    check(sqlite3_exec(db,
        "CREATE TABLE instance(id INTEGER PRIMARY KEY, state TEXT, seq INTEGER);"
        "CREATE TABLE history(instance INTEGER, seq INTEGER, callback TEXT, at INTEGER,"
        " PRIMARY KEY(instance, seq)) WITHOUT ROWID;"
        "INSERT INTO instance VALUES(1, 'notRunning', 0);", 0, 0, 0));
    sqlite3_stmt *update, *append;
    check(sqlite3_prepare_v2(db, "UPDATE instance SET state = ?1, seq = ?2 WHERE id = 1", -1, &update, 0));
    check(sqlite3_prepare_v2(db, "INSERT INTO history VALUES(1, ?1, ?2, ?3)", -1, &append, 0));

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < n; i += batch) {
        /* IMMEDIATE, as appsim's writer begins: the write lock is taken at BEGIN, not at the first write. */
        check(sqlite3_exec(db, "BEGIN IMMEDIATE", 0, 0, 0));
        for (long j = i; j < i + batch && j < n; j++) {
            sqlite3_bind_text(update, 1, (j & 1) ? "background" : "active", -1, SQLITE_STATIC);
            sqlite3_bind_int64(update, 2, j);
            check(sqlite3_step(update));
            sqlite3_reset(update);
            sqlite3_bind_int64(append, 1, j);
            sqlite3_bind_text(append, 2, "applicationDidEnterBackground:", -1, SQLITE_STATIC);
            sqlite3_bind_int64(append, 3, j * 1000);
            check(sqlite3_step(append));
            sqlite3_reset(append);
        }
        check(sqlite3_exec(db, "COMMIT", 0, 0, 0));
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%ld events, batch %ld, synchronous=%s: %.0f events/s\n", n, batch, sync, (double)n / seconds);
    sqlite3_finalize(update);
    sqlite3_finalize(append);
    sqlite3_close(db);
    return 0;
}
