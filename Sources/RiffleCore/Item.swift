/// One entry of a feed, in the source-independent shape every adapter maps its API into.
///
/// All text here came from a server and is untrusted: the reader and logs must sanitize it before it
/// reaches a terminal. `id` is the identity within one source; `time` orders the feed (newest first).
///
/// The optional fields live in one shared, copy-on-write box (absent when all are empty), so copying an
/// item — which the merge does for every item it moves — touches few reference counts.
public struct Item: Sendable, Hashable {
    public var id: String
    public var time: Timestamp
    public var title: String
    private var details: Details?

    /// The optional fields, shared between copies until one of them changes.
    private final class Details: Sendable, Hashable {
        let url: String?
        let author: String?
        let summary: String?
        let tags: [String]
        let extra: [String: JSONValue]

        init(url: String?, author: String?, summary: String?, tags: [String], extra: [String: JSONValue]) {
            self.url = url
            self.author = author
            self.summary = summary
            self.tags = tags
            self.extra = extra
        }

        static func make(
            url: String?, author: String?, summary: String?, tags: [String], extra: [String: JSONValue]
        ) -> Details? {
            let extra = JSONValue.droppingNullMembers(extra)
            if url == nil, author == nil, summary == nil, tags.isEmpty, extra.isEmpty { return nil }
            return Details(url: url, author: author, summary: summary, tags: tags, extra: extra)
        }

        static func == (lhs: Details, rhs: Details) -> Bool {
            lhs === rhs
                || (lhs.url == rhs.url && lhs.author == rhs.author && lhs.summary == rhs.summary
                    && lhs.tags == rhs.tags && lhs.extra == rhs.extra)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(url)
            hasher.combine(author)
            hasher.combine(summary)
            hasher.combine(tags)
            hasher.combine(extra)
        }
    }

    public init(
        id: String, time: Timestamp, title: String, url: String? = nil, author: String? = nil,
        summary: String? = nil, tags: [String] = [], extra: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.time = time
        self.title = title
        self.details = Details.make(url: url, author: author, summary: summary, tags: tags, extra: extra)
    }

    public var url: String? {
        get { details?.url }
        set { update(url: newValue) }
    }

    public var author: String? {
        get { details?.author }
        set { update(author: newValue) }
    }

    public var summary: String? {
        get { details?.summary }
        set { update(summary: newValue) }
    }

    /// Adapter tags (GitLab labels, a launch's rocket).
    public var tags: [String] {
        get { details?.tags ?? [] }
        set { update(tags: newValue) }
    }

    /// Adapter-specific fields (`iid`, `state`, `flight_number`, label colours …), written under `extra`.
    /// Never holds `null`: a member whose value is `null`, at any depth of nested objects, is dropped when
    /// the item is built (an absent field is omitted, never `null`, in the export — contract section 3).
    public var extra: [String: JSONValue] {
        get { details?.extra ?? [:] }
        set { update(extra: newValue) }
    }

    private mutating func update(
        url: String?? = nil, author: String?? = nil, summary: String?? = nil, tags: [String]? = nil,
        extra: [String: JSONValue]? = nil
    ) {
        details = Details.make(
            url: url ?? self.url, author: author ?? self.author, summary: summary ?? self.summary,
            tags: tags ?? self.tags, extra: extra ?? self.extra)
    }

    public static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.id == rhs.id && lhs.time == rhs.time && lhs.title == rhs.title
            && (lhs.details == rhs.details)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(time)
        hasher.combine(title)
        hasher.combine(details)
    }
}
