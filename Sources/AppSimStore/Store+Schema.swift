import AppSimCore
import Foundation

/// The file's identity and its schema, brought up to date as it is opened.
extension Store {
    /// Refuses files that are not SQLite, and SQLite databases that belong to something else.
    static func checkIdentity(_ sqlite: SQLiteConnection, path: String) throws {
        let identity = Int32(try sqlite.pragma("application_id") ?? "0") ?? 0
        if identity == applicationID { return }
        let foreign = "\(path) is a SQLite database of another program, not appsim's; point --db at an appsim database or a new file"
        guard identity == 0 else { throw StoreError(.notAnAppsimDatabase, foreign) }
        let count = try sqlite.prepare("SELECT count(*) FROM sqlite_master", persistent: false)
        _ = try count.step()
        if count.int64(at: 0) > 0 { throw StoreError(.notAnAppsimDatabase, foreign) }
    }

    /// The schema, one migration per version; `PRAGMA user_version` records how far a database has come.
    static let migrations: [String] = [
        """
        CREATE TABLE devices(id TEXT PRIMARY KEY, wake_at INTEGER, body BLOB NOT NULL) WITHOUT ROWID;
        CREATE INDEX devices_by_wake ON devices(wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE instances(
            id TEXT PRIMARY KEY, device TEXT NOT NULL, number INTEGER NOT NULL, bundle_id TEXT NOT NULL,
            state TEXT NOT NULL, spec BLOB NOT NULL, body BLOB NOT NULL) WITHOUT ROWID;
        CREATE INDEX instances_by_device ON instances(device, number);
        CREATE TABLE callbacks(instance TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL,
            PRIMARY KEY(instance, seq)) WITHOUT ROWID;
        """,
        // Ordinary (rowid) tables: a row of one fits in a small page, where a WITHOUT ROWID row of the same size would
        // spill onto overflow pages; history is appended in one place and found through its index.
        """
        CREATE TABLE devices_v2(id TEXT NOT NULL UNIQUE, wake_at INTEGER, body BLOB NOT NULL);
        INSERT INTO devices_v2(id, wake_at, body) SELECT id, wake_at, body FROM devices ORDER BY id;
        DROP TABLE devices;
        ALTER TABLE devices_v2 RENAME TO devices;
        CREATE INDEX devices_by_wake ON devices(wake_at) WHERE wake_at IS NOT NULL;
        CREATE TABLE instances_v2(
            id TEXT NOT NULL UNIQUE, device TEXT NOT NULL, number INTEGER NOT NULL, bundle_id TEXT NOT NULL,
            state TEXT NOT NULL, spec BLOB NOT NULL, body BLOB NOT NULL);
        INSERT INTO instances_v2(id, device, number, bundle_id, state, spec, body)
            SELECT id, device, number, bundle_id, state, spec, body FROM instances ORDER BY device, number;
        DROP TABLE instances;
        ALTER TABLE instances_v2 RENAME TO instances;
        CREATE INDEX instances_by_device ON instances(device, number);
        CREATE TABLE callbacks_v2(instance TEXT NOT NULL, seq INTEGER NOT NULL, body BLOB NOT NULL);
        INSERT INTO callbacks_v2(instance, seq, body) SELECT instance, seq, body FROM callbacks ORDER BY instance, seq;
        DROP TABLE callbacks;
        ALTER TABLE callbacks_v2 RENAME TO callbacks;
        CREATE UNIQUE INDEX callbacks_by_instance ON callbacks(instance, seq);
        """,
        // No table changes. From this version an event that only adds callbacks leaves the rows of its device and
        // instances as they were, and loading takes their counters from the newest callbacks (`loadDevice`); an
        // older appsim would not, so it must refuse these databases, which it does for any newer version.
        "SELECT 1",
        // Each instance's row holds the wall time its timers next fall due, so that Home and launch (and any event
        // that changes apps but not their device beyond its counters) leave the device's row alone. Filled from the
        // devices as stored (`moveWakeTimesToInstances`), after which the devices' column goes. The index holds only
        // apps with a timer, by device, so that start-up reads those alone (`wakeTimes`).
        """
        ALTER TABLE instances ADD COLUMN wake_at INTEGER;
        CREATE INDEX instances_by_wake ON instances(device, wake_at) WHERE wake_at IS NOT NULL;
        """,
        // Each callback's event and time, which a loaded device catches up from, in columns of their own: the store
        // never reads the bodies, which are the API's. Read out of them here, once; the table is made anew so that
        // the columns are NOT NULL without a default (a column added to a table cannot be).
        """
        CREATE TABLE callbacks_v3(
            instance TEXT NOT NULL, seq INTEGER NOT NULL, event INTEGER NOT NULL, at INTEGER NOT NULL, body BLOB NOT NULL);
        INSERT INTO callbacks_v3(instance, seq, event, at, body)
            SELECT instance, seq, json_extract(CAST(body AS TEXT), '$.event'), json_extract(CAST(body AS TEXT), '$.at'), body
            FROM callbacks ORDER BY instance, seq;
        DROP TABLE callbacks;
        ALTER TABLE callbacks_v3 RENAME TO callbacks;
        CREATE UNIQUE INDEX callbacks_by_instance ON callbacks(instance, seq);
        """,
        // The event journal, one row per accepted event of a device. It starts empty: the events before it were not
        // kept, and the journal says so (its `dropped`).
        """
        CREATE TABLE events(
            device TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, at INTEGER NOT NULL,
            changes BLOB NOT NULL, entry BLOB NOT NULL);
        CREATE UNIQUE INDEX events_by_device ON events(device, seq);
        """,
        // An event's journal entry rides on the row of the last callback it caused, in the history's tail that the
        // event writes anyway: a row of `events` costs a page of its device's index per event, which made events
        // about a fifth slower (docs/storage.md). `events` keeps the entries of events that caused no callback, those
        // of the journal before this version, and those whose callback was dropped while the rule still keeps them.
        """
        ALTER TABLE callbacks ADD COLUMN journal_type TEXT;
        ALTER TABLE callbacks ADD COLUMN journal_at INTEGER;
        ALTER TABLE callbacks ADD COLUMN journal_changes BLOB;
        ALTER TABLE callbacks ADD COLUMN journal_entry BLOB;
        """,
        // History in the store's own format (`HistoryRecord`), one row per app and event instead of one per callback,
        // and journal entries in it too: the API's JSON is no longer kept. Filled from the tables before by
        // `moveHistoryToRecords`, which then drops them.
        """
        CREATE TABLE history(
            instance TEXT NOT NULL, seq INTEGER NOT NULL, event INTEGER NOT NULL, at INTEGER NOT NULL,
            callbacks BLOB NOT NULL, entry BLOB);
        CREATE TABLE events_v8(device TEXT NOT NULL, seq INTEGER NOT NULL, entry BLOB NOT NULL);
        """,
    ]

    /// The migration that makes the tables `moveHistoryToRecords` fills.
    private static let historyMovesToRecords = 7

    /// Rewrites each run of an app's callbacks of one event (one row each, their bodies the API's Callback JSON) as
    /// one `history` row in the store's format, with the journal entry that rode on its last callback, and each entry
    /// standing alone; then drops the tables before. Read app by app, in seq order, so that the new index is written
    /// in its own order (read in the order they were written, a million apps' history took ten times as long). A
    /// replay orders an event's callbacks by its journal entry; events from before the journal (schema 6) have
    /// none, and a replay of one that reached several apps sends them app by app.
    private static func moveHistoryToRecords(_ sqlite: SQLiteConnection) throws {
        let old = try sqlite.prepare(
            "SELECT instance, body, journal_entry FROM callbacks ORDER BY instance, seq", persistent: false)
        let insert = try sqlite.prepare(
            "INSERT INTO history(instance, seq, event, at, callbacks, entry) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", persistent: false)
        var run: (instance: String, callbacks: [CallbackRecord], entry: JournalEntry?)?
        func flush() throws {
            guard let (instance, callbacks, entry) = run, let last = callbacks.last else { return }
            try insert.bind(
                .text(instance), .int(last.seq), .int(last.event), .int(last.at), .blob(HistoryRecord.encode(callbacks, at: last.at)),
                entry.map { .blob(HistoryRecord.encode($0, rowInstance: instance, rowAt: last.at)) } ?? .null)
            try insert.run()
            run = nil
        }
        while try old.step() {
            let instance = old.string(at: 0) ?? ""
            let callback = try LegacyJSON.callback(old.blob(at: 1))
            if let current = run, current.instance != instance || current.callbacks.last?.event != callback.event || current.entry != nil {
                try flush()
            }
            if run == nil { run = (instance, [], nil) }
            run?.callbacks.append(callback)
            if !old.isNull(at: 2) { run?.entry = try LegacyJSON.entry(old.blob(at: 2)) }
        }
        try flush()
        let alone = try sqlite.prepare("SELECT device, seq, entry FROM events ORDER BY rowid", persistent: false)
        let insertAlone = try sqlite.prepare("INSERT INTO events_v8(device, seq, entry) VALUES (?1, ?2, ?3)", persistent: false)
        while try alone.step() {
            let entry = try LegacyJSON.entry(alone.blob(at: 2))
            try insertAlone.bind(.text(alone.string(at: 0) ?? ""), .int(alone.int64(at: 1)), .blob(HistoryRecord.encode(entry, rowInstance: nil, rowAt: 0)))
            try insertAlone.run()
        }
        try sqlite.execute("""
            DROP TABLE callbacks;
            DROP TABLE events;
            ALTER TABLE events_v8 RENAME TO events;
            CREATE UNIQUE INDEX history_by_instance ON history(instance, seq);
            CREATE UNIQUE INDEX events_by_device ON events(device, seq);
            """)
    }

    /// The migration that gives apps their wake times, which `moveWakeTimesToInstances` then fills.
    private static let wakeTimesMoveToInstances = 3

    /// Gives each app of a device with a wake time its own (exactly what the device, loaded, computes), then drops
    /// the devices' wake times.
    private static func moveWakeTimesToInstances(_ sqlite: SQLiteConnection) throws {
        let waking = try sqlite.prepare("SELECT id FROM devices WHERE wake_at IS NOT NULL", persistent: false)
        var ids: [String] = []
        while try waking.step() { ids.append(waking.string(at: 0) ?? "") }
        let update = try sqlite.prepare("UPDATE instances SET wake_at = ?2 WHERE id = ?1", persistent: false)
        for id in ids {
            guard let simulation = try loadDevice(id, from: sqlite) else { continue }
            for instance in simulation.instances {
                guard let wake = simulation.wallWake(of: instance.id) else { continue }
                try update.bind(.text(instance.id), .int(wake))
                try update.run()
            }
        }
        try sqlite.execute("DROP INDEX IF EXISTS devices_by_wake; ALTER TABLE devices DROP COLUMN wake_at")
    }

    /// Runs `body` (when `journaled`) with `sqlite` keeping a rollback journal instead of its write-ahead log, then goes
    /// back to the log.
    ///
    /// For a transaction that rewrites all of history: in the log, each page it wrote and SQLite read again was
    /// looked up through the log's whole index, which grows with the transaction, so the time grew with the square of
    /// the history (docs/storage.md). A rollback journal keeps only the pages the transaction changes; a rollback (or
    /// the next open, after a crash) puts them back and cuts the file to its old length. Leaving the log needs the only
    /// connection to the database: with another one open (a reader beside the server), `body` runs in the log, as it
    /// did before, and `report` says why it takes longer.
    static func inRollbackJournal(
        _ sqlite: SQLiteConnection, path: String, if journaled: Bool, report: (String) -> Void,
        _ body: (_ exclusive: Bool) throws -> Void
    ) throws {
        guard journaled else { return try body(false) }
        // EXTRA from before leaving the log until back in it: both switches rewrite the first page in a rollback
        // journal of their own, and EXTRA also syncs the directory once a journal is deleted, so that a power loss
        // cannot bring back the journal of a transaction that committed.
        let synchronous = try sqlite.pragma("synchronous") ?? "2"
        _ = try sqlite.pragma("synchronous=EXTRA")
        guard try leavesLog(sqlite) else {
            _ = try sqlite.pragma("synchronous=\(synchronous)")
            report("another connection has \(path) open, so its history is rewritten in the write-ahead log, which takes longer")
            return try body(false)
        }
        // Exclusive from the start: a reader that came later would otherwise hold off the commit, and minutes of work
        // would roll back; it waits (or is refused) instead.
        let outcome = Result { try body(true) }
        let backInLog = Result { () throws -> Void in
            guard try sqlite.pragma("journal_mode=WAL") == "wal" else {
                throw StoreError(.failed, "SQLite kept the rollback journal")
            }
            _ = try sqlite.pragma("synchronous=\(synchronous)")
        }
        switch (outcome, backInLog) {
        case (.success, .success):
            return
        case (.success, .failure(let error)):
            // Committed: the next start goes back to the log as it opens.
            throw StoreError(.failed, "\(path) is up to date (schema version \(migrations.count)), but could not go back to its write-ahead log and its sync setting (\(error)); start appsim again")
        case (.failure(let error), .success):
            throw error
        case (.failure(let error), .failure(let returning)):
            report("\(path) could not go back to its write-ahead log after the migration failed (\(returning)); the next start does")
            throw error
        }
    }

    /// Whether `sqlite` left its write-ahead log for a rollback journal: not while another connection has the database
    /// open.
    private static func leavesLog(_ sqlite: SQLiteConnection) throws(SQLiteError) -> Bool {
        do {
            return try sqlite.pragma("journal_mode=DELETE") == "delete"
        } catch {
            if error.isBusy { return false }
            throw error
        }
    }

    /// Brings the schema up to date, in one transaction: all of it or nothing. `report` is told when a migration
    /// starts and when it is done, in words for a log: rewriting history takes minutes on millions of apps (about
    /// 1.5 minutes per million, docs/storage.md), and whoever waits for the port should know why.
    static func migrate(
        _ sqlite: SQLiteConnection, path: String, report: (String) -> Void = { _ in }, stop: MigrationStop? = nil
    ) throws {
        let version = Int(try sqlite.pragma("user_version") ?? "0") ?? 0
        guard version <= migrations.count else {
            throw StoreError(.newerSchema, "\(path) has schema version \(version), newer than this appsim knows (\(migrations.count)); run a newer appsim or use another --db")
        }
        guard version < migrations.count else { return }
        let started = ContinuousClock.now
        if version > 0 {
            report("\(path) has schema version \(version); bringing it up to version \(migrations.count) before serving (all or nothing; an earlier appsim cannot read it afterwards)")
        }
        // Rewriting history reads and writes the whole of it once: from the database file rather than through a long
        // log left by the last run (finding each page among its frames was a sixth of the time), with a page cache
        // large enough to keep the new index's pages, given back to the system afterwards.
        _ = try? sqlite.pragma("wal_checkpoint(TRUNCATE)")
        let cacheSize = try sqlite.pragma("cache_size") ?? "-8192"
        _ = try sqlite.pragma("cache_size=-131072")
        // Debian's SQLite zeroes every page it frees (SECURE_DELETE): dropping the old history would copy all of it
        // into the journal, then write it again as zeros, which tripled the disk written. The freed pages keep the
        // old rows until new history reuses them or a VACUUM erases them (docs/storage.md).
        let secureDelete = try sqlite.pragma("secure_delete") ?? "1"
        _ = try sqlite.pragma("secure_delete=FAST")
        defer {
            _ = try? sqlite.pragma("secure_delete=\(secureDelete)")
            _ = try? sqlite.pragma("cache_size=\(cacheSize)")
            sqlite.releaseMemory()
        }
        do {
            // Outside the stop's reach, so that going back to the log is never what a stop interrupts.
            try inRollbackJournal(sqlite, path: path, if: version > 0 && version <= historyMovesToRecords, report: report) { exclusive in
                try (stop ?? MigrationStop()).run(on: sqlite) {
                    try sqlite.transaction(exclusive: exclusive) {
                        for migration in migrations[version...] { try sqlite.execute(migration) }
                        if version <= historyMovesToRecords { try moveHistoryToRecords(sqlite) }
                        // It loads devices, so it runs once the schema is the one this appsim reads.
                        if version <= wakeTimesMoveToInstances { try moveWakeTimesToInstances(sqlite) }
                        try sqlite.execute("PRAGMA application_id=\(applicationID); PRAGMA user_version=\(migrations.count)")
                    }
                }
            }
        } catch let error as SQLiteError where error.isInterrupted {
            throw StoreError(
                .stopped,
                version > 0 ? "stopped while bringing \(path) up to date from schema version \(version); it is as it was, at version \(version)"
                    : "stopped while creating \(path)",
                underlying: error)
        } catch let error as SQLiteError where error.isFull && version > 0 {
            throw StoreError(
                .unavailable,
                "the disk holding \(path) is full: bringing a database of an earlier appsim up to date needs free space for its history in the new format (at most the database's size); free some space, then retry (the database is as it was)",
                underlying: error)
        }
        if version > 0 {
            let seconds = String(format: "%.2f", (ContinuousClock.now - started) / .seconds(1))
            report("\(path) is at schema version \(migrations.count) (migrated from \(version) in \(seconds) s)")
        }
    }
}
