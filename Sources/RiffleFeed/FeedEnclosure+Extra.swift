package import RiffleBytes
package import RiffleCore

/// How an item keeps its enclosures: `extra.enclosures`, a list of `{url, type, length, duration}` with what
/// the feed gave (length in bytes, duration in seconds). The feed adapter writes it; the item view, `e N` and
/// the JSON Feed export read it back — one format, written and read here.
extension FeedEnclosure {
    /// The most enclosures read back from an item (the feed adapter keeps at most `limit`; another adapter's
    /// extra may hold more).
    static let readLimit = 50

    /// This enclosure as one member of `extra.enclosures`.
    package var extraValue: JSONValue {
        var object: [String: JSONValue] = ["url": .string(url)]
        if let type, !type.isEmpty { object["type"] = .string(type) }
        if let length { object["length"] = .int(length) }
        if let duration { object["duration"] = .int(duration) }
        return .object(object)
    }

    /// An item's enclosures, in its `extra.enclosures` order: members without a URL are passed over, and a
    /// length or duration that is not a whole non-negative number reads as absent. Empty when it has none.
    package static func stored(in item: Item) -> [FeedEnclosure] {
        // An adapter's item holds its extra as text: read it only when it may name enclosures.
        guard item.extraJSONText?.contains(#""enclosures":"#) ?? true else { return [] }
        return stored(in: item.extra)
    }

    /// The enclosures of an item's `extra`, already decoded.
    package static func stored(in extra: [String: JSONValue]) -> [FeedEnclosure] {
        guard case .array(let list)? = extra["enclosures"] else { return [] }
        return list.prefix(readLimit).compactMap { value in
            guard let url = value["url"]?.stringValue, !url.isEmpty else { return nil }
            return FeedEnclosure(
                url: url, type: value["type"]?.stringValue, length: wholeNumber(value["length"]),
                duration: wholeNumber(value["duration"]))
        }
    }

    private static func wholeNumber(_ value: JSONValue?) -> Int64? {
        guard let text = value?.scalarText, let number = Int64(text), number >= 0 else { return nil }
        return number
    }
}
