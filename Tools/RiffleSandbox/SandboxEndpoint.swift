/// The fake APIs a sandbox serves; each request is counted per endpoint for fault rules.
package enum SandboxEndpoint: String, Sendable, Hashable, CaseIterable {
    /// GitLab GraphQL: `POST /api/graphql`.
    case gitlab
    /// SpaceX API v4: `POST /v4/launches/query`.
    case spacex
    /// The generic GraphQL API: `POST /graphql`.
    case graphql
    /// The REST API with `Link` headers: `GET /rest/repos/{owner}/{repo}/events`.
    case rest
    /// Web feeds (RSS, RDF, Atom, JSON Feed) with conditional GET: `GET /feeds/…`.
    case feeds
    /// Any other path (answered 404).
    case other

    /// The endpoint a path belongs to.
    init(path: String) {
        switch path {
        case "/api/graphql": self = .gitlab
        case "/v4/launches/query": self = .spacex
        case "/graphql": self = .graphql
        default:
            if path.hasPrefix("/feeds/") {
                self = .feeds
                return
            }
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 6, parts[1] == "rest", parts[2] == "repos", parts[5] == "events" {
                self = .rest
            } else {
                self = .other
            }
        }
    }

    /// The one method the endpoint answers.
    var method: String {
        self == .rest || self == .feeds ? "GET" : "POST"
    }

    /// Whether the endpoint's answer depends only on the request and the data made at start (no state
    /// that changes between requests), so the handler may make it before the latency has passed.
    var answersAreFixed: Bool { self == .feeds }
}
