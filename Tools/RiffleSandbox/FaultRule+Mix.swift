/// The fault mix of the retry tests and the `faults` benchmark: what goes wrong in passing with real
/// servers and proxies, on every other request of every endpoint.
extension FaultRule {
    /// The transient faults a GraphQL endpoint (GitLab's, the generic one) gets in turn: 429, a 502 HTML
    /// page, a reset connection, a truncated 200, GitHub's timeout message with `data: null`, a 503 HTML
    /// page, an HTML 200 (a proxy's sign-in page) and a `data: null` 200 with a server error.
    package static let graphQLMix: [Fault] = [
        .tooManyRequests(retryAfter: 1), .badGateway, .connectionReset, .truncatedJSON, .graphQLTimeout,
        .serviceUnavailable, .htmlOK, .graphQLErrors,
    ]

    /// The same for the endpoints that do not speak GraphQL (SpaceX, REST): no GraphQL errors.
    package static let restMix: [Fault] = [
        .tooManyRequests(retryAfter: 1), .badGateway, .connectionReset, .truncatedJSON, .serviceUnavailable,
        .htmlOK,
    ]

    /// Rules putting the mix on requests 2, 4, 6, … up to `requests` of every endpoint, each endpoint
    /// going through its mix in order. A client that retries every fault once sees one fault on every
    /// page after the first, and every item still arrives.
    package static func mix(requests: Int) -> [FaultRule] {
        var rules: [FaultRule] = []
        for endpoint in [SandboxEndpoint.gitlab, .graphql, .spacex, .rest] {
            let mix = endpoint == .gitlab || endpoint == .graphql ? graphQLMix : restMix
            for (turn, number) in stride(from: 2, through: max(2, requests), by: 2).enumerated() {
                rules.append(FaultRule(endpoint: endpoint, requests: .nth(number), fault: mix[turn % mix.count]))
            }
        }
        return rules
    }
}
