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
            Self.append(#"{"version":"https://jsonfeed.org/version/1.1","title":"riffle","items":["#, to: &out)
        }
    }

    /// One item; `cursor` is the token that resumes right after it (a `MergePosition` token: written as it
    /// is, since its characters need no escaping).
    mutating func item(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        item(merged, into: &out) { Self.append(cursor, to: &$0) }
    }

    /// One item, its cursor appended by `writeCursor` (`MergedFeed.Reader.writeToken`: the token's bytes
    /// straight into `out`, without a `String` per item).
    mutating func item(_ merged: MergedItem, into out: inout [UInt8], cursor writeCursor: (inout [UInt8]) -> Void) {
        switch format {
        case .json:
            Self.append(count == 0 ? "\n" : ",\n", to: &out)
            Self.writeItem(merged, into: &out, cursor: writeCursor)
        case .ndjson:
            Self.writeItem(merged, into: &out, cursor: writeCursor)
            out.append(UInt8(ascii: "\n"))
        case .jsonfeed:
            Self.append(count == 0 ? "\n" : ",\n", to: &out)
            Self.writeFeedItem(merged, into: &out, cursor: writeCursor)
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

    /// Appends a constant's bytes in one copy: `append(contentsOf: "…".utf8)` went through the generic
    /// sequence append, a tenth of the encoding's instructions (issue 17).
    @inline(__always)
    static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Appends a text's UTF-8 bytes as they are, in one copy.
    @inline(__always)
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// `writeItem` with the cursor given as text (tests, and callers that hold a token).
    static func writeItem(_ merged: MergedItem, cursor: String, into out: inout [UInt8]) {
        writeItem(merged, into: &out) { append(cursor, to: &$0) }
    }

    /// `{"source","id","time","title","url","author","summary","tags","cursor","extra"}`, absent
    /// optional fields omitted. Written straight into `out`: no text is built per item, the item's texts
    /// found once (`Item.withTexts`), the cursor appended by `writeCursor`.
    static func writeItem(
        _ merged: MergedItem, into out: inout [UInt8], cursor writeCursor: (inout [UInt8]) -> Void
    ) {
        let item = merged.item
        append(#"{"source":"#, to: &out)
        JSONValue.writeString(merged.sourceName, to: &out)
        append(#","id":"#, to: &out)
        JSONValue.writeString(item.id, to: &out)
        append(#","time":""#, to: &out)
        item.time.writeRFC3339(to: &out)
        append(#"","title":"#, to: &out)
        let hasExtraJSON = item.withTexts { texts in
            JSONValue.writeString(utf8: texts.title, to: &out)
            if let url = texts.url {
                append(#","url":"#, to: &out)
                JSONValue.writeString(utf8: url, to: &out)
            }
            if let author = texts.author {
                append(#","author":"#, to: &out)
                JSONValue.writeString(utf8: author, to: &out)
            }
            if let summary = texts.summary {
                append(#","summary":"#, to: &out)
                JSONValue.writeString(utf8: summary, to: &out)
            }
            writeTags(texts, into: &out)
            // A token is `rN.` and base64url: nothing in it needs escaping, so the scan for it is left out.
            append(#","cursor":""#, to: &out)
            let cursorStart = out.count
            writeCursor(&out)
            assert(
                out[cursorStart...].allSatisfy {
                    $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
                })
            out.append(UInt8(ascii: "\""))
            // An adapter's item holds `extra` as the JSON written here; any other is written from its values.
            guard let text = texts.extraJSON else { return false }
            append(#","extra":"#, to: &out)
            out.append(contentsOf: text)
            return true
        }
        if !hasExtraJSON {
            let extra = item.extra
            if !extra.isEmpty {
                append(#","extra":"#, to: &out)
                JSONValue.object(extra).write(to: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `,"tags":[…]` when there are tags: the bytes `JSONValue.array` of strings writes, without
    /// building it, each tag written from the item's bytes.
    private static func writeTags(_ texts: Item.Texts, into out: inout [UInt8]) {
        guard texts.tagCount > 0 else { return }
        append(#","tags":["#, to: &out)
        for position in 0..<texts.tagCount {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(utf8: texts.tag(position), to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A JSON Feed 1.1 item: string `id` (`SOURCE/ID`, unique across sources), `content_text` always
    /// present (the summary, else the title), `date_published` RFC 3339; riffle's fields in `_riffle`.
    static func writeFeedItem(
        _ merged: MergedItem, into out: inout [UInt8], cursor writeCursor: (inout [UInt8]) -> Void
    ) {
        let item = merged.item
        append(#"{"id":"#, to: &out)
        JSONValue.writeString("\(merged.sourceName)/\(item.id)", to: &out)
        item.withTexts { texts in
            if let url = texts.url {
                append(#","url":"#, to: &out)
                JSONValue.writeString(utf8: url, to: &out)
            }
            append(#","title":"#, to: &out)
            JSONValue.writeString(utf8: texts.title, to: &out)
            append(#","content_text":"#, to: &out)
            JSONValue.writeString(utf8: texts.summary ?? texts.title, to: &out)
            append(#","date_published":""#, to: &out)
            item.time.writeRFC3339(to: &out)
            out.append(UInt8(ascii: "\""))
            if let author = texts.author {
                append(#","authors":[{"name":"#, to: &out)
                JSONValue.writeString(utf8: author, to: &out)
                append("}]", to: &out)
            }
            writeTags(texts, into: &out)
        }
        append(#","_riffle":"#, to: &out)
        writeItem(merged, into: &out, cursor: writeCursor)
        out.append(UInt8(ascii: "}"))
    }
}
