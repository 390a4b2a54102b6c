import Synchronization

/// The page cache SQLite uses in this process: SQLite's own, or appsim's thin layer over it (`CSQLite/page_cache.c`),
/// which spares the end of a transaction a walk over the whole cache when nothing past the database's end is cached
/// (docs/storage.md).
///
/// SQLite takes a page cache only before it initializes, which the first connection opened does, and keeps it for
/// the whole process: ``configure(_:notice:)`` chooses it once, before any connection opens. A process that never
/// calls it uses SQLite's own.
///
/// ```swift
/// try SQLitePageCache.configure(.auto) { notice in logger.notice("\(notice)") }
/// let store = try Store(path: "appsim.db")
/// ```
public enum SQLitePageCache: String, Sendable, CaseIterable {
    /// appsim's layer over SQLite's page cache.
    case appsim
    /// SQLite's own page cache, untouched.
    case sqlite

    /// What `serve --sqlite-page-cache` takes.
    public enum Choice: String, Sendable, CaseIterable {
        /// The layer on an SQLite version it was tested with, SQLite's own on any other.
        case auto
        /// The layer; refused on an SQLite version it was not tested with.
        case appsim
        /// SQLite's own page cache.
        case sqlite
    }

    /// Why the page cache could not be chosen, in words that say what to do.
    public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The SQLite versions the layer was tested with, as `sqlite3_libversion_number()` gives them. The layer relies
    /// on how SQLite's pager and B-tree use their page cache, which another version may change. To add one, on that
    /// version: run `swift test --filter PageCache` (the layer's rule, and the same random workload through both
    /// page caches compared), then start `appsim serve --sqlite-page-cache appsim` (its canary commit).
    static let testedVersions: Set<Int32> = [
        3_040_001,  // Debian 12's libsqlite3: the development machine and the container image
    ]

    /// The page cache of this process: what ``configure(_:notice:)`` put in place, else SQLite's own.
    public static var current: SQLitePageCache { configured.withLock { $0 } ?? .sqlite }

    private static let configured = Mutex<SQLitePageCache?>(nil)

    /// Puts in place the page cache `choice` asks for, for every connection this process opens, and returns it.
    ///
    /// Call it once, before this process opens any SQLite database.
    /// - Parameter notice: told once, in words for a log, when `.auto` leaves SQLite's own page cache, and why.
    /// - Throws: `ConfigurationError` when the page cache was chosen already or SQLite is already in use, and when
    ///   `.appsim` is asked for on an SQLite version the layer was not tested with.
    @discardableResult
    public static func configure(_ choice: Choice, notice: (String) -> Void = { _ in }) throws(ConfigurationError)
        -> SQLitePageCache
    {
        try configured.withLock { chosen throws(ConfigurationError) in
            if let chosen {
                throw ConfigurationError(
                    description: "SQLite's page cache was chosen already (\(chosen.rawValue)): it is chosen once per process")
            }
            guard !SQLiteLibrary.isInitialized else {
                throw ConfigurationError(
                    description: "SQLite is in use in this process already: its page cache is chosen before the first database opens")
            }
            let (pageCache, reason) = try decide(choice, version: SQLiteLibrary.versionNumber)
            if pageCache == .appsim {
                do throws(SQLiteError) {
                    try SQLiteLibrary.usePageCacheLayer()
                } catch {
                    throw ConfigurationError(description: "appsim's page cache layer could not be put in place: \(error.message)")
                }
            }
            chosen = pageCache
            if let reason { notice(reason) }
            return pageCache
        }
    }

    /// The page cache `choice` asks for on SQLite `version` (as `sqlite3_libversion_number()`), and why `.auto` left
    /// SQLite's own, if it did.
    /// - Throws: `ConfigurationError` when `choice` is `.appsim` and the layer was not tested with `version`.
    static func decide(_ choice: Choice, version: Int32) throws(ConfigurationError) -> (SQLitePageCache, String?) {
        let tested = testedVersions.contains(version)
        switch choice {
        case .sqlite:
            return (.sqlite, nil)
        case .appsim where tested, .auto where tested:
            return (.appsim, nil)
        case .appsim:
            throw ConfigurationError(
                description: "appsim's page cache layer (--sqlite-page-cache appsim) was tested with SQLite "
                    + "\(testedList) only, not with \(versionText(version)), which this process uses: use "
                    + "--sqlite-page-cache auto or sqlite (env APPSIM_SQLITE_PAGE_CACHE) for SQLite's own page cache")
        case .auto:
            return (.sqlite, "SQLite \(versionText(version)) is not a version appsim's page cache layer was tested with "
                + "(\(testedList)): using SQLite's own page cache, whose commits may walk all of it (docs/storage.md)")
        }
    }

    /// 3040001 as "3.40.1".
    static func versionText(_ number: Int32) -> String {
        "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)"
    }

    private static var testedList: String {
        testedVersions.sorted().map(versionText).joined(separator: ", ")
    }
}
