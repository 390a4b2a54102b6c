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
    @Test("a stop asked for between two statements stops the next one, where sqlite3_interrupt alone is forgotten")
    func stopBetweenStatements() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let db = try SQLiteConnection(path: dir.file("stop.db"))
        let counting = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n"
        // No statement runs as it is asked: SQLite clears its flag as the next one starts.
        let bare = db.interrupter
        bare.interrupt()
        #expect(sqliteError { try db.pragma("user_version") } == nil)
        #expect(try db.prepare(counting).step())

        let interrupter = db.interrupter
        let error = sqliteError {
            try db.stoppable(by: interrupter) {
                _ = try db.pragma("user_version")
                interrupter.interrupt()
                return try db.prepare(counting).step()
            }
        }
        #expect(error?.isInterrupted == true, "\(String(describing: error))")
        // Outside `stoppable`, the connection runs statements again.
        #expect(try db.prepare(counting).step())
    }

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
