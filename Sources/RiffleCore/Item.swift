/// One entry of a feed, in the source-independent shape every adapter maps its API into.
///
/// All text here came from a server and is untrusted: the reader and logs must sanitize it before it
/// reaches a terminal. `id` is the identity within one source; `time` orders the feed (newest first).
public struct Item: Sendable, Hashable {
    public var id: String
    public var time: Timestamp
    public var title: String
    public var url: String?
    public var author: String?
    public var summary: String?
    public var tags: [String]
    /// Adapter-specific fields (`iid`, `state`, `flight_number`, label colours …), written under `extra`.
    public var extra: [String: JSONValue]

    public init(
        id: String, time: Timestamp, title: String, url: String? = nil, author: String? = nil,
        summary: String? = nil, tags: [String] = [], extra: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.time = time
        self.title = title
        self.url = url
        self.author = author
        self.summary = summary
        self.tags = tags
        self.extra = extra
    }
}
