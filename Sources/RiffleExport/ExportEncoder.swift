internal import RiffleCore

/// Turns merged items into bytes, one format at a time, as a stream: `header`, then `item` for each
/// item, then `footer`. It holds no items, so memory does not grow with the feed.
struct ExportEncoder: Sendable {
    let format: ExportFormat
    private var count = 0

    init(format: ExportFormat) { self.format = format }

    /// What comes before the first item.
    func header(into out: inout [UInt8]) {
        switch format {
        case .json: out.append(UInt8(ascii: "["))
        case .ndjson: break
        case .jsonfeed:
            out.append(
                contentsOf: #"{"version":"https://jsonfeed.org/version/1.1","title":"riffle","items":["#
                    .utf8)
        }
    }

    /// One item; `cursor` is the token that resumes right after it (a `MergePosition` token: written as it
    /// is, since its characters need no escaping).
    mutating func item(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        switch format {
        case .json:
            out.append(contentsOf: count == 0 ? "\n".utf8 : ",\n".utf8)
            Self.writeItem(merged, cursor: cursor, into: &out)
        case .ndjson:
            Self.writeItem(merged, cursor: cursor, into: &out)
            out.append(UInt8(ascii: "\n"))
        case .jsonfeed:
            out.append(contentsOf: count == 0 ? "\n".utf8 : ",\n".utf8)
            Self.writeFeedItem(merged, cursor: cursor, into: &out)
        }
        count += 1
    }

    /// What comes after the last item.
    func footer(into out: inout [UInt8]) {
        switch format {
        case .json: out.append(contentsOf: count == 0 ? "]\n".utf8 : "\n]\n".utf8)
        case .ndjson: break
        case .jsonfeed: out.append(contentsOf: count == 0 ? "]}\n".utf8 : "\n]}\n".utf8)
        }
    }

    /// `{"source","id","time","title","url","author","summary","tags","cursor","extra"}`, absent
    /// optional fields omitted. Written straight into `out`: no text is built per item but the cursor.
    static func writeItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        let item = merged.item
        out.append(contentsOf: #"{"source":"#.utf8)
        JSONValue.writeString(merged.sourceName, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        JSONValue.writeString(item.id, to: &out)
        out.append(contentsOf: #","time":""#.utf8)
        item.time.writeRFC3339(to: &out)
        out.append(contentsOf: #"","title":"#.utf8)
        writeText(item, .title, into: &out)
        writeText(item, .url, named: #","url":"#, into: &out)
        writeText(item, .author, named: #","author":"#, into: &out)
        writeText(item, .summary, named: #","summary":"#, into: &out)
        writeTags(item, into: &out)
        // A token is `rN.` and base64url: nothing in it needs escaping, so the scan for it is left out.
        assert(
            cursor.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        out.append(contentsOf: #","cursor":""#.utf8)
        out.append(contentsOf: cursor.utf8)
        out.append(UInt8(ascii: "\""))
        // An adapter's item holds `extra` as the JSON written here; any other is written from its values.
        let wroteText: Void? = item.withExtraJSON { text in
            out.append(contentsOf: #","extra":"#.utf8)
            out.append(contentsOf: text)
        }
        if wroteText == nil {
            let extra = item.extra
            if !extra.isEmpty {
                out.append(contentsOf: #","extra":"#.utf8)
                JSONValue.object(extra).write(to: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `name` (a member's `,"key":`, or nothing) and `field` as a JSON string, written from the item's
    /// bytes, when the field is present; returns whether it was.
    @discardableResult
    private static func writeText(
        _ item: Item, _ field: Item.TextField, named name: String = "", into out: inout [UInt8]
    ) -> Bool {
        let written: Void? = item.withUTF8(field) { bytes in
            out.append(contentsOf: name.utf8)
            JSONValue.writeString(utf8: bytes, to: &out)
        }
        return written != nil
    }

    /// `,"tags":[…]` when there are tags: the bytes `JSONValue.array` of strings writes, without
    /// building it, each tag written from the item's bytes.
    private static func writeTags(_ item: Item, into out: inout [UInt8]) {
        guard item.tagCount > 0 else { return }
        out.append(contentsOf: #","tags":["#.utf8)
        for position in 0..<item.tagCount {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            item.withTagUTF8(at: position) { JSONValue.writeString(utf8: $0, to: &out) }
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON Feed 1.1 item: string `id` (`SOURCE/ID`, unique across sources), `content_text` always
    /// present (the summary, else the title), `date_published` RFC 3339; riffle's fields in `_riffle`.
    static func writeFeedItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        let item = merged.item
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONValue.writeString("\(merged.sourceName)/\(item.id)", to: &out)
        writeText(item, .url, named: #","url":"#, into: &out)
        out.append(contentsOf: #","title":"#.utf8)
        writeText(item, .title, into: &out)
        out.append(contentsOf: #","content_text":"#.utf8)
        if !writeText(item, .summary, into: &out) { writeText(item, .title, into: &out) }
        out.append(contentsOf: #","date_published":""#.utf8)
        item.time.writeRFC3339(to: &out)
        out.append(UInt8(ascii: "\""))
        if writeText(item, .author, named: #","authors":[{"name":"#, into: &out) {
            out.append(contentsOf: "}]".utf8)
        }
        writeTags(item, into: &out)
        out.append(contentsOf: #","_riffle":"#.utf8)
        writeItem(merged, cursor: cursor, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
