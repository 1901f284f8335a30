/// Whether a failed page load can get better by trying again: the one classification every page retry
/// (and the reader's retries of a failed source) goes by.
///
/// It reads the error as data — `kind`, `status`, `isRetryable` and the server's own GraphQL messages —
/// never riffle's words about it:
/// - transient: transport trouble the HTTP layer calls retryable; HTTP 408, 429, 500, 502, 503, 504; a 2xx
///   body that is cut off or not JSON (a proxy's page, a truncated transfer); a GraphQL answer whose `data`
///   is `null` or lacks what was asked, next to `errors` (a field failed while the query ran: GitHub's
///   "Something went wrong while executing your query", "Internal server error"); a plugin error the
///   plugin marked retryable.
/// - permanent: a GraphQL answer without `data` (a request error: validation, syntax); other 4xx; a
///   refused token; an answer without what the adapter reads; an invalid cursor; cancellation; and any
///   failure whose server messages are known not to change on a retry (`isKnownPermanent`).
package enum PageFault: Sendable, Hashable {
    /// Worth another load of the same page; `reason` is for the `-v` log.
    case transient(reason: String)
    /// Trying again cannot help.
    case permanent

    /// The classification of `error`.
    package init(_ error: SourceError) {
        if error.kind == .cancelled || error.serverMessages.contains(where: Self.isKnownPermanent) {
            self = .permanent
            return
        }
        let status = error.status.map { "HTTP \($0)" } ?? "no status"
        switch error.kind {
        case .transport:
            self = error.isRetryable ? .transient(reason: "transport failure") : .permanent
        case .httpStatus:
            if let code = error.status, RetryPolicy.isRetryable(status: code) {
                self = .transient(reason: status)
            } else {
                self = .permanent
            }
        case .notJSON:
            self = .transient(reason: "\(status) whose body is not JSON")
        case .truncatedBody:
            self = .transient(reason: "\(status) whose body is cut off")
        case .graphQLFieldError:
            let said = error.serverMessages.first.map { ": " + Self.excerpt($0) } ?? ""
            self = .transient(reason: "GraphQL errors without data\(said)")
        case .plugin, .other:
            self =
                error.isRetryable ? .transient(reason: "a retryable error: \(Self.excerpt(error.message))") : .permanent
        case .graphQLRequestError, .unauthorized, .mapping, .invalidCursor, .cancelled:
            self = .permanent
        }
    }

    /// Whether the failure is worth another load.
    package var isTransient: Bool {
        if case .transient = self { return true }
        return false
    }

    /// Server messages that say the query itself is refused, however often it is sent: too large, too
    /// complex or too deep (GitHub's and GitLab's "Query has complexity of …", "… exceeds max
    /// complexity"), too slow to validate (GitLab's "Timeout on validation of query"), or naming
    /// something that does not exist (GitHub's "Could not resolve to a Repository"). Only the first 512
    /// bytes of a message are read.
    package static func isKnownPermanent(_ message: String) -> Bool {
        let text = String(decoding: message.utf8.prefix(512), as: UTF8.self).lowercased()
        return permanentPhrases.contains { text.contains($0) }
    }

    /// The phrases `isKnownPermanent` looks for, lowercased.
    static let permanentPhrases = [
        "query too large", "has complexity of", "exceeds max complexity", "timeout on validation",
        "exceeds max depth", "could not resolve to a",
    ]

    private static func excerpt(_ text: String) -> String {
        text.count <= 120 ? text : String(text.prefix(120)) + "…"
    }
}
