/// What riffle keeps of the last answer for one document (a feed's URL): the validators sent back on the
/// next request (`If-None-Match`, `If-Modified-Since`) and the earliest time the server wants to be asked
/// again.
///
/// Plain data, so that a store can keep it in a row and the in-memory memory in a dictionary.
package struct DocumentValidators: Sendable, Hashable {
    /// The document's address: the URL asked for (a source's `url`, or a next-page cursor).
    package var url: String
    /// The `ETag` of the last `200`, as the server wrote it (quotes and `W/` included).
    package var etag: String?
    /// The `Last-Modified` of the last `200`, as the server wrote it.
    package var lastModified: String?
    /// The earliest time to ask again, from `Cache-Control: max-age`, `Expires` or `Retry-After` (at most a
    /// day ahead); `nil` when the server said nothing. Honoured only by requests nobody asked for (see
    /// `FetchIntent`).
    package var nextRequestAt: Timestamp?

    package init(url: String, etag: String? = nil, lastModified: String? = nil, nextRequestAt: Timestamp? = nil) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.nextRequestAt = nextRequestAt
    }

    /// Whether there is anything to send back conditionally.
    package var canRevalidate: Bool { etag != nil || lastModified != nil }
}
