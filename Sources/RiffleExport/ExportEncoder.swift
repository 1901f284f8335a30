public import RiffleCore

/// Turns merged items into bytes, one format at a time, as a stream: `header`, then `item` for each
/// item, then `footer`. It holds no items, so memory does not grow with the feed.
public struct ExportEncoder: Sendable {
    public let format: ExportFormat
    private var count = 0

    public init(format: ExportFormat) { self.format = format }

    /// What comes before the first item.
    public func header(into out: inout [UInt8]) {
        switch format {
        case .json: out.append(UInt8(ascii: "["))
        case .ndjson: break
        case .jsonfeed:
            out.append(contentsOf: #"{"version":"https://jsonfeed.org/version/1.1","title":"riffle","items":["#.utf8)
        }
    }

    /// One item; `cursor` is the token that resumes right after it (a `MergePosition` token: written as it
    /// is, since its characters need no escaping).
    public mutating func item(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
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
    public func footer(into out: inout [UInt8]) {
        switch format {
        case .json: out.append(contentsOf: count == 0 ? "]\n".utf8 : "\n]\n".utf8)
        case .ndjson: break
        case .jsonfeed: out.append(contentsOf: count == 0 ? "]}\n".utf8 : "\n]}\n".utf8)
        }
    }

    /// `{"source","id","time","title","url","author","summary","tags","cursor","extra"}`, absent
    /// optional fields omitted.
    static func writeItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        let item = merged.item
        out.append(contentsOf: #"{"source":"#.utf8)
        JSONValue.writeString(merged.sourceName, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        JSONValue.writeString(item.id, to: &out)
        out.append(contentsOf: #","time":""#.utf8)
        out.append(contentsOf: item.time.rfc3339.utf8)
        out.append(contentsOf: #"","title":"#.utf8)
        JSONValue.writeString(item.title, to: &out)
        writeOptional("url", item.url, into: &out)
        writeOptional("author", item.author, into: &out)
        writeOptional("summary", item.summary, into: &out)
        if !item.tags.isEmpty {
            out.append(contentsOf: #","tags":"#.utf8)
            JSONValue.array(item.tags.map(JSONValue.string)).write(to: &out)
        }
        // A token is `rN.` and base64url: nothing in it needs escaping, so the scan for it is left out.
        assert(
            cursor.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        out.append(contentsOf: #","cursor":""#.utf8)
        out.append(contentsOf: cursor.utf8)
        out.append(UInt8(ascii: "\""))
        if !item.extra.isEmpty {
            out.append(contentsOf: #","extra":"#.utf8)
            JSONValue.object(item.extra).write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON Feed 1.1 item: string `id` (`SOURCE/ID`, unique across sources), `content_text` always
    /// present (the summary, else the title), `date_published` RFC 3339; riffle's fields in `_riffle`.
    static func writeFeedItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        let item = merged.item
        out.append(contentsOf: #"{"id":"#.utf8)
        JSONValue.writeString("\(merged.sourceName)/\(item.id)", to: &out)
        if let url = item.url {
            out.append(contentsOf: #","url":"#.utf8)
            JSONValue.writeString(url, to: &out)
        }
        out.append(contentsOf: #","title":"#.utf8)
        JSONValue.writeString(item.title, to: &out)
        out.append(contentsOf: #","content_text":"#.utf8)
        JSONValue.writeString(item.summary ?? item.title, to: &out)
        out.append(contentsOf: #","date_published":""#.utf8)
        out.append(contentsOf: item.time.rfc3339.utf8)
        out.append(UInt8(ascii: "\""))
        if let author = item.author {
            out.append(contentsOf: #","authors":[{"name":"#.utf8)
            JSONValue.writeString(author, to: &out)
            out.append(contentsOf: "}]".utf8)
        }
        if !item.tags.isEmpty {
            out.append(contentsOf: #","tags":"#.utf8)
            JSONValue.array(item.tags.map(JSONValue.string)).write(to: &out)
        }
        out.append(contentsOf: #","_riffle":"#.utf8)
        writeItem(merged, cursor: cursor, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func writeOptional(_ key: String, _ value: String?, into out: inout [UInt8]) {
        guard let value else { return }
        out.append(contentsOf: ",\"\(key)\":".utf8)
        JSONValue.writeString(value, to: &out)
    }
}
