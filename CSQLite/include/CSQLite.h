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

/// `sqlite3_config` is C-variadic. Whether SQLite has initialized (the first connection opened does): from then on
/// it refuses `sqlite3_config`, so the page cache can no longer be chosen. Asks for the page cache in place, which
/// changes nothing.
static inline int appsim_sqlite_is_initialized(void) {
    sqlite3_pcache_methods2 methods;
    return sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &methods) == SQLITE_MISUSE;
}

/// Puts SQLite's own page cache behind a thin layer that skips the walk over the whole cache that a transaction's
/// end asks for when nothing past the database's end is cached (see page_cache.c). Must run before SQLite is
/// initialized, that is before the process opens its first connection. Returns an SQLite result code
/// (`SQLITE_MISUSE` once SQLite is initialized, when the default page cache stays).
int appsim_sqlite_use_page_cache(void);

/// How many truncations of a page cache the layer passed on to SQLite's page cache, and how many it skipped as
/// having nothing to remove, on the calling thread since it started (for tests).
void appsim_sqlite_page_cache_truncations(unsigned long long *passed, unsigned long long *skipped);

/// The layer's methods as SQLite calls them, once in place (else NULL): for its tests.
const sqlite3_pcache_methods2 *appsim_sqlite_page_cache_methods(void);
