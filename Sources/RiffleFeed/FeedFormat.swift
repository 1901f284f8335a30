/// Which kind of feed a body turned out to be, recognised from the body itself (never from the URL or
/// the `Content-Type`, which servers get wrong).
package enum FeedFormat: String, Sendable, Hashable {
    /// RSS 0.91–0.94 and 2.0: `<rss><channel><item>` (and RSS 2.0 written as JSON, `{"rss": …}`).
    case rss
    /// RSS 1.0 (and 0.90): RDF, `<rdf:RDF>` with `<item>` elements beside the `<channel>`.
    case rdf
    /// Atom 1.0 (RFC 4287): `<feed xmlns="http://www.w3.org/2005/Atom">`.
    case atom
    /// JSON Feed 1.0 or 1.1.
    case jsonFeed
}
