#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro cast of -1 to a function pointer, which Swift
/// cannot import. Passing it to a `sqlite3_bind_*` call makes SQLite copy the
/// bytes before the call returns, so Swift buffers need only live for the call.
static inline sqlite3_destructor_type appsim_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
