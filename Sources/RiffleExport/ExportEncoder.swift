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
        JSONValue.writeString(item.title, to: &out)
        if let url = item.url {
            out.append(contentsOf: #","url":"#.utf8)
            JSONValue.writeString(url, to: &out)
        }
        if let author = item.author {
            out.append(contentsOf: #","author":"#.utf8)
            JSONValue.writeString(author, to: &out)
        }
        if let summary = item.summary {
            out.append(contentsOf: #","summary":"#.utf8)
            JSONValue.writeString(summary, to: &out)
        }
        writeTags(item.tags, into: &out)
        // A token is `rN.` and base64url: nothing in it needs escaping, so the scan for it is left out.
        assert(
            cursor.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
        out.append(contentsOf: #","cursor":""#.utf8)
        out.append(contentsOf: cursor.utf8)
        out.append(UInt8(ascii: "\""))
        let extra = item.extra
        if !extra.isEmpty {
            out.append(contentsOf: #","extra":"#.utf8)
            JSONValue.object(extra).write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `,"tags":[…]` when there are tags: the bytes `JSONValue.array` of strings writes, without
    /// building it.
    private static func writeTags(_ tags: [String], into out: inout [UInt8]) {
        guard !tags.isEmpty else { return }
        out.append(contentsOf: #","tags":["#.utf8)
        for (position, tag) in tags.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(tag, to: &out)
        }
        out.append(UInt8(ascii: "]"))
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
        item.time.writeRFC3339(to: &out)
        out.append(UInt8(ascii: "\""))
        if let author = item.author {
            out.append(contentsOf: #","authors":[{"name":"#.utf8)
            JSONValue.writeString(author, to: &out)
            out.append(contentsOf: "}]".utf8)
        }
        writeTags(item.tags, into: &out)
        out.append(contentsOf: #","_riffle":"#.utf8)
        writeItem(merged, cursor: cursor, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
