/// Turns a response body into a feed: recognises RSS 0.9x/2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed
/// 1.0/1.1 from the body, and says what anything else was.
///
/// No I/O: the adapter fetches, this reads. Pure and synchronous, so safe to call from any task.
package enum FeedParser {
    /// Parses `body`, the bytes of an answer to a request for `url` (the feed's own address, against
    /// which relative links resolve), whose `Content-Type` header was `contentType`.
    ///
    /// The header's `charset`, when libxml2 knows it, overrides the document's own declaration (as RFC
    /// 7303 says; a byte-order mark still wins). Throws a `FeedError` naming what the body was when it
    /// is not a feed, or which limit it broke.
    package static func parse(
        _ body: [UInt8], contentType: String? = nil, url: String, limits: FeedLimits = .standard
    ) throws(FeedError) -> ParsedFeed {
        guard body.count <= limits.maxBytes else { throw .bodyTooLarge(bytes: body.count, limit: limits.maxBytes) }
        switch BodySniffer.shape(of: body) {
        case .empty: throw .emptyBody
        case .json: return try JSONFeedDecoder.decode(body, feedURL: url, limits: limits)
        case .html: throw .htmlPage(title: BodySniffer.htmlTitle(in: body))
        case .other(let start): throw .notMarkup(start: start)
        case .xml: break
        }
        let builder = FeedXMLBuilder(feedURL: url, limits: limits)
        let outcome = XMLStream.parse(
            ReferenceRepair.repaired(body) ?? body, encoding: contentType.flatMap(charset), handler: builder)
        if case .entityDeclaration(let name)? = outcome.stop { throw .entityDeclaration(name: name) }
        if let failure = builder.failure { throw failure }
        if builder.isHTML { throw .htmlPage(title: BodySniffer.htmlTitle(in: body)) }
        guard let format = builder.format else {
            let error = outcome.firstError ?? (line: 1, message: "no root element")
            throw .invalidXML(line: error.line, detail: error.message)
        }
        return builder.feed(format: format)
    }

    /// The `charset` parameter of a `Content-Type` value, unquoted; `nil` when absent.
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "charset" else { continue }
            var value = parts[1].trimmingSpaces
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value.isEmpty || value.count > 40 ? nil : value
        }
        return nil
    }
}
