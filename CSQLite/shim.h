#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro cast of -1 to a function pointer, which Swift
/// cannot import. Passing it to a `sqlite3_bind_*` call makes SQLite copy the
/// bytes before the call returns, so Swift buffers need only live for the call.
static inline sqlite3_destructor_type appsim_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// `sqlite3_db_config` is C-variadic. Keeps the write-ahead log when the connection closes: no final checkpoint
/// copies it into the database and deletes it (so the next start replays it). Returns an SQLite result code.
static inline int appsim_sqlite_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#include <malloc.h>

/// Gives back to the system the memory SQLite's page cache freed, which glibc otherwise keeps in its heap: after a
/// large cache used once (a migration), a server would keep its peak for as long as it runs.
static inline void appsim_sqlite_release_memory(sqlite3 *db) {
    sqlite3_db_release_memory(db);
    malloc_trim(0);
}
