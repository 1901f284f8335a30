public import RiffleCore

/// What the feed adapter keeps per document it fetches (a feed may page over several): the validators of
/// the last answer, sent back as `If-None-Match` / `If-Modified-Since`, and the earliest time to ask again
/// (`Retry-After`, `Cache-Control: max-age`, RSS `ttl`).
public struct FeedDocumentState: Sendable, Hashable {
    /// The document's URL, as requested.
    public var url: String
    public var etag: String?
    public var lastModified: String?
    public var nextRequestAt: Timestamp?

    public init(url: String, etag: String? = nil, lastModified: String? = nil, nextRequestAt: Timestamp? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.nextRequestAt = nextRequestAt
    }
}
