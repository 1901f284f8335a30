internal import RiffleBytes
internal import RiffleCore
internal import RiffleFeed

/// Turns merged items into bytes, one format at a time, as a stream: `header`, then `item` for each
/// item, then `footer`. It holds no items, so memory does not grow with the feed.
///
/// Each item is written into a `ByteBuffer` in a few parts, each through a `ByteWriter` whose room is the
/// most the part can take (`JSONString.bound` per text): a capacity check per part rather than per append,
/// and no `String` per item. A bound counted short traps at the write that would pass it.
struct ExportEncoder: Sendable {
    let format: ExportFormat
    private var count = 0
    /// The date of the last time written, reused for the next on the same day (`Timestamp.RFC3339Day`).
    private var day = Timestamp.RFC3339Day()

    init(format: ExportFormat) { self.format = format }

    /// Room for an item's constant parts: the member names, punctuation and its time, with margin.
    private static let constantBound = 192 + Timestamp.rfc3339Bound

    /// What comes before the first item.
    func header(into out: ByteBuffer) {
        switch format {
        case .json: out.append("[")
        case .ndjson: break
        case .jsonfeed: out.append(#"{"version":"https://jsonfeed.org/version/1.1","title":"riffle","items":["#)
        }
    }

    /// One item, its cursor (the token that resumes right after it) appended by `writeCursor`
    /// (`MergedFeed.Reader.writeToken`: the token's bytes copied in, written as they are, since a token's
    /// characters need no escaping).
    mutating func item(_ merged: MergedItem, into out: ByteBuffer, cursor writeCursor: (ByteBuffer) -> Void) {
        switch format {
        case .json:
            out.append(count == 0 ? "\n" : ",\n")
            Self.writeItem(merged, into: out, day: &day, cursor: writeCursor)
        case .ndjson:
            Self.writeItem(merged, into: out, day: &day, cursor: writeCursor)
            out.append("\n")
        case .jsonfeed:
            out.append(count == 0 ? "\n" : ",\n")
            Self.writeFeedItem(merged, into: out, day: &day, cursor: writeCursor)
        }
        count += 1
    }

    /// What comes after the last item.
    func footer(into out: ByteBuffer) {
        switch format {
        case .json: out.append(count == 0 ? "]\n" : "\n]\n")
        case .ndjson: break
        case .jsonfeed: out.append(count == 0 ? "]}\n" : "\n]}\n")
        }
    }

    /// `writeItem` with the cursor given as text, appended to an array (tests).
    static func writeItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        let buffer = ByteBuffer(capacity: 1024)
        var day = Timestamp.RFC3339Day()
        writeItem(merged, into: buffer, day: &day) { $0.append(utf8: cursor) }
        out.append(contentsOf: buffer.bytes)
    }

    /// `{"source","id","time","title","url","author","summary","tags","cursor","extra"}`, absent
    /// optional fields omitted. Written straight into `out`: the item's texts found once
    /// (`Item.withTexts`), everything up to the cursor in one part, the cursor by `writeCursor`, then the rest.
    /// The time's date is `day`'s when it is the same day (`Timestamp.writeRFC3339(to:reusing:)`).
    static func writeItem(
        _ merged: MergedItem, into out: ByteBuffer, day: inout Timestamp.RFC3339Day,
        cursor writeCursor: (ByteBuffer) -> Void
    ) {
        let item = merged.item
        let source = merged.sourceName
        let id = item.id
        item.withTexts { texts in
            let bound =
                constantBound + JSONString.bound(source.utf8.count) + JSONString.bound(id.utf8.count)
                + JSONString.bound(texts.textByteCount) + 8 + 3 * texts.tagCount
            out.write(reserving: bound) { out in
                out.put(#"{"source":"#)
                JSONString.write(source, to: &out)
                out.put(#","id":"#)
                JSONString.write(id, to: &out)
                out.put(#","time":""#)
                item.time.writeRFC3339(to: &out, reusing: &day)
                out.put(#"","title":"#)
                texts.writeJSON(.title, to: &out)
                if texts.has(.url) {
                    out.put(#","url":"#)
                    texts.writeJSON(.url, to: &out)
                }
                if texts.has(.author) {
                    out.put(#","author":"#)
                    texts.writeJSON(.author, to: &out)
                }
                if texts.has(.summary) {
                    out.put(#","summary":"#)
                    texts.writeJSON(.summary, to: &out)
                }
                writeTags(texts, to: &out)
                out.put(#","cursor":""#)
            }
            // A token is `rN.` and base64url: nothing in it needs escaping, so the scan for it is left out.
            writeCursor(out)
            // An adapter's item holds `extra` as the JSON written here; any other is written from its values.
            if let count = texts.extraJSONCount {
                out.write(reserving: count + 16) { out in
                    out.put(#"","extra":"#)
                    texts.writeExtraJSON(to: &out)
                    out.put(UInt8(ascii: "}"))
                }
                return
            }
            let extra = item.extra
            guard !extra.isEmpty else {
                out.append("\"}")
                return
            }
            var text: [UInt8] = []
            JSONValue.object(extra).write(to: &text)
            out.append(#"","extra":"#)
            out.append(text)
            out.append("}")
        }
    }

    /// `,"tags":[…]` when there are tags: the bytes `JSONValue.array` of strings writes, without
    /// building it, each tag written from the item's bytes. Needs `JSONString.bound` of the tags' bytes
    /// and 3 a tag besides the name.
    private static func writeTags(_ texts: Item.Texts, to out: inout ByteWriter) {
        guard texts.tagCount > 0 else { return }
        out.put(#","tags":["#)
        for position in 0..<texts.tagCount {
            if position > 0 { out.put(UInt8(ascii: ",")) }
            texts.writeTagJSON(position, to: &out)
        }
        out.put(UInt8(ascii: "]"))
    }

    /// JSON Feed 1.1 `attachments` from a feed item's `extra.enclosures` (`url`, `mime_type` — the feed's
    /// type, else `application/octet-stream`, as the field is required —, `size_in_bytes`,
    /// `duration_in_seconds`); `nil` when it has none.
    static func attachments(in extra: [String: JSONValue]) -> JSONValue? {
        let list: [JSONValue] = FeedEnclosure.stored(in: extra).map { enclosure in
            var object: [String: JSONValue] = [
                "url": .string(enclosure.url), "mime_type": .string(enclosure.type ?? "application/octet-stream"),
            ]
            if let length = enclosure.length { object["size_in_bytes"] = .int(length) }
            if let duration = enclosure.duration { object["duration_in_seconds"] = .int(duration) }
            return .object(object)
        }
        return list.isEmpty ? nil : .array(list)
    }

    /// A feed item's `extra`, decoded once for the JSON Feed fields it may give (`content_html`,
    /// `attachments`); empty when its text names neither (an adapter's item holds its extra as text).
    static func feedExtra(of item: Item) -> [String: JSONValue] {
        guard let text = item.extraJSONText else { return item.extra }
        guard text.contains(#""content_html":"#) || text.contains(#""enclosures":"#) else { return [:] }
        return item.extra
    }

    /// A JSON Feed 1.1 item: string `id` (`SOURCE/ID`, unique across sources), `content_text` always
    /// present (the summary, else the title), `content_html` when the feed gave HTML with markup,
    /// `date_published` RFC 3339; riffle's fields in `_riffle`.
    static func writeFeedItem(
        _ merged: MergedItem, into out: ByteBuffer, day: inout Timestamp.RFC3339Day,
        cursor writeCursor: (ByteBuffer) -> Void
    ) {
        let item = merged.item
        let feedID = "\(merged.sourceName)/\(item.id)"
        item.withTexts { texts in
            let bound =
                constantBound + JSONString.bound(feedID.utf8.count) + 2 * JSONString.bound(texts.textByteCount)
                + 8 + 3 * texts.tagCount
            out.write(reserving: bound) { out in
                out.put(#"{"id":"#)
                JSONString.write(feedID, to: &out)
                if texts.has(.url) {
                    out.put(#","url":"#)
                    texts.writeJSON(.url, to: &out)
                }
                out.put(#","title":"#)
                texts.writeJSON(.title, to: &out)
                out.put(#","content_text":"#)
                texts.writeSummaryOrTitleJSON(to: &out)
                out.put(#","date_published":""#)
                item.time.writeRFC3339(to: &out, reusing: &day)
                out.put(UInt8(ascii: "\""))
                if texts.has(.author) {
                    out.put(#","authors":[{"name":"#)
                    texts.writeJSON(.author, to: &out)
                    out.put("}]")
                }
                writeTags(texts, to: &out)
            }
        }
        let extra = feedExtra(of: item)
        if let html = extra["content_html"]?.stringValue {
            out.append(#","content_html":"#)
            var bytes: [UInt8] = []
            JSONValue.string(html).write(to: &bytes)
            out.append(bytes)
        }
        if let attachments = attachments(in: extra) {
            out.append(#","attachments":"#)
            var bytes: [UInt8] = []
            attachments.write(to: &bytes)
            out.append(bytes)
        }
        out.append(#","_riffle":"#)
        writeItem(merged, into: out, day: &day, cursor: writeCursor)
        out.append("}")
    }
}
