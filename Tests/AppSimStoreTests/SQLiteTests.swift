import CSQLite
import Foundation
import Testing

@testable import AppSimStore

/// A fresh directory per test. Tests call `remove()` in a `defer` rather than running inside a closure:
/// with Swift 6.3, a `#expect(throws:)` inside a closure argument can make a later closure in the same
/// closure run the wrong body (a closure discriminator clash in macro expansions).
private struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("appsim-sqlite-\(UUID().uuidString)", isDirectory: true).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String {
        path + "/" + name
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The `SQLiteError` thrown by `body`, or nil when it succeeds or throws something else.
private func sqliteError<T>(_ body: () throws -> T) -> SQLiteError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error as? SQLiteError
    }
}

private struct BodyFailed: Error {}

private func count(_ db: SQLiteConnection, _ table: String) throws -> Int64 {
    let select = try db.prepare("SELECT count(*) FROM \(table)")
    #expect(try select.step())
    return select.int64(at: 0)
}

@Suite struct SQLiteTests {
    @Test func opensAndCreatesADatabaseFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        #expect(!FileManager.default.fileExists(atPath: path))
        let db = try SQLiteConnection(path: path)
        try db.execute("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1);")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(db.lastInsertRowID == 1)
        #expect(db.changes == 1)

        let reopened = try SQLiteConnection(path: path)
        #expect(try count(reopened, "t") == 1)
    }

    @Test func openingInAMissingDirectoryFailsAsCantOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = sqliteError { try SQLiteConnection(path: directory.file("missing/store.db")) }
        #expect(error?.code == 14)  // SQLITE_CANTOPEN
        #expect(error?.isReadOnly == true)
        #expect(error?.isUnavailable == true)
    }

    @Test func walJournalModeAndSynchronousReadBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        #expect(try db.pragma("journal_mode") == "delete")
        try db.execute("PRAGMA journal_mode=WAL")
        #expect(try db.pragma("journal_mode") == "wal")
        try db.setSynchronous(.normal)
        #expect(try db.pragma("synchronous") == "1")
        try db.setSynchronous(.full)
        #expect(try db.pragma("synchronous") == "2")
    }

    @Test func everyTypeRoundTrips() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("CREATE TABLE t(big, small, real, words, bytes, empty, nullText, nullValue)")
        let blob: [UInt8] = [0, 1, 0, 255, 0]
        let text = "héllo 🌍 \u{0}tail"
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        try insert.bind(Int64.max, at: 1)
        try insert.bind(-42, at: 2)
        try insert.bind(3.25, at: 3)
        try insert.bind(text, at: 4)
        try insert.bind(blob, at: 5)
        try insert.bind([UInt8](), at: 6)
        try insert.bind(nil as String?, at: 7)
        try insert.bindNull(at: 8)
        try insert.run()
        #expect(db.changes == 1)

        let select = try db.prepare("SELECT * FROM t")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.max)
        #expect(select.int64(at: 1) == -42)
        #expect(select.double(at: 2) == 3.25)
        #expect(select.string(at: 3) == text)
        #expect(select.blob(at: 4) == blob)
        #expect(select.blob(at: 5) == [])
        #expect(!select.isNull(at: 5))
        #expect(select.value(at: 5) == .blob([]))
        #expect(select.string(at: 6) == nil)
        #expect(select.isNull(at: 6))
        #expect(select.isNull(at: 7))
        #expect(select.blob(at: 7) == [])
        #expect(!select.isNull(at: 0))
        #expect(try !select.step())
    }

    @Test func valuesBindPositionallyAndReadBackInTheirStorageClass() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("CREATE TABLE t(a, b, c, d, e, f)")
        let values: [SQLiteValue] = [.int(7), .double(0.5), .text(""), .blob([0, 0]), .null, .text("x")]
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
        try insert.bind(.int(7), .double(0.5), .text(""), .blob([0, 0]), .null, .text("x"))
        try insert.run()

        let select = try db.prepare("SELECT * FROM t")
        #expect(try select.step())
        #expect((0..<6).map { select.value(at: Int32($0)) } == values)
        #expect(select.string(at: 2) == "")
    }

    @Test func cachedStatementIsReusedAndReset() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("CREATE TABLE t(x INTEGER)")
        let sql = "INSERT INTO t VALUES (?)"
        for value in 1...3 {
            let insert = try db.cachedStatement(sql)
            try insert.bind(value, at: 1)
            try insert.run()
        }
        #expect(try db.cachedStatement(sql) === db.cachedStatement(sql))

        let select = try db.cachedStatement("SELECT x FROM t ORDER BY x")
        #expect(try select.step())
        #expect(select.int64(at: 0) == 1)
        #expect(try select.step())
        #expect(select.int64(at: 0) == 2)

        // Asking again rewinds the half-read statement.
        let again = try db.cachedStatement("SELECT x FROM t ORDER BY x")
        #expect(again === select)
        #expect(try again.step())
        #expect(again.int64(at: 0) == 1)

        // reset() clears bindings: an unbound parameter is NULL.
        let insert = try db.cachedStatement(sql)
        try insert.run()
        #expect(try count(db, "t WHERE x IS NULL") == 1)
    }

    @Test func transactionCommits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let db = try SQLiteConnection(path: path)
        try db.execute("CREATE TABLE t(x INTEGER)")
        let rowID = try db.transaction {
            try db.execute("INSERT INTO t VALUES (42)")
            return db.lastInsertRowID
        }
        #expect(rowID == 1)

        let other = try SQLiteConnection(path: path)
        #expect(try count(other, "t WHERE x = 42") == 1)
        #expect(try other.pragma("schema_version") != nil)
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("CREATE TABLE t(x INTEGER)")
        #expect(throws: BodyFailed.self) {
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (42)")
                throw BodyFailed()
            }
        }
        #expect(try count(db, "t") == 0)
        // The connection is back in autocommit mode: a new transaction can start.
        try db.transaction { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(try count(db, "t") == 1)
    }

    @Test func failedCommitRollsBackAndThrows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("""
            PRAGMA foreign_keys=ON;
            CREATE TABLE parent(id INTEGER PRIMARY KEY);
            CREATE TABLE child(parent REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
            """)
        // A deferred foreign key is only checked by COMMIT, which then fails and leaves the transaction open.
        let error = sqliteError { try db.transaction { try db.execute("INSERT INTO child VALUES (7)") } }
        #expect(error?.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error?.sql == "COMMIT")
        #expect(try count(db, "child") == 0)
        try db.transaction { try db.execute("INSERT INTO parent VALUES (7); INSERT INTO child VALUES (7)") }
        #expect(try count(db, "child") == 1)
    }

    @Test func syntaxErrorCarriesSQLAndMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        let prepareError = sqliteError { try db.prepare("SELEC 1") }
        #expect(prepareError?.code == 1)  // SQLITE_ERROR
        #expect(prepareError?.sql == "SELEC 1")
        #expect(prepareError?.message.contains("syntax error") == true)
        #expect(prepareError?.isUnavailable == false)
        #expect(prepareError?.description.contains("SELEC 1") == true)

        let executeError = sqliteError { try db.execute("CREATE TABLE t(x); SELECT * FROM nowhere") }
        #expect(executeError?.sql == "CREATE TABLE t(x); SELECT * FROM nowhere")
        #expect(executeError?.message == "no such table: nowhere")
    }

    @Test func prepareRefusesEmptyOrSeveralStatements() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        #expect(sqliteError { try db.prepare("  -- nothing") }?.code == 21)  // SQLITE_MISUSE
        #expect(sqliteError { try db.prepare("SELECT 1; SELECT 2") }?.code == 21)
        // A trailing semicolon and comment are not a second statement.
        let statement = try db.prepare("SELECT 1; -- done")
        #expect(try statement.step())
    }

    @Test func stepErrorsCarryTheStatementSQL() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("CREATE TABLE t(x INTEGER PRIMARY KEY)")
        let insert = try db.cachedStatement("INSERT INTO t VALUES (?)")
        try insert.bind(1, at: 1)
        try insert.run()
        try insert.bind(1, at: 1)
        let error = sqliteError { try insert.run() }
        #expect(error?.code == 19)  // SQLITE_CONSTRAINT
        #expect(error?.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error?.sql == "INSERT INTO t VALUES (?)")
        #expect(error?.isUnavailable == false)

        let rangeError = sqliteError { try insert.bind(1, at: 2) }
        #expect(rangeError?.code == 25)  // SQLITE_RANGE
    }

    @Test func fileThatIsNotADatabaseIsCorruptOnFirstUse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("garbage.db")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let db = try SQLiteConnection(path: path)
        let error = sqliteError { try db.pragma("schema_version") }
        #expect(error?.code == 26)  // SQLITE_NOTADB
        #expect(error?.isCorrupt == true)
        #expect(error?.isUnavailable == false)
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let writer = try SQLiteConnection(path: path)
        try writer.execute("CREATE TABLE t(x INTEGER)")

        let reader = try SQLiteConnection(path: path, readOnly: true)
        #expect(try count(reader, "t") == 0)
        let error = sqliteError { try reader.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.code == 8)  // SQLITE_READONLY
        #expect(error?.isReadOnly == true)
        #expect(error?.isUnavailable == true)
        #expect(try count(writer, "t") == 0)
    }

    @Test func secondWriterIsBusyAfterItsTimeout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let holder = try SQLiteConnection(path: path)
        try holder.execute("PRAGMA journal_mode=WAL; CREATE TABLE t(x INTEGER)")
        try holder.execute("BEGIN IMMEDIATE")

        let waiter = try SQLiteConnection(path: path)
        waiter.setBusyTimeout(milliseconds: 50)
        let error = sqliteError { try waiter.transaction { try waiter.execute("INSERT INTO t VALUES (1)") } }
        #expect(error?.isBusy == true)
        #expect(error?.isUnavailable == true)
        #expect(error?.sql == "BEGIN IMMEDIATE")

        try holder.execute("COMMIT")
        try waiter.transaction { try waiter.execute("INSERT INTO t VALUES (1)") }
        #expect(try count(holder, "t") == 1)
    }

    @Test func statementKeepsWorkingAfterItsConnectionIsGone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var db: SQLiteConnection? = try SQLiteConnection(path: directory.file("store.db"))
        let select = try db!.prepare("SELECT 'still open'")
        db = nil
        #expect(try select.step())
        #expect(select.string(at: 0) == "still open")
    }
}

/// The page cache layer of `CSQLite/page_cache.c`: it skips the truncations that have nothing to remove, and passes
/// on every one that does. Its counters are the calling thread's, so these tests read their own. The page cache is
/// chosen once per process, before its first connection: each test runs in a process of its own (an exit test) that
/// puts the layer in place first.
@Suite struct PageCacheTests {
    @Test func transactionEndsAfterSplitsPassNothingOn() async {
        await #expect(processExitsWith: .success) {
            try SQLitePageCache.configure(.appsim)
            try PageCacheTests.transactionEndsAfterSplits()
        }
    }

    @Test func aTruncationIsSkippedOnlyWhenNoPageAtItsLimitIsCached() async {
        await #expect(processExitsWith: .success) {
            try SQLitePageCache.configure(.appsim)
            try PageCacheTests.truncationsThroughTheMethods()
        }
    }

    @Test func aFullListOfRenumberedPagesKeepsWhatItMustRemove() async {
        await #expect(processExitsWith: .success) {
            try SQLitePageCache.configure(.appsim)
            try PageCacheTests.aFullListOfRenumberedPages()
        }
    }

    @Test func aDatabaseGrowsAgainIntactAfterARollbackAndAVacuum() async {
        await #expect(processExitsWith: .success) {
            try SQLitePageCache.configure(.appsim)
            try PageCacheTests.growthAfterARollbackAndAVacuum()
        }
    }

    /// The numbers 1 to 500, as `series(value)`, before an INSERT.
    private static let series = "WITH RECURSIVE series(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM series WHERE value < 500) "

    private static func integrity(_ db: SQLiteConnection) throws -> String? {
        let check = try db.prepare("PRAGMA integrity_check")
        #expect(try check.step())
        return check.string(at: 0)
    }

    /// The B-tree's page splits renumber pages through the lock-byte page's number, after which SQLite's page cache
    /// alone would walk all of itself at each transaction's end; through the layer, none of these ends does.
    static func transactionEndsAfterSplits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let db = try SQLiteConnection(path: directory.file("store.db"))
        try db.execute("PRAGMA page_size=1024; PRAGMA journal_mode=WAL; CREATE TABLE t(key TEXT, body BLOB)")
        try db.execute("CREATE INDEX t_by_key ON t(key)")
        let before = try #require(SQLiteConnection.pageCacheTruncations)
        // Keys spread over the index, so that leaves split all over it.
        let insert = try db.cachedStatement("INSERT INTO t VALUES (?1, ?2)")
        for transaction in 0..<200 {
            try db.transaction {
                for row in 0..<10 {
                    try insert.bind(.text("k\((transaction * 7_919 + row * 104_729) % 100_003)"), .blob([UInt8](repeating: 7, count: 200)))
                    try insert.run()
                }
            }
        }
        let after = try #require(SQLiteConnection.pageCacheTruncations)
        #expect(after.passed == before.passed)
        #expect(after.skipped - before.skipped >= 200)
        #expect(try integrity(db) == "ok")
        #expect(try count(db, "t") == 2_000)
    }

    /// The layer's own rule, through the methods SQLite calls: a truncation is skipped only when no page at or past
    /// its limit can be cached, counting pages renumbered there and not back.
    static func truncationsThroughTheMethods() throws {
        _ = try SQLiteConnection(path: ":memory:")  // SQLite is initialized, with the layer in place
        let methods = try #require(appsim_sqlite_page_cache_methods()).pointee
        let cache = try #require(methods.xCreate!(1_024, 64, 1))
        defer { methods.xDestroy!(cache) }
        methods.xCachesize!(cache, 100)  // unpinned pages stay cached
        func cached(_ key: UInt32) -> Bool {
            guard let page = methods.xFetch!(cache, key, 0) else { return false }
            methods.xUnpin!(cache, page, 0)
            return true
        }
        func add(_ key: UInt32) {
            guard let page = methods.xFetch!(cache, key, 2) as UnsafeMutablePointer<sqlite3_pcache_page>? else {
                Issue.record("page \(key) could not be created")
                return
            }
            methods.xUnpin!(cache, page, 0)
        }
        func truncate(_ limit: UInt32) throws -> (passed: Int, skipped: Int) {
            let before = try #require(SQLiteConnection.pageCacheTruncations)
            methods.xTruncate!(cache, limit)
            let after = try #require(SQLiteConnection.pageCacheTruncations)
            return (after.passed - before.passed, after.skipped - before.skipped)
        }
        for key in UInt32(1)...10 { add(key) }

        // Two pages swap numbers through the lock-byte page's, as B-tree rebalancing does.
        let five = try #require(methods.xFetch!(cache, 5, 0))
        let three = try #require(methods.xFetch!(cache, 3, 0))
        methods.xRekey!(cache, five, 5, 1_048_577)
        methods.xRekey!(cache, three, 3, 5)
        methods.xRekey!(cache, five, 1_048_577, 3)
        methods.xUnpin!(cache, five, 0)
        methods.xUnpin!(cache, three, 0)
        #expect(try truncate(11) == (0, 1))
        #expect((UInt32(1)...10).allSatisfy(cached))

        // A page past the limit is removed, and only it.
        add(20)
        #expect(try truncate(11) == (1, 0))
        #expect(!cached(20))
        #expect((UInt32(1)...10).allSatisfy(cached))

        // So is a page renumbered past the limit and left there.
        let seven = try #require(methods.xFetch!(cache, 7, 0))
        methods.xRekey!(cache, seven, 7, 2_000)
        methods.xUnpin!(cache, seven, 0)
        #expect(try truncate(11) == (1, 0))
        #expect(!cached(2_000))
        #expect(!cached(7))

        // A page renumbered from one number past the limit to another is followed; so are more such pages than the
        // layer has room to list (it raises its bound instead).
        let eight = try #require(methods.xFetch!(cache, 8, 0))
        methods.xRekey!(cache, eight, 8, 3_000)
        methods.xRekey!(cache, eight, 3_000, 3_001)
        methods.xUnpin!(cache, eight, 0)
        for key in UInt32(100)..<112 {
            add(key)
            let page = try #require(methods.xFetch!(cache, key, 0) as UnsafeMutablePointer<sqlite3_pcache_page>?)
            methods.xRekey!(cache, page, key, 5_000 + key)
            methods.xUnpin!(cache, page, 0)
        }
        #expect(try truncate(11) == (1, 0))
        #expect(!cached(3_001))
        #expect(!(UInt32(5_100)..<5_112).contains(where: cached))
        #expect(try truncate(11) == (0, 1))

        // Truncating to nothing empties the cache; nothing is left for the next one to remove.
        #expect(try truncate(0) == (1, 0))
        #expect(!(UInt32(1)...10).contains(where: cached))
        #expect(try truncate(1) == (0, 1))
    }

    /// When the layer's list of renumbered pages is full, it makes room by dropping only the numbers the highest
    /// fetched one has passed: a page renumbered past it stays known after another is renumbered back.
    static func aFullListOfRenumberedPages() throws {
        _ = try SQLiteConnection(path: ":memory:")
        let methods = try #require(appsim_sqlite_page_cache_methods()).pointee
        let cache = try #require(methods.xCreate!(1_024, 64, 1))
        defer { methods.xDestroy!(cache) }
        methods.xCachesize!(cache, 100)
        func page(_ key: UInt32, create: Int32 = 0) throws -> UnsafeMutablePointer<sqlite3_pcache_page> {
            try #require(methods.xFetch!(cache, key, create) as UnsafeMutablePointer<sqlite3_pcache_page>?)
        }
        func renumber(_ old: UInt32, _ new: UInt32) throws {
            let moved = try page(old)
            methods.xRekey!(cache, moved, old, new)
            methods.xUnpin!(cache, moved, 0)
        }
        for key in UInt32(1)...10 { methods.xUnpin!(cache, try page(key, create: 2), 0) }
        try renumber(1, 20)                                   // listed
        methods.xUnpin!(cache, try page(30, create: 2), 0)   // the highest fetched number passes 20
        for key in UInt32(2)...8 { try renumber(key, 38 + key) }   // 40…46: the list is full
        // Room is made by dropping 20 alone; then 50 goes back (the page held, as SQLite holds it, not fetched anew).
        let nine = try page(9)
        methods.xRekey!(cache, nine, 9, 50)
        methods.xRekey!(cache, nine, 50, 9)
        methods.xUnpin!(cache, nine, 0)
        let before = try #require(SQLiteConnection.pageCacheTruncations)
        methods.xTruncate!(cache, 41)
        let after = try #require(SQLiteConnection.pageCacheTruncations)
        #expect(after.passed == before.passed + 1)
        for key in UInt32(41)...46 {
            #expect(methods.xFetch!(cache, key, 0) as UnsafeMutablePointer<sqlite3_pcache_page>? == nil)
        }
    }

    /// A transaction that grew the database and rolled back, and a database that shrank, leave nothing stale:
    /// growing again reads back what was written.
    static func growthAfterARollbackAndAVacuum() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let db = try SQLiteConnection(path: path)
        try db.execute("PRAGMA page_size=1024; PRAGMA journal_mode=WAL; CREATE TABLE t(x INTEGER PRIMARY KEY, body BLOB)")
        try db.execute("INSERT INTO t VALUES (1, zeroblob(100))")
        let start = try #require(SQLiteConnection.pageCacheTruncations)
        #expect(throws: BodyFailed.self) {
            try db.transaction {
                try db.execute("\(series)INSERT INTO t SELECT value + 1, randomblob(900) FROM series")
                throw BodyFailed()
            }
        }
        // The pages past the end that the rolled-back growth cached are removed: that truncation is passed on.
        let rolledBack = try #require(SQLiteConnection.pageCacheTruncations)
        #expect(rolledBack.passed > start.passed)
        try db.execute("\(series)INSERT INTO t SELECT value + 1000, zeroblob(900) FROM series")
        let grown = try #require(SQLiteConnection.pageCacheTruncations)
        try db.execute("DELETE FROM t WHERE x > 1200; VACUUM")
        #expect(try #require(SQLiteConnection.pageCacheTruncations).passed > grown.passed)
        try db.execute("\(series)INSERT INTO t SELECT value + 2000, zeroblob(900) FROM series")
        #expect(try integrity(db) == "ok")
        #expect(try count(db, "t") == 701)
        #expect(try count(db, "t WHERE body = zeroblob(900)") == 700)
        let other = try SQLiteConnection(path: path)
        #expect(try count(other, "t WHERE body = zeroblob(900)") == 700)
    }
}
