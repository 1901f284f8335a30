import GRDB

/// The store's schema as data: an ordered list of migrations, each an identifier and its SQL, applied by
/// GRDB's `DatabaseMigrator` (each in its own immediate transaction, recorded in `grdb_migrations`).
///
/// Migrations are append-only: a released one is never edited, a change is a new one at the end. A store
/// holding an identifier this list lacks was written by a newer riffle and is refused, never altered.
enum StoreSchema {
    /// One schema step.
    struct Migration: Sendable {
        var identifier: String
        var sql: String
    }

    /// `PRAGMA application_id` of a riffle store ("RFLE"): how a riffle store is told from another
    /// program's SQLite database before anything is written to it.
    static let applicationID: Int32 = 0x5246_4C45

    static let migrations: [Migration] = [
        Migration(
            identifier: "v1-items",
            sql: """
                PRAGMA application_id = \(applicationID);
                -- One row per configured source, by name. The position is the head run's: the cursor of the
                -- page after the deepest stored page, written by run `position_run`, which reached back to
                -- `position_oldest`. `refresh_error` NULL with `refreshed_at` set means the refresh was ok.
                CREATE TABLE source (
                    source_id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    type TEXT NOT NULL DEFAULT '',
                    item_count INTEGER NOT NULL DEFAULT 0,
                    run_serial INTEGER NOT NULL DEFAULT 0,
                    position_run INTEGER,
                    position_cursor TEXT,
                    position_has_more INTEGER NOT NULL DEFAULT 1,
                    position_oldest INTEGER,
                    refreshed_at INTEGER,
                    refresh_error TEXT
                );
                -- The newest version of each item. Times are microseconds since the epoch; tags and extra
                -- are riffle's JSON (NULL when empty); `run` is the latest run that listed the item.
                CREATE TABLE item (
                    source_id INTEGER NOT NULL REFERENCES source(source_id) ON DELETE CASCADE,
                    item_id TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    title TEXT NOT NULL,
                    url TEXT,
                    author TEXT,
                    summary TEXT,
                    tags TEXT,
                    extra TEXT,
                    first_seen INTEGER NOT NULL,
                    run INTEGER NOT NULL,
                    UNIQUE (source_id, item_id)
                );
                -- Newest first per source, ties by id: the offline view's keyset order.
                CREATE INDEX item_by_time ON item (source_id, time DESC, item_id);
                CREATE TRIGGER item_counted_in AFTER INSERT ON item BEGIN
                    UPDATE source SET item_count = item_count + 1 WHERE source_id = NEW.source_id;
                END;
                CREATE TRIGGER item_counted_out AFTER DELETE ON item BEGIN
                    UPDATE source SET item_count = item_count - 1 WHERE source_id = OLD.source_id;
                END;
                -- A read mark holds the time of the version read: a newer time is unread again. Marks
                -- outlive their items (an item dropped by retention and listed again stays read).
                CREATE TABLE read_mark (
                    source_id INTEGER NOT NULL REFERENCES source(source_id) ON DELETE CASCADE,
                    item_id TEXT NOT NULL,
                    time INTEGER NOT NULL,
                    PRIMARY KEY (source_id, item_id)
                ) WITHOUT ROWID;
                CREATE INDEX read_mark_by_time ON read_mark (source_id, time);
                """),
        Migration(
            identifier: "v2-feeds",
            sql: """
                -- What the feed adapter keeps per document of a source (a feed may page over several).
                CREATE TABLE feed_document (
                    source_id INTEGER NOT NULL REFERENCES source(source_id) ON DELETE CASCADE,
                    url TEXT NOT NULL,
                    etag TEXT,
                    last_modified TEXT,
                    next_request_at INTEGER,
                    PRIMARY KEY (source_id, url)
                ) WITHOUT ROWID;
                -- When an entry was first seen: the time of an entry that carries none, kept across re-reads.
                CREATE TABLE entry_seen (
                    source_id INTEGER NOT NULL REFERENCES source(source_id) ON DELETE CASCADE,
                    entry_id TEXT NOT NULL,
                    first_seen INTEGER NOT NULL,
                    PRIMARY KEY (source_id, entry_id)
                ) WITHOUT ROWID;
                CREATE INDEX entry_seen_by_time ON entry_seen (source_id, first_seen);
                """),
        Migration(
            identifier: "v3-document-pages",
            sql: """
                -- What the last `200` of a feed document listed, so that a `304` is answered from the store
                -- without parsing: the ids of its items (riffle's JSON array) and the page after it.
                ALTER TABLE feed_document ADD COLUMN item_ids TEXT;
                ALTER TABLE feed_document ADD COLUMN next_cursor TEXT;
                ALTER TABLE feed_document ADD COLUMN has_more INTEGER NOT NULL DEFAULT 0;
                -- Where the source listed each item (run, then place in the run), so that items of one
                -- time come back from the store in the order the source gave them, as the network view
                -- merges them.
                ALTER TABLE item ADD COLUMN rank INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX item_by_rank ON item (source_id, time DESC, rank, item_id);
                """),
        Migration(
            identifier: "v4-pages",
            sql: """
                -- The pages of each source's latest run from its head, by what they were asked with
                -- (`request`: 'h' for the head page, 'c' and the cursor for another), so that a resumed
                -- export (`--after`) takes a page it needs from the store instead of the network while the
                -- page is fresh. The items are the run's rows of rank `first_rank` onwards (`item_count`
                -- of them, times between `oldest` and `newest`); `shape` is a fingerprint of what else
                -- decides a page's content (the source's settings, `--since`). Earlier runs' pages go
                -- when a run begins.
                CREATE TABLE page (
                    source_id INTEGER NOT NULL REFERENCES source(source_id) ON DELETE CASCADE,
                    request TEXT NOT NULL,
                    page_size INTEGER NOT NULL,
                    shape INTEGER NOT NULL,
                    run INTEGER NOT NULL,
                    first_rank INTEGER NOT NULL,
                    item_count INTEGER NOT NULL,
                    newest INTEGER,
                    oldest INTEGER,
                    next_cursor TEXT,
                    has_more INTEGER NOT NULL,
                    fetched_at INTEGER NOT NULL,
                    PRIMARY KEY (source_id, request, page_size, shape)
                ) WITHOUT ROWID;
                -- `item_by_rank` serves every query `item_by_time` served (it begins with the same columns):
                -- one index less to write per item.
                DROP INDEX item_by_time;
                """),
        Migration(
            identifier: "v5-read-through",
            sql: """
                -- "Everything read up to now" (the reader's `A`) per source: every version of an item with a
                -- time at or before `read_through` is read, stored or not yet fetched; a newer one is not.
                ALTER TABLE source ADD COLUMN read_through INTEGER;
                """),
        Migration(
            identifier: "v6-position-identity",
            sql: """
                -- The identity of the source the position was read from (`StoreSource.identity`: its
                -- adapter's page identity, host and port included): a position is used only by a source of
                -- the same identity. NULL (positions of earlier versions): unknown, so not used.
                ALTER TABLE source ADD COLUMN position_identity INTEGER;
                """),
    ]

    /// Thrown inside a migration that another process applied between our reading of `grdb_migrations`
    /// and our transaction: rolls ours back, and the open reads the applied list again.
    struct AppliedElsewhere: Error {}

    /// A migrator with the first `count` migrations (all by default). Each migration first checks, inside
    /// its own transaction, that no other process has applied it meanwhile, so none ever runs twice.
    static func migrator(upTo count: Int = migrations.count) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in migrations.prefix(count) {
            migrator.registerMigration(migration.identifier) { db in
                let applied = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM grdb_migrations WHERE identifier = ?", arguments: [migration.identifier])
                if applied == true { throw AppliedElsewhere() }
                try db.execute(sql: migration.sql)
            }
        }
        return migrator
    }
}
