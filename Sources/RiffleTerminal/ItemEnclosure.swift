package import RiffleCore

/// One file a feed item carries, as its `extra.enclosures` lists it (written by the feed adapter): for the
/// item view's `enclosures` section and for `e N.M`. Every field is remote, untrusted text or a number.
package struct ItemEnclosure: Sendable, Hashable {
    package var url: String
    package var type: String?
    /// Bytes.
    package var length: Int64?
    /// Seconds.
    package var duration: Int64?

    package init(url: String, type: String? = nil, length: Int64? = nil, duration: Int64? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }

    /// The most enclosures read from an item (the adapter keeps at most 20).
    static let limit = 50

    /// The item's enclosures in its `extra.enclosures` order; empty when it has none.
    package static func all(in item: Item) -> [ItemEnclosure] {
        // An adapter's item holds its extra as text: read it only when it may name enclosures.
        guard item.extraJSONText?.contains(#""enclosures":"#) ?? true,
            case .array(let list)? = item.extra["enclosures"]
        else { return [] }
        return list.prefix(limit).compactMap { value in
            guard let url = value["url"]?.stringValue, !url.isEmpty else { return nil }
            return ItemEnclosure(
                url: url, type: value["type"]?.stringValue, length: number(value["length"]?.scalarText),
                duration: number(value["duration"]?.scalarText))
        }
    }

    /// A whole, non-negative number's text as the number; `nil` for anything else.
    private static func number(_ text: String?) -> Int64? {
        guard let text, let number = Int64(text), number >= 0 else { return nil }
        return number
    }

    /// A size as people read it, in decimal units: `812 B`, `12.3 kB`, `12.3 MB`, `1.2 GB`.
    package static func size(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(bytes) B" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// A playing time: `0:45`, `10:00`, `1:02:03`.
    package static func duration(_ seconds: Int64) -> String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
