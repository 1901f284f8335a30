internal import CSQLite
import Dispatch
import GRDB
package import RiffleCore
package import RiffleStoreKit
package import RiffleSystem

/// riffle's store in SQLite (the `Store` backend of today): one file holding, per source, the items riffle has read (the newest version of
/// each id), the paging position, the last refresh, what the feed adapter keeps, and read marks.
///
/// WAL mode: one writing connection and concurrent read-only ones in this process, and other processes on
/// the same file at once (a reader open while a cron export runs) wait for each other's writes up to a
/// busy timeout instead of failing. There is no lock file. Every write is one short transaction; reads see
/// a consistent snapshot. The only SQL in riffle is in this module.
///
/// A store that cannot be used throws one `StoreError` naming the file and the reason; the file is never
/// deleted, truncated or overwritten, whatever it holds. Opening writes nothing to a store that is up to
/// date, so a store whose damage only a read finds is left as it was.
package final class SQLiteStore: Store {
    /// The store file, as the caller named it.
    package let path: String
    /// Read-only connections for snapshot reads, concurrent with each other and with `writer`. Declared
    /// before `writer`: a store released without `close()` releases them first (stored properties go in
    /// declaration order), so the writer is the last connection, whose close checkpoints the WAL.
    let readers: DatabasePool
    /// The one connection that writes. A `DatabaseQueue`, not a writable `DatabasePool`: GRDB's pool
    /// commits a `CREATE TABLE grdb_issue_102` / `DROP TABLE` at every open that finds no `-wal` file (its
    /// workaround for GRDB issues 102 and 1383), which a checkpoint then copies into the file — a write, at
    /// every start, to a store that may turn out to be damaged. The queue writes nothing until asked.
    let writer: DatabaseQueue
    /// The wall clock: first-seen times, refresh times, the `keep` horizon.
    let clock: @Sendable () -> Timestamp
    /// The most read marks kept per source; beyond it the oldest are dropped.
    let marksPerSource: Int

    /// The most write-ahead log, in bytes, that a store released without `close()` leaves for the next
    /// open instead of checkpointing it (see `deinit`): a few runs' pages (an export of 24 feeds writes
    /// about half a megabyte), whose recovery at the next open reads no more than this.
    static let walKeptAtClose = 4 << 20

    /// Opens the store at `path`, creating it (and its directory, mode 700; the file mode 600) when
    /// missing, and bringing its schema up to this build's. The file I/O runs on a dispatch queue, off the
    /// cooperative pool.
    package static func open(
        at path: String, busyTimeout: Duration = .seconds(5), marksPerSource: Int = StoreLimits.defaultMarksPerSource
    ) async throws(StoreError) -> SQLiteStore {
        let result: Result<SQLiteStore, StoreError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(StoreError) {
                    let store = try SQLiteStore(path: path, busyTimeout: busyTimeout, marksPerSource: marksPerSource)
                    continuation.resume(returning: .success(store))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Opens the store at `path` synchronously (blocking file I/O of a few milliseconds; from async code
    /// prefer `open(at:)`). `clock` is for tests.
    package init(
        path: String, busyTimeout: Duration = .seconds(5), marksPerSource: Int = StoreLimits.defaultMarksPerSource,
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StoreError) {
        self.path = path
        self.clock = clock
        self.marksPerSource = max(1, marksPerSource)
        do {
            try SQLiteStore.prepareFile(path)
            var configuration = Configuration()
            configuration.busyMode = .timeout(
                Double(busyTimeout.components.seconds) + Double(busyTimeout.components.attoseconds) / 1e18)
            configuration.label = "riffle.store"
            configuration.maximumReaderCount = 4
            configuration.prepareDatabase { db in
                // WAL with NORMAL is durable across process crashes (a kill -9 loses nothing committed).
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
                // A checkpoint every 4,000 pages (16 MB of WAL) instead of SQLite's 1,000: a page that many
                // transactions touch (an index's last leaf) is copied into the file, and synced, a quarter
                // as often while an export writes page after page.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = 4000")
            }
            writer = try DatabaseQueue(path: path, configuration: configuration)
            try SQLiteStore.enterWALMode(writer, path: path)
            var readOnly = configuration
            readOnly.readonly = true
            readers = try DatabasePool(path: path, configuration: readOnly)
        } catch {
            throw StoreError.from(error, path: path)
        }
        do {
            try migrate()
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Closing the store, which its last connection does when released, would checkpoint the WAL: copy
    /// it into the file with two `fdatasync`s, most of a short run's close. A WAL of at most
    /// `walKeptAtClose` bytes is left to the next open instead (SQLite reads it back, in proportion to its
    /// size), as a store killed at that moment would be left: every committed transaction is in it. A
    /// larger one is checkpointed and removed as before.
    deinit {
        writer.inDatabase { db in
            // No connection: `close()` closed it.
            guard let connection = db.sqliteConnection else { return }
            let size = riffle_sqlite3_wal_size(connection)
            guard size >= 0, size <= SQLiteStore.walKeptAtClose else { return }
            _ = riffle_sqlite3_checkpoint_on_close(connection, 0)
        }
    }

    /// Puts a new store (an empty file) into WAL mode; a store already in it, as every store riffle made
    /// is, is only asked, which writes nothing. The mode is kept in the file, so every later connection,
    /// the read-only ones too, opens in it.
    static func enterWALMode(_ writer: DatabaseQueue, path: String) throws {
        try writer.writeWithoutTransaction { db in
            guard try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" else { return }
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw StoreError.unwritable(path, detail: "WAL mode is not available: journal mode \(mode ?? "none")")
            }
        }
    }

    /// `duration` before `time`, in microseconds since the epoch (the store's time columns): the horizon
    /// of `store.keep` and of a stored page's freshness.
    static func microseconds(_ duration: Duration, before time: Timestamp) -> Int64 {
        time.microseconds &- duration.microseconds
    }

    /// Makes the directory and an empty private file when missing, then recognises what is there from its
    /// first 100 bytes (the SQLite header) before SQLite opens it: a file that is not a database, or is
    /// another program's, is refused here, untouched.
    static func prepareFile(_ path: String) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try FileSystem.createDirectories(String(path[..<slash]), mode: 0o700)
        }
        // O_EXCL: an existing file, whatever it holds, is never truncated. SQLite takes an empty file as an
        // empty database and gives its `-wal` and `-shm` files the same mode.
        do {
            Descriptor.close(try FileSystem.createExclusive(path, mode: 0o600))
        } catch {
            guard error.isAlreadyExists else { throw error }
        }
        // Another riffle may be making this store right now: a header it has half written, or tables
        // without the application id yet, settle within milliseconds. Only a file that stays so is refused.
        var attempts = 0
        while true {
            let header = try FileSystem.readPrefix(path, count: 100)
            switch StoreHeader.recognise(header) {
            case .empty, .riffleStore: return
            case .unsettled where attempts < 40:
                attempts += 1
                SystemClock.sleep(milliseconds: 50)
            case .unsettled(let final), .refused(let final):
                throw final == .notADatabase ? StoreError.notADatabase(path) : StoreError.foreignDatabase(path)
            }
        }
    }

    /// Refuses a store of a newer riffle or of another program, else applies the migrations it lacks.
    /// Two processes opening a fresh store at once both succeed: a migration another process applied
    /// meanwhile is rolled back here (`AppliedElsewhere`) and the applied list is read again.
    func migrate() throws {
        let migrator = StoreSchema.migrator()
        for _ in 0...StoreSchema.migrations.count + 1 {
            let state = try writer.read { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                // GRDB's own table is committed before the first migration, so it says nothing about whose
                // database this is.
                let tables =
                    try Int.fetchOne(
                        db, sql: "SELECT COUNT(*) FROM sqlite_master WHERE tbl_name NOT LIKE 'grdb\\_%' ESCAPE '\\'")
                    ?? 0
                let applied = try migrator.appliedIdentifiers(db)
                return (applicationID, tables, applied)
            }
            // The first migration sets the application id with the first tables, in one transaction.
            if state.0 != StoreSchema.applicationID, state.1 > 0 { throw StoreError.foreignDatabase(path) }
            let unknown = state.2.subtracting(StoreSchema.migrations.map(\.identifier))
            if !unknown.isEmpty { throw StoreError.newerSchema(path, unknown: Array(unknown)) }
            if state.2.count == StoreSchema.migrations.count { return }
            do {
                try migrator.migrate(writer)
            } catch is StoreSchema.AppliedElsewhere {
                continue
            }
        }
        throw StoreError.busy(path)
    }

    // MARK: - Access

    /// Runs `body` in one write transaction (immediate: it waits for other writers up to the busy
    /// timeout); any error rolls all of it back.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.write(body)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// Runs `body` on a snapshot, concurrently with other reads and with the writer.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await readers.read(body)
        } catch {
            throw StoreError.from(error, path: path)
        }
    }

    /// The row id of source `name`, creating a row (type unknown) when there is none.
    static func sourceID(_ db: Database, name: String) throws -> Int64 {
        if let id = try existingSourceID(db, name: name) { return id }
        try db.cachedStatement(sql: "INSERT INTO source (name) VALUES (?)").execute(arguments: [name])
        return db.lastInsertedRowID
    }

    /// The row id of source `name`, or `nil` when the store holds nothing for it.
    static func existingSourceID(_ db: Database, name: String) throws -> Int64? {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT source_id FROM source WHERE name = ?"), arguments: [name])
    }
}

extension SQLiteStore {
    /// Copies what the WAL holds into the main file as far as no other process's reader prevents it
    /// (a passive checkpoint: it never waits), then closes the store's connections; any later use throws.
    /// Without it, the connections close when the last reference to the store goes. A checkpoint that
    /// finds another process checkpointing (`SQLITE_BUSY`) is left to that one: what is committed is safe
    /// in the WAL either way.
    package func close() throws(StoreError) {
        do {
            try writer.writeWithoutTransaction { db in
                do {
                    _ = try db.checkpoint(.passive)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                    return
                }
            }
            try readers.close()
            try writer.close()
        } catch {
            throw StoreError.from(error, path: path)
        }
    }
}
