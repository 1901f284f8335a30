public import FoundationEssentials

/// One request as the sandbox received it, for tests to inspect.
public struct SandboxRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The path without the query string.
    public var path: String
    /// The query string items, in order.
    public var query: [(name: String, value: String)]
    /// Header values by lowercased name (repeated headers joined with `, `).
    public var headers: [String: String]
    /// The body as received (empty when it was refused for its size).
    public var body: Data
    /// Which fake API the path belongs to.
    public var endpoint: SandboxEndpoint
    /// The request's number at its endpoint since the fault rules were last set, from 1.
    public var number: Int
    /// The fault injected into the response, if any.
    public var fault: FaultRule.Fault?
    /// When the request was read, before the latency: benchmarks count requests in flight over time.
    public var arrival: ContinuousClock.Instant = .now

    /// The body as UTF-8 text (invalid bytes replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
