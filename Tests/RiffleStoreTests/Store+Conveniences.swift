import GRDB
import RiffleCore

@testable import RiffleStore
@testable import RiffleStoreKit

/// Conveniences the store tests ask with; riffle itself never needs them, so they live here and not in
/// the product's modules (no test-only API there). Those on `Store` hold for every backend.
extension Store {
    /// The names of every source the store holds something for, sorted.
    func sourceNames() async throws(StoreError) -> [String] {
        try await summaries().map(\.name)
    }

    /// Whether this version of the item was marked read (a mark for an older version does not count).
    func isRead(_ key: ItemVersion) async throws(StoreError) -> Bool {
        try await readStates(of: [key])[0]
    }
}

extension SQLiteStore {
    /// Forgets everything stored for `source` (items, read marks, position, feed state: the schema's
    /// cascade). Returns whether there was anything.
    @discardableResult
    func removeSource(named source: String) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM source WHERE name = ?", arguments: [source])
            return db.changesCount > 0
        }
    }

    /// Saves the feed adapter's state for one document of `source` on its own (a `304 Not Modified`, a
    /// new earliest-next-request time). With a page, pass it to `SourceRun.commit` instead.
    func saveFeedDocument(_ state: DocumentValidators, of source: String) async throws(StoreError) {
        try await write { db in
            try SQLiteStore.saveFeedDocument(db, sourceID: SQLiteStore.sourceID(db, name: source), state)
        }
    }
}
