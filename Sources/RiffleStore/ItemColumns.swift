import GRDB
import RiffleBytes
import RiffleCore
package import RiffleStoreKit

/// How an `Item` maps to the `item` table's columns: times as microseconds, tags and extra as riffle's own
/// JSON text (`NULL` when empty), so every export field comes back exactly as it went in.
enum ItemColumns {
    /// The columns `decode` reads, in its order.
    static let select = "item_id, time, title, url, author, summary, tags, extra"

    static func tagsText(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : JSONValue.array(tags.map { .string($0) }).jsonText
    }

    /// The `extra` column of `item`: an adapter's item's JSON text as it is — the bytes parsing it and
    /// writing it again would give (it holds no `null` member, keys sorted), without that round trip per
    /// item — else the dictionary written.
    static func extraText(_ item: Item) -> String? {
        if let text = item.extraJSONText { return text }
        let extra = item.extra
        return extra.isEmpty ? nil : JSONValue.object(extra).jsonText
    }

    /// The item in `row` (columns as in `select`). Tags or extra that are not the JSON the store wrote mean
    /// the file was altered behind riffle's back: a corrupt store.
    static func decode(_ row: Row) throws -> Item {
        var tags: [String] = []
        if let text: String = row[6] {
            guard case .array(let values) = try? JSONValue(parsing: text) else { throw DamagedColumn(name: "tags") }
            tags = values.compactMap(\.stringValue)
        }
        var extra: [String: JSONValue] = [:]
        if let text: String = row[7] {
            guard case .object(let members) = try? JSONValue(parsing: text) else {
                throw DamagedColumn(name: "extra")
            }
            extra = members
        }
        return Item(
            id: row[0], time: Timestamp(microseconds: row[1]), title: row[2], url: row[3], author: row[4],
            summary: row[5], tags: tags, extra: extra)
    }

    /// A stored column that does not hold what the store writes there.
    struct DamagedColumn: Error, CustomStringConvertible {
        var name: String
        var description: String { "item column \(name) holds something riffle did not write" }
    }
}
