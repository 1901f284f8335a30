import RiffleBytes
import RiffleCore

/// JSON Feed 1.0 and 1.1 (and RSS-in-JSON, which some sites serve beside them), read through RiffleCore's
/// `JSONValue` parser.
enum JSONFeedDecoder {
    /// The feed in `bytes`; a JSON document without an `items` list is `jsonWithoutItems`.
    static func decode(_ bytes: [UInt8], feedURL: String, limits: FeedLimits) throws(FeedError) -> ParsedFeed {
        let document: JSONValue
        do {
            document = try JSONValue(
                parsing: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        } catch {
            throw .invalidJSON(offset: error.offset, detail: error.reason)
        }
        guard case .array(let items)? = document["items"] else {
            if let channel = document["rss"]?["channel"], case .object = channel {
                return try rssInJSON(channel, feedURL: feedURL, limits: limits)
            }
            throw .jsonWithoutItems
        }
        guard items.count <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
        let feedAuthors = authors(of: document)
        var entries: [FeedEntry] = []
        entries.reserveCapacity(items.count)
        for item in items {
            guard case .object = item else { continue }
            var draft = EntryDraft()
            draft.id = item["id"]?.scalarText
            draft.title = text(item["title"], limits: limits).map { HTMLText.text(fromHTML: $0, tags: .none) }
            if let url = item["url"]?.stringValue { draft.link = URIReference.resolve(url, against: feedURL) }
            if let url = item["external_url"]?.stringValue {
                draft.alternateLinks.append(URIReference.resolve(url, against: feedURL))
            }
            draft.updated = item["date_modified"]?.stringValue
            draft.published = item["date_published"]?.stringValue
            draft.authors = authors(of: item)
            draft.summary = text(item["summary"], limits: limits).map(HTMLText.collapsed)
            let html = text(item["content_html"], limits: limits)
            draft.content =
                text(item["content_text"], limits: limits).map(HTMLText.collapsed)
                ?? html.map { HTMLText.text(fromHTML: $0) }
            draft.contentHTML = html
            if case .array(let tags)? = item["tags"] {
                draft.tags = tags.compactMap(\.stringValue).map(HTMLText.collapsed)
            }
            if case .array(let attachments)? = item["attachments"] {
                draft.enclosures = attachments.prefix(FeedEnclosure.limit).compactMap { attachment in
                    attachment["url"]?.stringValue.map { url in
                        FeedEnclosure(
                            url: URIReference.resolve(url, against: feedURL),
                            type: attachment["mime_type"]?.stringValue,
                            length: attachment["size_in_bytes"]?.scalarText.flatMap(FeedEnclosure.length),
                            duration: attachment["duration_in_seconds"]?.scalarText.flatMap(FeedEnclosure.duration))
                    }
                }
            }
            entries.append(draft.entry(feedAuthors: feedAuthors, htmlLimit: limits.maxHTMLBytes))
        }
        let title = text(document["title"], limits: limits).map(HTMLText.collapsed).flatMap { $0.isEmpty ? nil : $0 }
        let next = document["next_url"]?.stringValue.map { URIReference.resolve($0, against: feedURL) }
        return ParsedFeed(format: .jsonFeed, title: title, entries: entries, nextPage: next)
    }

    /// Dave Winer's RSS-in-JSON (`{"rss": {"channel": {"item": […]}}}`): RSS 2.0's elements as members.
    private static func rssInJSON(_ channel: JSONValue, feedURL: String, limits: FeedLimits) throws(FeedError)
        -> ParsedFeed
    {
        let items: [JSONValue]
        switch channel["item"] {
        case .array(let list)?: items = list
        case .object?: items = channel["item"].map { [$0] } ?? []
        default: items = []
        }
        guard items.count <= limits.maxEntries else { throw .tooManyEntries(limit: limits.maxEntries) }
        let entries = items.map { item in
            var draft = EntryDraft()
            draft.id = item["guid"]?.scalarText ?? item["guid"]?["#value"]?.scalarText
            draft.title = text(item["title"], limits: limits).map {
                HTMLText.text(fromHTML: $0, tags: .htmlElementsOnly)
            }
            if let link = item["link"]?.stringValue { draft.link = URIReference.resolve(link, against: feedURL) }
            draft.published = item["pubDate"]?.stringValue
            draft.summaryHTML = text(item["description"], limits: limits)
            draft.summary = draft.summaryHTML.map { HTMLText.text(fromHTML: $0) }
            draft.authors = item["author"]?.stringValue.map { [FeedXMLBuilder.rssAuthorName($0)] } ?? []
            switch item["category"] {
            case .array(let list)?: draft.tags = list.compactMap(\.stringValue).map(HTMLText.collapsed)
            case .string(let one)?: draft.tags = [HTMLText.collapsed(one)]
            default: break
            }
            return draft.entry(feedAuthors: [], htmlLimit: limits.maxHTMLBytes)
        }
        let title = text(channel["title"], limits: limits).map { HTMLText.text(fromHTML: $0, tags: .htmlElementsOnly) }
        return ParsedFeed(format: .rss, title: title, entries: entries, nextPage: nil)
    }

    /// JSON Feed 1.1 `authors`, else 1.0 `author`: their names.
    private static func authors(of object: JSONValue) -> [String] {
        if case .array(let list)? = object["authors"] {
            return list.compactMap { $0["name"]?.stringValue }.map(HTMLText.collapsed)
        }
        return object["author"]?["name"]?.stringValue.map { [HTMLText.collapsed($0)] } ?? []
    }

    /// A string member, cut to the text limit (at a character boundary).
    private static func text(_ value: JSONValue?, limits: FeedLimits) -> String? {
        guard let text = value?.stringValue else { return nil }
        guard text.utf8.count > limits.maxTextBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limits.maxTextBytes)
        while end > text.startIndex, !text.unicodeScalars.indices.contains(end) { end = text.utf8.index(before: end) }
        return String(text[..<end])
    }
}
