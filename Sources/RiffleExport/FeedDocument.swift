internal import RiffleBytes
package import RiffleCore

/// A page of the merged feed as a feed document: what `riffle serve` answers at `/feed.atom`, `/feed.rss`
/// and `/feed.json`. The JSON Feed is the export's (`ExportEncoder`, item for item the bytes of
/// `riffle export --format jsonfeed`, with `next_url` for the next page); Atom 1.0 and RSS 2.0 are written
/// here, every remote text escaped once by `XMLEscape`.
package struct FeedDocument: Sendable {
    /// The three formats served.
    package enum Format: String, Sendable, CaseIterable {
        case atom, rss, json

        /// The `Content-Type` of each.
        package var mediaType: String {
            switch self {
            case .atom: "application/atom+xml; charset=utf-8"
            case .rss: "application/rss+xml; charset=utf-8"
            case .json: "application/feed+json; charset=utf-8"
            }
        }
    }

    /// One item and the cursor that resumes right after it (written in the JSON Feed's `_riffle.cursor`).
    package struct Entry: Sendable {
        package var item: MergedItem
        package var cursor: String

        package init(item: MergedItem, cursor: String) {
            self.item = item
            self.cursor = cursor
        }
    }

    package var title: String
    /// The document's own address, and the next page's (`nil` on the last page).
    package var selfURL: String
    package var nextURL: String?
    package var entries: [Entry]

    package init(title: String, selfURL: String, nextURL: String?, entries: [Entry]) {
        self.title = title
        self.selfURL = selfURL
        self.nextURL = nextURL
        self.entries = entries
    }

    /// The newest item's time, or the epoch for an empty page (a feed's `updated` is required).
    var updated: Timestamp { entries.first?.item.item.time ?? Timestamp(microseconds: 0) }

    /// The document's bytes in `format`.
    package func render(_ format: Format) -> [UInt8] {
        switch format {
        case .atom: Array(atom().utf8)
        case .rss: Array(rss().utf8)
        case .json: jsonFeed()
        }
    }

    /// Atom 1.0 (RFC 4287) with RFC 5005's `rel="next"`. An entry's id is a `tag:` URI of its source and
    /// id, the same across pages and runs; `author` is the feed's (riffle) where an item has none.
    func atom() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "<id>\(XMLEscape.text(selfURL))</id>\n<title>\(XMLEscape.text(title))</title>\n"
        out += "<updated>\(updated.rfc3339)</updated>\n<author><name>riffle</name></author>\n"
        out += "<generator>riffle</generator>\n<link rel=\"self\" href=\"\(XMLEscape.text(selfURL))\"/>\n"
        if let nextURL { out += "<link rel=\"next\" href=\"\(XMLEscape.text(nextURL))\"/>\n" }
        for entry in entries {
            let merged = entry.item
            let item = merged.item
            out += "<entry>\n<id>\(XMLEscape.text(Self.tagURI(merged)))</id>\n"
            out += "<title>\(XMLEscape.text(item.title))</title>\n<updated>\(item.time.rfc3339)</updated>\n"
            if let url = item.url { out += "<link rel=\"alternate\" href=\"\(XMLEscape.text(url))\"/>\n" }
            if let author = item.author { out += "<author><name>\(XMLEscape.text(author))</name></author>\n" }
            if let summary = item.summary { out += "<summary>\(XMLEscape.text(summary))</summary>\n" }
            out += "<category term=\"\(XMLEscape.text(merged.sourceName))\" label=\"source\"/>\n"
            for tag in item.tags { out += "<category term=\"\(XMLEscape.text(tag))\"/>\n" }
            out += "</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// RSS 2.0 with `atom:link rel="self"` and `rel="next"`; a `guid` that is not a permalink (the item's
    /// source and id), dates in RFC 1123's form, the author as `dc:creator` (RSS's `author` is an address).
    /// Titles and descriptions are read as HTML by RSS readers (riffle's own too): escaped as HTML first,
    /// so that a title's `<b>` is shown as text, never taken as markup.
    func rss() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\" "
        out += "xmlns:atom=\"http://www.w3.org/2005/Atom\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
        out += "<channel>\n<title>\(XMLEscape.text(title))</title>\n<link>\(XMLEscape.text(selfURL))</link>\n"
        out += "<description>\(XMLEscape.text(title)), newest first</description>\n<generator>riffle</generator>\n"
        out += "<lastBuildDate>\(updated.imfFixdate)</lastBuildDate>\n"
        out += "<atom:link rel=\"self\" href=\"\(XMLEscape.text(selfURL))\"/>\n"
        if let nextURL { out += "<atom:link rel=\"next\" href=\"\(XMLEscape.text(nextURL))\"/>\n" }
        for entry in entries {
            let merged = entry.item
            let item = merged.item
            out += "<item>\n<title>\(Self.htmlInXML(item.title))</title>\n"
            if let url = item.url { out += "<link>\(XMLEscape.text(url))</link>\n" }
            out += "<guid isPermaLink=\"false\">\(XMLEscape.text("\(merged.sourceName)/\(item.id)"))</guid>\n"
            out += "<pubDate>\(item.time.imfFixdate)</pubDate>\n"
            if let author = item.author { out += "<dc:creator>\(XMLEscape.text(author))</dc:creator>\n" }
            if let summary = item.summary { out += "<description>\(Self.htmlInXML(summary))</description>\n" }
            for tag in item.tags { out += "<category>\(XMLEscape.text(tag))</category>\n" }
            out += "</item>\n"
        }
        return out + "</channel>\n</rss>\n"
    }

    /// The export's JSON Feed 1.1, its items written by `ExportEncoder`, with `feed_url` and `next_url`.
    func jsonFeed() -> [UInt8] {
        let out = ByteBuffer(capacity: 4096 + entries.count * 1024)
        var encoder = ExportEncoder(format: .jsonfeed)
        encoder.header(into: out)
        for entry in entries {
            encoder.item(entry.item, into: out) { $0.append(utf8: entry.cursor) }
        }
        var bytes = out.bytes
        // The export's footer ends the items and the object; the addresses go after the items instead.
        let tail = ByteBuffer(capacity: 256)
        encoder.footer(into: tail)
        var links: [String: JSONValue] = ["feed_url": .string(selfURL)]
        if let nextURL { links["next_url"] = .string(nextURL) }
        var footer = tail.bytes
        // `]}\n` or `\n]}\n`: the object's `}` and the line feed give way to the addresses.
        footer.removeLast(2)
        bytes += footer
        for (key, value) in links.sorted(by: { $0.key < $1.key }) {
            var text: [UInt8] = []
            JSONValue.string(key).write(to: &text)
            bytes += [UInt8(ascii: ",")] + text + [UInt8(ascii: ":")]
            var encoded: [UInt8] = []
            value.write(to: &encoded)
            bytes += encoded
        }
        return bytes + Array("}\n".utf8)
    }

    /// Plain text as HTML, inside XML: escaped twice.
    static func htmlInXML(_ text: String) -> String { XMLEscape.text(XMLEscape.text(text)) }

    /// `tag:riffle,2026:SOURCE/ID`, the id's characters outside the URI's unreserved set percent-encoded.
    static func tagURI(_ merged: MergedItem) -> String {
        "tag:riffle,2026:" + percentEncoded("\(merged.sourceName)/\(merged.item.id)", keeping: "/")
    }

    /// `text` with every byte outside the URI's unreserved characters (letters, digits, `-._~`) and `keeping`
    /// percent-encoded: the one encoder of the addresses and ids riffle serve writes.
    package static func percentEncoded(_ text: String, keeping: String = "") -> String {
        let kept = Set(("-._~" + keeping).utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = ""
        for byte in text.utf8 {
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if letter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
