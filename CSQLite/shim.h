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

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------------------------
 * The "appsim" VFS: SQLite's default VFS, except that the write-ahead log is written one transaction at a time.
 *
 * SQLite appends each page of a commit to the log as two writes (the frame's 24-byte header, then the page), so a
 * transaction of 60 pages is 120 `pwrite`s into partly filled file blocks. Here the writes that extend the log are
 * gathered in memory and reach the file together when the commit frame's page arrives (a commit frame's header has
 * a nonzero database size in bytes 4-7; https://sqlite.org/fileformat2.html#walformat) — still inside SQLite's
 * commit, before it publishes the new frames to readers (the wal-index), so what a commit acknowledges is in the
 * file exactly as before. Rules that keep that true:
 *  - Only writes past what this handle already wrote are gathered; anything SQLite rewrites in place (a page
 *    changed again after a cache spill, the checksums it then rewrites, the log's header when the log starts over)
 *    is written at once, after what is gathered.
 *  - Anything else that touches the log (a read, a sync, its size, a truncation, a file control, closing) writes
 *    out what is gathered first.
 *  - A rolled-back transaction's gathered pages are dropped (the connection's rollback hook), never written later
 *    over the log another connection wrote meanwhile.
 *  - A failed write-out is not forgotten: every later write and sync of the log fails the same way until the
 *    transaction has been rolled back, so no commit can publish frames that are not in the file.
 *  - Without powersafe overwrite SQLite pads and syncs commits by sector, splitting frames: nothing is gathered.
 * Other files are SQLite's own, untouched.
 * ------------------------------------------------------------------------------------------------------------- */

/* A write-ahead log opened through the appsim VFS; the default VFS's file lives in the memory right after it. */
typedef struct appsim_log_file {
    sqlite3_file base;
    sqlite3_file *real;
    unsigned char *gathered;
    sqlite3_int64 start;     /* file offset of gathered[0] */
    sqlite3_int64 end;       /* end of what this handle wrote since the log last started over */
    int length;              /* bytes gathered */
    int capacity;
    int commitFrame;         /* the last write gathered was a commit frame's header: its page ends the commit */
    int failed;              /* a write-out failed: what every write and sync returns until a rollback */
    int gathers;             /* 0: every write goes straight to the file */
    int padding;
} appsim_log_file;

enum {
    APPSIM_LOG_HEADER_BYTES = 32,      /* the log file's header */
    APPSIM_FRAME_HEADER_BYTES = 24,    /* each frame's header; bytes 4-7 are nonzero only in a commit frame */
    APPSIM_GATHER_LIMIT = 4 << 20,     /* a transaction larger than this is written in several steps */
    APPSIM_WRITE_LIMIT = 64 << 10,     /* the most bytes given to the default VFS's xWrite at once (it takes < 128 KiB) */
};

static inline int appsim_log_flush(appsim_log_file *file) {
    if (file->failed) return file->failed;
    for (int done = 0; done < file->length; done += APPSIM_WRITE_LIMIT) {
        int amount = file->length - done < APPSIM_WRITE_LIMIT ? file->length - done : APPSIM_WRITE_LIMIT;
        int rc = file->real->pMethods->xWrite(file->real, file->gathered + done, amount, file->start + done);
        if (rc != SQLITE_OK) {
            file->failed = rc;
            return rc;
        }
    }
    file->length = 0;
    return SQLITE_OK;
}

/* Forgets what is gathered and any failed write-out: the transaction they belonged to was rolled back. `end` stays
 * (what was gathered may have begun inside a frame, and the next commits write from an earlier frame): until the log
 * starts over, writes below it go straight through. */
static inline void appsim_log_forget(appsim_log_file *file) {
    file->length = 0;
    file->commitFrame = 0;
    file->failed = 0;
}

static inline int appsim_log_write_through(appsim_log_file *file, const void *data, int amount, sqlite3_int64 offset) {
    int rc = appsim_log_flush(file);
    if (rc != SQLITE_OK) return rc;
    rc = file->real->pMethods->xWrite(file->real, data, amount, offset);
    if (rc != SQLITE_OK) return rc;
    if (offset == 0) file->end = amount;    /* the log's header: the log starts over */
    else if (offset + amount > file->end) file->end = offset + amount;
    return SQLITE_OK;
}

static inline int appsim_log_write(sqlite3_file *base, const void *data, int amount, sqlite3_int64 offset) {
    appsim_log_file *file = (appsim_log_file *)base;
    int rc;
    if (file->failed) return file->failed;
    /* Decided before anything is written out: this write is the page of a commit frame gathered just before. */
    int endsCommit = file->commitFrame;
    int isCommitHeader = amount == APPSIM_FRAME_HEADER_BYTES && offset >= APPSIM_LOG_HEADER_BYTES
        && (((const unsigned char *)data)[4] | ((const unsigned char *)data)[5] | ((const unsigned char *)data)[6]
            | ((const unsigned char *)data)[7]) != 0;
    file->commitFrame = 0;
    if (!file->gathers || offset < file->end) {
        if ((rc = appsim_log_write_through(file, data, amount, offset)) != SQLITE_OK) return rc;
        /* A commit frame's header written in place: its page, should it be gathered, ends the commit all the same. */
        file->commitFrame = isCommitHeader;
        return SQLITE_OK;
    }
    if (file->length > 0 && offset != file->start + file->length) {
        if ((rc = appsim_log_flush(file)) != SQLITE_OK) return rc;
    }
    if (file->length + amount > APPSIM_GATHER_LIMIT) {
        if ((rc = appsim_log_flush(file)) != SQLITE_OK) return rc;
    }
    if (amount <= APPSIM_GATHER_LIMIT && file->length + amount > file->capacity) {
        int capacity = file->capacity > 0 ? file->capacity : 64 << 10;
        while (capacity < file->length + amount) capacity *= 2;
        unsigned char *grown = realloc(file->gathered, (size_t)capacity);
        if (grown != NULL) {
            file->gathered = grown;
            file->capacity = capacity;
        }
    }
    if (file->length + amount > file->capacity) {
        /* Too large to gather, or no memory to: written at once, after what is gathered. */
        if ((rc = appsim_log_write_through(file, data, amount, offset)) != SQLITE_OK) return rc;
        file->commitFrame = isCommitHeader;
        return SQLITE_OK;
    }
    if (file->length == 0) file->start = offset;
    memcpy(file->gathered + file->length, data, (size_t)amount);
    file->length += amount;
    file->end = offset + amount;
    if (isCommitHeader) {
        file->commitFrame = 1;
        return SQLITE_OK;
    }
    return endsCommit ? appsim_log_flush(file) : SQLITE_OK;
}

static inline int appsim_log_close(sqlite3_file *base) {
    appsim_log_file *file = (appsim_log_file *)base;
    int flushed = appsim_log_flush(file);
    int closed = file->real->pMethods->xClose(file->real);
    free(file->gathered);
    file->gathered = NULL;
    file->capacity = 0;
    file->length = 0;
    return flushed != SQLITE_OK ? flushed : closed;
}

static inline int appsim_log_read(sqlite3_file *base, void *data, int amount, sqlite3_int64 offset) {
    appsim_log_file *file = (appsim_log_file *)base;
    int rc = appsim_log_flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xRead(file->real, data, amount, offset);
}

static inline int appsim_log_truncate(sqlite3_file *base, sqlite3_int64 size) {
    appsim_log_file *file = (appsim_log_file *)base;
    int rc = appsim_log_flush(file);
    if (rc != SQLITE_OK) return rc;
    rc = file->real->pMethods->xTruncate(file->real, size);
    if (rc == SQLITE_OK && file->end > size) file->end = size;
    return rc;
}

static inline int appsim_log_sync(sqlite3_file *base, int flags) {
    appsim_log_file *file = (appsim_log_file *)base;
    int rc = appsim_log_flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xSync(file->real, flags);
}

static inline int appsim_log_file_size(sqlite3_file *base, sqlite3_int64 *size) {
    appsim_log_file *file = (appsim_log_file *)base;
    int rc = appsim_log_flush(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileSize(file->real, size);
}

static inline int appsim_log_lock(sqlite3_file *base, int level) {
    sqlite3_file *real = ((appsim_log_file *)base)->real;
    return real->pMethods->xLock(real, level);
}

static inline int appsim_log_unlock(sqlite3_file *base, int level) {
    sqlite3_file *real = ((appsim_log_file *)base)->real;
    return real->pMethods->xUnlock(real, level);
}

static inline int appsim_log_check_reserved_lock(sqlite3_file *base, int *reserved) {
    sqlite3_file *real = ((appsim_log_file *)base)->real;
    return real->pMethods->xCheckReservedLock(real, reserved);
}

static inline int appsim_log_file_control(sqlite3_file *base, int op, void *argument) {
    appsim_log_file *file = (appsim_log_file *)base;
    (void)appsim_log_flush(file);    /* a failure stays recorded for the next write or sync */
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static inline int appsim_log_sector_size(sqlite3_file *base) {
    sqlite3_file *real = ((appsim_log_file *)base)->real;
    return real->pMethods->xSectorSize(real);
}

static inline int appsim_log_device_characteristics(sqlite3_file *base) {
    sqlite3_file *real = ((appsim_log_file *)base)->real;
    return real->pMethods->xDeviceCharacteristics(real);
}

/* Version 1: the log is never memory-mapped and has no shared memory of its own (that is the database file's). */
static const sqlite3_io_methods appsim_log_methods = {
    1,
    appsim_log_close,
    appsim_log_read,
    appsim_log_write,
    appsim_log_truncate,
    appsim_log_sync,
    appsim_log_file_size,
    appsim_log_lock,
    appsim_log_unlock,
    appsim_log_check_reserved_lock,
    appsim_log_file_control,
    appsim_log_sector_size,
    appsim_log_device_characteristics,
};

#define APPSIM_DEFAULT_VFS(vfs) ((sqlite3_vfs *)(vfs)->pAppData)

static inline int appsim_vfs_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *base, int flags, int *outFlags) {
    sqlite3_vfs *real = APPSIM_DEFAULT_VFS(vfs);
    if ((flags & SQLITE_OPEN_WAL) == 0) return real->xOpen(real, name, base, flags, outFlags);
    appsim_log_file *file = (appsim_log_file *)base;
    memset(file, 0, sizeof *file);
    file->real = (sqlite3_file *)(file + 1);
    int rc = real->xOpen(real, name, file->real, flags, outFlags);
    if (rc != SQLITE_OK) return rc;
    file->base.pMethods = &appsim_log_methods;
    int characteristics = file->real->pMethods->xDeviceCharacteristics(file->real);
    file->gathers = (characteristics & SQLITE_IOCAP_POWERSAFE_OVERWRITE) != 0;
    return SQLITE_OK;
}

/* The connection's rollback hook: drops what its log gathered for the rolled-back transaction. (The methods' address
 * identifies appsim's log files: one Swift module, AppSimStore, imports this header, so there is one copy of them.) */
static inline void appsim_log_rolled_back(void *connection) {
    sqlite3_file *log = NULL;
    if (sqlite3_file_control((sqlite3 *)connection, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log) != SQLITE_OK) return;
    if (log != NULL && log->pMethods == &appsim_log_methods) appsim_log_forget((appsim_log_file *)log);
}

/// Call once on every connection opened through the "appsim" VFS (it sets the connection's rollback hook).
static inline void appsim_connection_opened(sqlite3 *connection) {
    sqlite3_rollback_hook(connection, appsim_log_rolled_back, connection);
}

static inline int appsim_vfs_delete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    return APPSIM_DEFAULT_VFS(vfs)->xDelete(APPSIM_DEFAULT_VFS(vfs), name, syncDirectory);
}
static inline int appsim_vfs_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    return APPSIM_DEFAULT_VFS(vfs)->xAccess(APPSIM_DEFAULT_VFS(vfs), name, flags, result);
}
static inline int appsim_vfs_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return APPSIM_DEFAULT_VFS(vfs)->xFullPathname(APPSIM_DEFAULT_VFS(vfs), name, size, out);
}
static inline void *appsim_vfs_dl_open(sqlite3_vfs *vfs, const char *name) {
    return APPSIM_DEFAULT_VFS(vfs)->xDlOpen(APPSIM_DEFAULT_VFS(vfs), name);
}
static inline void appsim_vfs_dl_error(sqlite3_vfs *vfs, int size, char *message) {
    APPSIM_DEFAULT_VFS(vfs)->xDlError(APPSIM_DEFAULT_VFS(vfs), size, message);
}
static inline void (*appsim_vfs_dl_sym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    return APPSIM_DEFAULT_VFS(vfs)->xDlSym(APPSIM_DEFAULT_VFS(vfs), library, symbol);
}
static inline void appsim_vfs_dl_close(sqlite3_vfs *vfs, void *library) {
    APPSIM_DEFAULT_VFS(vfs)->xDlClose(APPSIM_DEFAULT_VFS(vfs), library);
}
static inline int appsim_vfs_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return APPSIM_DEFAULT_VFS(vfs)->xRandomness(APPSIM_DEFAULT_VFS(vfs), size, out);
}
static inline int appsim_vfs_sleep(sqlite3_vfs *vfs, int microseconds) {
    return APPSIM_DEFAULT_VFS(vfs)->xSleep(APPSIM_DEFAULT_VFS(vfs), microseconds);
}
static inline int appsim_vfs_current_time(sqlite3_vfs *vfs, double *now) {
    return APPSIM_DEFAULT_VFS(vfs)->xCurrentTime(APPSIM_DEFAULT_VFS(vfs), now);
}
static inline int appsim_vfs_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    return APPSIM_DEFAULT_VFS(vfs)->xGetLastError(APPSIM_DEFAULT_VFS(vfs), size, message);
}
static inline int appsim_vfs_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    return APPSIM_DEFAULT_VFS(vfs)->xCurrentTimeInt64(APPSIM_DEFAULT_VFS(vfs), now);
}

/* ---------------------------------------------------------------------------------------------------------------
 * The page cache: SQLite's default, except that ending a transaction does not walk the whole cache for nothing.
 *
 * At the end of every transaction SQLite drops cached pages past the end of the database (xTruncate). The default
 * cache skips that when no page has a larger number than the database's last; but when a B-tree page splits,
 * SQLite renumbers the new pages by moving one of them through the lock-byte page's number (1 GiB / page size + 1),
 * which the default cache then takes for its largest page number, so the next transaction end walks every cached
 * page (200 µs per commit with an 8 MiB cache). This wrapper remembers the largest page number itself, leaving out
 * pages only passing through the lock-byte page's number, and passes the truncation on only when a page can be past
 * the end. Everything else is the default cache's.
 * ------------------------------------------------------------------------------------------------------------- */

typedef struct appsim_page_cache {
    sqlite3_pcache *real;
    unsigned int maxKey;     /* no cached page has a larger number, apart from pages at lockKey */
    unsigned int lockKey;    /* the lock-byte page's number: never a page of the database */
    int atLockKey;           /* pages moved to lockKey and not yet moved away (or fetched there) */
} appsim_page_cache;

/* The default page cache's methods (a function's static: Swift's importer does not emit a header's static variables). */
static inline sqlite3_pcache_methods2 *appsim_default_page_cache_methods(void) {
    static sqlite3_pcache_methods2 methods;
    return &methods;
}
#define appsim_default_page_cache (*appsim_default_page_cache_methods())

static inline int appsim_page_cache_init(void *argument) {
    return appsim_default_page_cache.xInit ? appsim_default_page_cache.xInit(argument) : SQLITE_OK;
}

static inline void appsim_page_cache_shutdown(void *argument) {
    if (appsim_default_page_cache.xShutdown) appsim_default_page_cache.xShutdown(argument);
}

static inline sqlite3_pcache *appsim_page_cache_create(int pageSize, int extraSize, int purgeable) {
    appsim_page_cache *cache = sqlite3_malloc(sizeof *cache);
    if (cache == NULL) return NULL;
    cache->real = appsim_default_page_cache.xCreate(pageSize, extraSize, purgeable);
    if (cache->real == NULL) {
        sqlite3_free(cache);
        return NULL;
    }
    cache->maxKey = 0;
    cache->lockKey = 0x40000000u / (unsigned int)(pageSize > 0 ? pageSize : 1) + 1;
    cache->atLockKey = 0;
    return (sqlite3_pcache *)cache;
}

static inline void appsim_page_cache_size(sqlite3_pcache *base, int pages) {
    appsim_default_page_cache.xCachesize(((appsim_page_cache *)base)->real, pages);
}

static inline int appsim_page_cache_count(sqlite3_pcache *base) {
    return appsim_default_page_cache.xPagecount(((appsim_page_cache *)base)->real);
}

static inline sqlite3_pcache_page *appsim_page_cache_fetch(sqlite3_pcache *base, unsigned int key, int create) {
    appsim_page_cache *cache = (appsim_page_cache *)base;
    sqlite3_pcache_page *page = appsim_default_page_cache.xFetch(cache->real, key, create);
    if (page != NULL) {
        if (key == cache->lockKey) cache->atLockKey += 1;
        else if (key > cache->maxKey) cache->maxKey = key;
    }
    return page;
}

static inline void appsim_page_cache_unpin(sqlite3_pcache *base, sqlite3_pcache_page *page, int discard) {
    appsim_default_page_cache.xUnpin(((appsim_page_cache *)base)->real, page, discard);
}

static inline void appsim_page_cache_rekey(sqlite3_pcache *base, sqlite3_pcache_page *page, unsigned int oldKey, unsigned int newKey) {
    appsim_page_cache *cache = (appsim_page_cache *)base;
    appsim_default_page_cache.xRekey(cache->real, page, oldKey, newKey);
    if (oldKey == cache->lockKey && cache->atLockKey > 0) cache->atLockKey -= 1;
    if (newKey == cache->lockKey) cache->atLockKey += 1;
    else if (newKey > cache->maxKey) cache->maxKey = newKey;
}

static inline void appsim_page_cache_truncate(sqlite3_pcache *base, unsigned int limit) {
    appsim_page_cache *cache = (appsim_page_cache *)base;
    int lockKeyDropped = limit <= cache->lockKey;
    if (limit > cache->maxKey && !(lockKeyDropped && cache->atLockKey > 0)) return;
    appsim_default_page_cache.xTruncate(cache->real, limit);
    if (limit == 0) cache->maxKey = 0;
    else if (limit - 1 < cache->maxKey) cache->maxKey = limit - 1;
    if (lockKeyDropped) cache->atLockKey = 0;
}

static inline void appsim_page_cache_destroy(sqlite3_pcache *base) {
    appsim_page_cache *cache = (appsim_page_cache *)base;
    appsim_default_page_cache.xDestroy(cache->real);
    sqlite3_free(cache);
}

static inline void appsim_page_cache_shrink(sqlite3_pcache *base) {
    appsim_default_page_cache.xShrink(((appsim_page_cache *)base)->real);
}

/* Installs the page cache above over the default one. Only possible before SQLite initializes: returns
 * SQLITE_MISUSE (and changes nothing) after. */
static inline int appsim_install_page_cache(void) {
    sqlite3_pcache_methods2 found;
    int rc = sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &found);
    if (rc != SQLITE_OK) return rc;
    if (found.iVersion < 1 || found.xCreate == NULL || found.xTruncate == NULL) return SQLITE_ERROR;
    appsim_default_page_cache = found;
    sqlite3_pcache_methods2 wrapped = {
        1,
        found.pArg,
        appsim_page_cache_init,
        appsim_page_cache_shutdown,
        appsim_page_cache_create,
        appsim_page_cache_size,
        appsim_page_cache_count,
        appsim_page_cache_fetch,
        appsim_page_cache_unpin,
        appsim_page_cache_rekey,
        appsim_page_cache_truncate,
        appsim_page_cache_destroy,
        appsim_page_cache_shrink,
    };
    return sqlite3_config(SQLITE_CONFIG_PCACHE2, &wrapped);
}

/// Sets up SQLite for appsim, once per process and before any connection opens: the page cache above (if SQLite
/// has not initialized yet; without it commits are only slower) and the "appsim" VFS. Returns `SQLITE_OK` or the
/// error code that kept the VFS from being registered; a later call returns at once.
static inline int appsim_sqlite_setup(void) {
    (void)appsim_install_page_cache();
    if (sqlite3_vfs_find("appsim") != NULL) return SQLITE_OK;
    sqlite3_vfs *real = sqlite3_vfs_find(NULL);
    if (real == NULL || real->iVersion < 2) return SQLITE_ERROR;
    sqlite3_vfs *vfs = sqlite3_malloc(sizeof *vfs);
    if (vfs == NULL) return SQLITE_NOMEM;
    memset(vfs, 0, sizeof *vfs);
    vfs->iVersion = 2;
    vfs->szOsFile = (int)sizeof(appsim_log_file) + real->szOsFile;
    vfs->mxPathname = real->mxPathname;
    vfs->zName = "appsim";
    vfs->pAppData = real;
    vfs->xOpen = appsim_vfs_open;
    vfs->xDelete = appsim_vfs_delete;
    vfs->xAccess = appsim_vfs_access;
    vfs->xFullPathname = appsim_vfs_full_pathname;
    vfs->xDlOpen = appsim_vfs_dl_open;
    vfs->xDlError = appsim_vfs_dl_error;
    vfs->xDlSym = appsim_vfs_dl_sym;
    vfs->xDlClose = appsim_vfs_dl_close;
    vfs->xRandomness = appsim_vfs_randomness;
    vfs->xSleep = appsim_vfs_sleep;
    vfs->xCurrentTime = appsim_vfs_current_time;
    vfs->xGetLastError = appsim_vfs_get_last_error;
    vfs->xCurrentTimeInt64 = appsim_vfs_current_time_int64;
    int rc = sqlite3_vfs_register(vfs, 0);
    if (rc != SQLITE_OK) sqlite3_free(vfs);
    return rc;
}
