import FoundationEssentials

/// The feed documents a sandbox has made, kept so that each is made once: a document depends only on its
/// path, page and `Host` (the data set is fixed at start), and making one (the XML, its `ETag`) is the
/// sandbox's work a benchmark would otherwise count beside the client's. Bounded: past `maxKept`
/// documents (hostile `Host`s, many pages) it starts again empty.
final class FeedDocuments: Sendable {
    /// One made document: what the answer's body and validators are.
    struct Document: Sendable {
        var contentType: String
        var bytes: Data
        var etag: String
        var lastModified: String
    }

    /// Most documents kept.
    static let maxKept = 256

    private let kept = BoundedMemo<String, Document>(capacity: FeedDocuments.maxKept)

    /// The document for `path`, `page` and `host`, made by `make` the first time (`nil`: not a feed).
    func document(path: String, page: Int, host: String, make: () -> Document?) -> Document? {
        let key = "\(path)\n\(page)\n\(host)"
        if let document = kept.value(for: key) { return document }
        guard let document = make() else { return nil }
        kept.keep(document, for: key)
        return document
    }
}
