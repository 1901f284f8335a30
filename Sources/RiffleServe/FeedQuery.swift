package import RiffleStoreKit

/// A feed request's query (`?n=&source=&q=&unread=&after=`), checked: every value has a limit, and each
/// mistake is a `400` saying what is accepted.
package struct FeedQuery: Sendable, Hashable {
    package var limit: Int
    /// Source names in merge order (the configuration's), only those asked for.
    package var sources: [String]
    package var text: String?
    package var unreadOnly: Bool
    package var after: MergedPageCursor?

    static let defaultLimit = 50
    static let maxLimit = 500
    /// Query parameters accepted in one request.
    static let maxParameters = 32

    /// The parameters riffle reads; any other is ignored (feed readers add their own), `token` aside.
    static let names: Set<String> = ["n", "source", "q", "unread", "after", "token"]

    /// Reads `parameters` (decoded, in order) against `configured`, the source names in merge order;
    /// `only` is the one source of `/sources/NAME/…`.
    package static func parse(
        _ parameters: [(name: String, value: String)], configured: [String], only: String? = nil
    ) -> Result<FeedQuery, ServeFailure> {
        guard parameters.count <= maxParameters else {
            return .failure(.badQuery("more than \(maxParameters) query parameters"))
        }
        var query = FeedQuery(limit: defaultLimit, sources: only.map { [$0] } ?? configured, unreadOnly: false)
        for (name, value) in parameters {
            switch name {
            case "n":
                guard let n = Int(value), n >= 1 else {
                    return .failure(.badQuery("?n= is a whole number from 1 to \(maxLimit)"))
                }
                guard n <= maxLimit else { return .failure(.badQuery("?n=\(n) is more than \(maxLimit) items")) }
                query.limit = n
            case "source":
                let asked = value.split(separator: ",").map(String.init)
                guard !asked.isEmpty else { return .failure(.badQuery("?source= names one or more sources, a,b")) }
                if let unknown = asked.first(where: { !configured.contains($0) }) {
                    return .failure(.unknownSource(unknown))
                }
                let wanted = Set(asked)
                query.sources = query.sources.filter(wanted.contains)
            case "q":
                guard value.utf8.count <= MergedPageQuery.maxTextLength else {
                    return .failure(.badQuery("?q= is longer than \(MergedPageQuery.maxTextLength) bytes"))
                }
                query.text = value.isEmpty ? nil : value
            case "unread":
                guard value == "1" || value == "0" || value == "true" || value == "false" else {
                    return .failure(.badQuery("?unread= is 1 or 0"))
                }
                query.unreadOnly = value == "1" || value == "true"
            case "after":
                guard let cursor = FeedCursor.decode(value), query.sources.contains(cursor.source) else {
                    return .failure(.badCursor)
                }
                query.after = cursor
            default: continue
            }
        }
        // A cursor read before `source=` narrowed the list is checked again against the final list.
        if let after = query.after, !query.sources.contains(after.source) { return .failure(.badCursor) }
        return .success(query)
    }

    /// The store's query for this page.
    var storeQuery: MergedPageQuery {
        MergedPageQuery(sources: sources, after: after, limit: limit, text: text, unreadOnly: unreadOnly)
    }
}
