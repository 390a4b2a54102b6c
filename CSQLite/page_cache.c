// SQLite's own page cache (pcache1), with one cost taken out.
//
// At the end of every transaction the pager truncates its cache to the database's size. pcache1 does that only when
// it has seen a page number past that size, but then walks its whole hash table and every page cached, and it
// remembers the highest page number it has ever seen until such a walk. B-tree rebalancing swaps two pages' numbers
// through a temporary one, the lock-byte page's (1,048,577 with 1 KiB pages), so many transactions that split a
// page leave pcache1 believing a page past the end may be cached, and their ends walk the whole cache (8 MiB
// here): 7-9 % of the server's CPU under load (docs/performance.md).
//
// This layer passes every call on unchanged and keeps, per cache, an upper bound of the page numbers it can hold:
// the highest number fetched, and the numbers pages were renumbered to above it, until they are renumbered away or
// truncated (when more than eight are held, the highest fetched number is raised instead).
// A truncation with nothing at or above its limit is skipped; any other is passed on. Pages enter a cache only by
// xFetch and change numbers only by xRekey, so the bound never underestimates and no page that must go stays.

#include <limits.h>
#include <stdlib.h>
#include "CSQLite.h"

enum { renumberedSlots = 8 };

typedef struct {
    sqlite3_pcache *inner;
    /// At least the highest page number fetched since the last truncation passed on.
    unsigned highestFetched;
    /// Page numbers that pages were renumbered to above `highestFetched` and still carry; when full, the highest
    /// fetched number is raised instead.
    unsigned renumbered[renumberedSlots];
    int renumberedCount;
} PageCache;

static sqlite3_pcache_methods2 sqliteCache;
// Counted per thread: a connection's truncations happen on the thread that uses it, so a test reads its own.
static _Thread_local unsigned long long passedTruncations;
static _Thread_local unsigned long long skippedTruncations;

static int cacheInit(void *argument) {
    (void)argument;
    return sqliteCache.xInit(sqliteCache.pArg);
}

static void cacheShutdown(void *argument) {
    (void)argument;
    if (sqliteCache.xShutdown) sqliteCache.xShutdown(sqliteCache.pArg);
}

static sqlite3_pcache *cacheCreate(int pageSize, int extraSize, int purgeable) {
    PageCache *cache = calloc(1, sizeof *cache);
    if (!cache) return NULL;
    cache->inner = sqliteCache.xCreate(pageSize, extraSize, purgeable);
    if (!cache->inner) {
        free(cache);
        return NULL;
    }
    return (sqlite3_pcache *)cache;
}

static void cacheSetSize(sqlite3_pcache *cache, int pages) {
    sqliteCache.xCachesize(((PageCache *)cache)->inner, pages);
}

static int cachePageCount(sqlite3_pcache *cache) {
    return sqliteCache.xPagecount(((PageCache *)cache)->inner);
}

static sqlite3_pcache_page *cacheFetch(sqlite3_pcache *pcache, unsigned key, int create) {
    PageCache *cache = (PageCache *)pcache;
    sqlite3_pcache_page *page = sqliteCache.xFetch(cache->inner, key, create);
    if (page && key > cache->highestFetched) cache->highestFetched = key;
    return page;
}

static void cacheUnpin(sqlite3_pcache *cache, sqlite3_pcache_page *page, int discard) {
    sqliteCache.xUnpin(((PageCache *)cache)->inner, page, discard);
}

/// Drops the listed renumbered page numbers from `lowest` to `highest`, both included.
static void dropRenumbered(PageCache *cache, unsigned lowest, unsigned highest) {
    for (int index = 0; index < cache->renumberedCount;) {
        unsigned key = cache->renumbered[index];
        if (key >= lowest && key <= highest) {
            cache->renumbered[index] = cache->renumbered[--cache->renumberedCount];
        } else {
            index++;
        }
    }
}

static void cacheRekey(sqlite3_pcache *pcache, sqlite3_pcache_page *page, unsigned oldKey, unsigned newKey) {
    PageCache *cache = (PageCache *)pcache;
    sqliteCache.xRekey(cache->inner, page, oldKey, newKey);
    // No page carries the old number any more (numbers are unique in a cache): no copy of it need stay listed.
    dropRenumbered(cache, oldKey, oldKey);
    if (newKey > cache->highestFetched) {
        // Entries the highest fetched number has since passed say nothing more: make room by dropping them.
        if (cache->renumberedCount == renumberedSlots) dropRenumbered(cache, 0, cache->highestFetched);
        if (cache->renumberedCount < renumberedSlots) {
            cache->renumbered[cache->renumberedCount++] = newKey;
        } else {
            cache->highestFetched = newKey;
        }
    }
}

static void cacheTruncate(sqlite3_pcache *pcache, unsigned limit) {
    PageCache *cache = (PageCache *)pcache;
    int holdsPageAtLimit = limit <= cache->highestFetched;
    for (int index = 0; index < cache->renumberedCount; index++) {
        if (cache->renumbered[index] >= limit) holdsPageAtLimit = 1;
    }
    if (!holdsPageAtLimit) {
        skippedTruncations++;
        return;
    }
    passedTruncations++;
    sqliteCache.xTruncate(cache->inner, limit);
    if (cache->highestFetched >= limit) cache->highestFetched = limit > 0 ? limit - 1 : 0;
    dropRenumbered(cache, limit, UINT_MAX);
}

static void cacheDestroy(sqlite3_pcache *pcache) {
    PageCache *cache = (PageCache *)pcache;
    sqliteCache.xDestroy(cache->inner);
    free(cache);
}

static void cacheShrink(sqlite3_pcache *cache) {
    sqliteCache.xShrink(((PageCache *)cache)->inner);
}

static const sqlite3_pcache_methods2 layer = {
    .iVersion = 1,
    .pArg = NULL,
    .xInit = cacheInit,
    .xShutdown = cacheShutdown,
    .xCreate = cacheCreate,
    .xCachesize = cacheSetSize,
    .xPagecount = cachePageCount,
    .xFetch = cacheFetch,
    .xUnpin = cacheUnpin,
    .xRekey = cacheRekey,
    .xTruncate = cacheTruncate,
    .xDestroy = cacheDestroy,
    .xShrink = cacheShrink,
};
static int installed;

int appsim_sqlite_use_page_cache(void) {
    // A second call would take the layer itself for SQLite's page cache, and every call would recurse.
    if (installed) return SQLITE_OK;
    int result = sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &sqliteCache);
    if (result == SQLITE_OK) result = sqlite3_config(SQLITE_CONFIG_PCACHE2, &layer);
    installed = result == SQLITE_OK;
    return result;
}

void appsim_sqlite_page_cache_truncations(unsigned long long *passed, unsigned long long *skipped) {
    *passed = passedTruncations;
    *skipped = skippedTruncations;
}

const sqlite3_pcache_methods2 *appsim_sqlite_page_cache_methods(void) {
    return installed ? &layer : NULL;
}
