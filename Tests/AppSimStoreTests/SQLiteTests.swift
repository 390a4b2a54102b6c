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

    // MARK: The write-ahead log, written a transaction at a time (the "appsim" VFS in CSQLite/shim.h)

    /// A copy of the database and its log as the system holds them now: what a `kill -9` would leave.
    private func snapshot(of path: String, into directory: TemporaryDirectory, named name: String) throws -> SQLiteConnection {
        let copy = directory.file(name)
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
        }
        return try SQLiteConnection(path: copy, readOnly: true)
    }

    /// The rows of `t` in `db`: their count and their bytes, so a torn or missing page shows.
    private func rows(_ db: SQLiteConnection) throws -> [[UInt8]] {
        let select = try db.prepare("SELECT body FROM t ORDER BY rowid")
        var rows: [[UInt8]] = []
        while try select.step() { rows.append(select.blob(at: 0)) }
        return rows
    }

    /// A new database at `path` in WAL mode with table `t(body)`, committing with `synchronous=NORMAL` (no sync: only
    /// the log's writes put a commit in the file) and never checkpointing by itself. `settings` run first.
    private func logDatabase(_ path: String, settings: String = "") throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: path)
        try db.execute(
            "\(settings) PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=0; CREATE TABLE t(body BLOB NOT NULL)")
        return db
    }

    private func insert(_ bodies: [[UInt8]], into db: SQLiteConnection) throws {
        for body in bodies {
            let insert = try db.cachedStatement("INSERT INTO t(body) VALUES (?1)")
            try insert.bind(body, at: 1)
            try insert.run()
        }
    }

    @Test("a commit is in the log file when it returns, whatever its size: one page, past the 64 KiB write limit, past the 4 MiB gathering limit")
    func everyCommitReachesTheLogFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let db = try logDatabase(path)
        var expected: [[UInt8]] = []
        for (round, (rows: count, bytes: size)) in [(1, 100), (40, 3_000), (3, 2_000_000), (1, 7)].enumerated() {
            let bodies = (0..<count).map { row in (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ row &+ round) } }
            try db.transaction { try insert(bodies, into: db) }
            expected += bodies
            let copy = try snapshot(of: path, into: directory, named: "copy\(round).db")
            #expect(try rows(copy) == expected, "round \(round)")
            #expect(try copy.pragma("integrity_check") == "ok")
        }
    }

    @Test("a transaction that spilled pages into the log and rolled back leaves nothing; the next commit is whole")
    func spilledRollbackLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        // A cache of 10 pages: a large transaction writes pages to the log before it commits.
        let db = try logDatabase(path, settings: "PRAGMA cache_size=10;")
        try db.transaction { try db.execute("INSERT INTO t(body) VALUES (x'01')") }
        func logBytes() throws -> Int { try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0 }
        let committed = try logBytes()
        #expect(throws: BodyFailed.self) {
            try db.transaction {
                try db.execute(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO t(body) SELECT randomblob(4000) FROM n")
                throw BodyFailed()
            }
        }
        // The rolled-back transaction did reach the log file (spilled), past what was committed.
        #expect(try logBytes() > committed + 1_000_000)
        try db.transaction { try db.execute("INSERT INTO t(body) VALUES (x'02'), (x'03')") }
        #expect(try rows(db) == [[1], [2], [3]])
        let copy = try snapshot(of: path, into: directory, named: "copy.db")
        #expect(try rows(copy) == [[1], [2], [3]])
        #expect(try copy.pragma("integrity_check") == "ok")
    }

    @Test("page splits in random order, and transactions that grew the file and rolled back, leave every row exactly as committed (the page cache drops what lies past the end)")
    func pageCacheAfterSplitsAndRollbacks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let db = try SQLiteConnection(path: path)
        try db.execute("PRAGMA page_size=1024; PRAGMA journal_mode=WAL; CREATE TABLE t(key TEXT PRIMARY KEY, body BLOB NOT NULL) WITHOUT ROWID")
        var generator = SystemRandomNumberGenerator()
        var expected: [String: [UInt8]] = [:]
        func insert(_ count: Int) throws -> [String: [UInt8]] {
            var added: [String: [UInt8]] = [:]
            for _ in 0..<count {
                // Random keys split pages in the middle of the tree, which renumbers the new pages.
                let key = String(generator.next(upperBound: UInt64.max), radix: 36)
                let body = (0..<Int(generator.next(upperBound: UInt64(300)))).map { _ in UInt8.random(in: 0...255) }
                let statement = try db.cachedStatement("INSERT INTO t(key, body) VALUES (?1, ?2)")
                try statement.bind(key, at: 1)
                try statement.bind(body, at: 2)
                try statement.run()
                added[key] = body
            }
            return added
        }
        for round in 0..<20 {
            if round % 3 == 1 {
                #expect(throws: BodyFailed.self) {
                    try db.transaction {
                        _ = try insert(400)
                        throw BodyFailed()
                    }
                }
            } else {
                expected.merge(try db.transaction { try insert(200) }) { $1 }
            }
        }
        let select = try db.prepare("SELECT key, body FROM t")
        var found: [String: [UInt8]] = [:]
        while try select.step() { found[select.string(at: 0) ?? ""] = select.blob(at: 1) }
        #expect(found == expected)
        #expect(try db.pragma("integrity_check") == "ok")
        let reopened = try SQLiteConnection(path: path, readOnly: true)
        #expect(try count(reopened, "t") == Int64(expected.count))
    }

    @Test("a commit whose last page lands where the gathered log writes reach their 4 MiB limit is in the log file when it returns")
    func commitAtTheGatheringLimit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 64 KiB pages: about 64 frames fill the limit, and one of these transaction sizes puts the commit frame on it.
        for rowCount in 52...72 {
            let path = directory.file("limit\(rowCount).db")
            let db = try logDatabase(path, settings: "PRAGMA page_size=65536; PRAGMA cache_size=-65536;")
            let bodies = (0..<rowCount).map { row in [UInt8](repeating: UInt8(truncatingIfNeeded: row), count: 60_000) }
            try db.transaction { try insert(bodies, into: db) }
            let copy = try snapshot(of: path, into: directory, named: "limit\(rowCount)-copy.db")
            #expect(try rows(copy) == bodies, "\(rowCount) rows")
        }
    }

    @Test("a transaction that spilled pages and changed them again before committing (SQLite rewrites the frames' checksums in place) is whole in the log file when it returns")
    func rewrittenChecksumsReachTheLogFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let db = try logDatabase(path, settings: "PRAGMA cache_size=10;")
        try db.transaction { try db.execute("INSERT INTO t(body) VALUES (x'00')") }
        try db.transaction {
            try db.execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO t(body) SELECT zeroblob(2000) FROM n")
            // The first rows' pages were spilled to the log already; changing them again rewrites those frames.
            try db.execute("UPDATE t SET body = x'01' WHERE rowid <= 3")
        }
        var expected: [[UInt8]] = [[1], [1], [1]]
        expected += Array(repeating: [UInt8](repeating: 0, count: 2_000), count: 298)
        // The copy first: a read through `db` would write out whatever it holds back.
        let copy = try snapshot(of: path, into: directory, named: "copy.db")
        #expect(try rows(copy) == expected)
        #expect(try copy.pragma("integrity_check") == "ok")
        #expect(try rows(db) == expected)
    }

    @Test("pages a rolled-back transaction spilled into the log are never written over another connection's commit")
    func rolledBackSpillNeverOverwritesALaterCommit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let first = try logDatabase(path, settings: "PRAGMA cache_size=10;")
        try first.transaction { try first.execute("INSERT INTO t(body) VALUES (x'01')") }
        #expect(throws: BodyFailed.self) {
            try first.transaction {
                try first.execute(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300) INSERT INTO t(body) SELECT zeroblob(3000) FROM n")
                throw BodyFailed()
            }
        }
        // Another connection commits into the same stretch of the log the rolled-back frames were meant for.
        let second = try SQLiteConnection(path: path)
        try second.execute("PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=0")
        let bodies = (0..<40).map { row in [UInt8](repeating: UInt8(row + 2), count: 3_000) }
        try second.transaction { try insert(bodies, into: second) }
        // The first connection reads (and would write out anything it still held), then everything is checked.
        #expect(try rows(first) == [[1]] + bodies)
        let copy = try snapshot(of: path, into: directory, named: "copy.db")
        #expect(try rows(copy) == [[1]] + bodies)
        #expect(try copy.pragma("integrity_check") == "ok")
    }

    @Test("after a rolled-back transaction larger than 4 MiB, every later commit is readable by another connection as soon as it returns")
    func commitsAfterALargeRollbackAreVisible() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("store.db")
        let writer = try SQLiteConnection(path: path)
        try writer.execute("""
            PRAGMA page_size=1024; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=0;
            PRAGMA cache_size=10; CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER); CREATE TABLE u(body BLOB);
            INSERT INTO t VALUES (1, 0)
            """)
        #expect(throws: BodyFailed.self) {
            try writer.transaction {
                try writer.execute(
                    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9000) INSERT INTO u SELECT zeroblob(900) FROM n")
                throw BodyFailed()
            }
        }
        let reader = try SQLiteConnection(path: path, readOnly: true)
        let update = try writer.prepare("UPDATE t SET v = ?1 WHERE id = 1")
        let select = try reader.prepare("SELECT v FROM t WHERE id = 1")
        var mismatches = 0
        // One page per commit: every frame of the log's next 5,000 is the last of a commit.
        for value in 1...5_000 {
            try update.bind(Int64(value), at: 1)
            try update.run()
            let seen: Int64? = try? { () throws -> Int64 in
                defer { select.reset() }
                _ = try select.step()
                return select.int64(at: 0)
            }()
            if seen != Int64(value) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
