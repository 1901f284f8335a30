package import FoundationEssentials

/// One request as the sandbox received it, for tests to inspect.
package struct SandboxRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The path without the query string.
    package var path: String
    /// The query string items, in order.
    var query: [(name: String, value: String)]
    /// Header values by lowercased name (repeated headers joined with `, `).
    package var headers: [String: String]
    /// The body as received (empty when it was refused for its size).
    package var body: Data
    /// Which fake API the path belongs to.
    package var endpoint: SandboxEndpoint
    /// The request's number at its endpoint since the fault rules were last set, from 1.
    package var number: Int
    /// The fault injected into the response, if any.
    package var fault: FaultRule.Fault?
    /// When the request was read, before the latency: benchmarks count requests in flight over time.
    package var arrival: ContinuousClock.Instant = .now

    /// The body as UTF-8 text (invalid bytes replaced).
    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}
