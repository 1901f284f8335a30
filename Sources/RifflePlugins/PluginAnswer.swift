import RiffleBytes
import RiffleCore

/// One answer line of the executable-plugin protocol, decoded into a page.
///
///     {"items": [{"id", "time", "title", "url", "author", "summary", "tags", "extra"}],
///      "cursor": "...", "has_more": true}
///     {"error": "message"}
///     {"error": "message", "retryable": true}
///
/// An error marked `"retryable": true` is one the plugin expects to pass (a timeout, a 503 upstream): the
/// page is loaded again with the source's `retries` and backoff. Any other error fails the source.
/// Items without a usable id, time or title are skipped and counted, as the generic adapter does.
enum PluginAnswer {
    enum Failure: Error, Equatable {
        /// The plugin reported an error: its message, and whether it marked it `"retryable": true`.
        case reported(String, retryable: Bool)
        /// The line is not an answer: why.
        case malformed(String)
    }

    static func page(from line: [UInt8]) throws(Failure) -> Page {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            throw .malformed("not JSON (\(error.description))")
        }
        guard case .object(let answer) = value else { throw .malformed("not a JSON object") }
        if let error = answer["error"], error != .null {
            throw .reported(error.scalarText ?? error.jsonText, retryable: answer["retryable"] == .bool(true))
        }
        guard let itemsValue = answer["items"] else { throw .malformed("no \"items\" and no \"error\"") }
        guard case .array(let list) = itemsValue else { throw .malformed("\"items\" is not a list") }

        var notes = PageNotes()
        var items: [Item] = []
        items.reserveCapacity(list.count)
        for (position, element) in list.enumerated() {
            switch item(element) {
            case .success(let item): items.append(item)
            case .failure(let reason):
                notes.skip(item: position, because: reason.text)
            }
        }
        let cursor: String?
        switch answer["cursor"] {
        case nil, .null?: cursor = nil
        case let value?:
            guard let text = value.scalarText else { throw .malformed("\"cursor\" is not a string") }
            cursor = text
        }
        let hasMore: Bool
        switch answer["has_more"] {
        case nil, .null?: hasMore = cursor != nil && !list.isEmpty
        case .bool(let flag)?: hasMore = flag
        case .some: throw .malformed("\"has_more\" is not true or false")
        }
        if hasMore, cursor == nil, !list.isEmpty { notes.missingCursor = "has_more was true but \"cursor\" is missing" }
        if let warnings = answer["warnings"], case .array(let messages) = warnings {
            notes.warnings = messages.compactMap(\.scalarText).prefix(10).map { PluginText.message($0) }
        }
        return Page(items: items, nextCursor: cursor, hasMore: hasMore, notes: notes)
    }

    struct Skip: Error {
        var text: String
    }

    private static func item(_ element: JSONValue) -> Result<Item, Skip> {
        guard case .object(let fields) = element else { return .failure(Skip(text: "not an object")) }
        guard let id = fields["id"]?.scalarText, !id.isEmpty else { return .failure(Skip(text: "no id")) }
        guard let time = fields["time"]?.timestampValue else {
            let given = fields["time"]?.scalarText
            return .failure(Skip(text: given.map { UnreadableTime.reason($0) } ?? "no time"))
        }
        guard let title = fields["title"]?.scalarText else { return .failure(Skip(text: "no title")) }
        let tags: [String]
        switch fields["tags"] {
        case .array(let elements)?: tags = elements.compactMap(\.scalarText)
        case let value?: tags = value.scalarText.map { [$0] } ?? []
        case nil: tags = []
        }
        var extra: [String: JSONValue] = [:]
        if case .object(let members)? = fields["extra"] { extra = members }
        return .success(
            Item(
                id: id, time: time, title: title, url: text(fields["url"]), author: text(fields["author"]),
                summary: text(fields["summary"]), tags: tags, extra: extra))
    }

    private static func text(_ value: JSONValue?) -> String? {
        guard let text = value?.scalarText, !text.isEmpty else { return nil }
        return text
    }
}
