package import RiffleCore

/// How long an answer says it stays fresh: what a document adapter keeps as the earliest next request.
extension HTTPResponse {
    /// The longest a server may silence a document: a hostile `max-age` of ten years must not stop a feed
    /// from ever being read again.
    static let maxFreshness: Duration = .seconds(86_400)

    /// The earliest time to ask for this document again, `now` being when the answer came: the later of
    /// `Retry-After` (delta seconds or an HTTP date) and the freshness lifetime (`Cache-Control: max-age`,
    /// else `Expires`), at most `maxFreshness` ahead; `nil` when the headers ask for nothing (or say
    /// `no-cache`, `no-store`, or a time already past).
    package func nextRequestAt(now: Timestamp) -> Timestamp? {
        let nowSeconds = Double(now.microseconds) / 1_000_000
        var delays: [Duration] = []
        if let wait = RetryPolicy.serverRequestedDelay(headers: headers, now: nowSeconds), wait > .zero {
            delays.append(wait)
        }
        if let lifetime = freshnessLifetime(nowSeconds: nowSeconds), lifetime > .zero { delays.append(lifetime) }
        guard let delay = delays.max() else { return nil }
        return now + min(delay, Self.maxFreshness)
    }

    /// `Cache-Control: max-age` (which wins over `Expires`, RFC 9111 §4.2.1), else `Expires`; `nil` with
    /// `no-cache` or `no-store`, or when neither is given.
    private func freshnessLifetime(nowSeconds: Double) -> Duration? {
        var maxAge: Int?
        for value in headers.values(for: "Cache-Control") {
            for directive in value.split(separator: ",") {
                let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).trimmingSpaces.lowercased()
                if name == "no-cache" || name == "no-store" { return nil }
                if name == "max-age", parts.count == 2 {
                    let digits = String(parts[1]).trimmingSpaces.filter { $0 != "\"" }
                    guard digits.utf8.count <= 12, let seconds = Int(digits), seconds >= 0 else { continue }
                    maxAge = seconds
                }
            }
        }
        if let maxAge { return .seconds(maxAge) }
        guard let expires = headers["Expires"].flatMap(HTTPDate.parse) else { return nil }
        let delta = Double(expires) - nowSeconds
        return delta > 0 ? .milliseconds(Int64(delta * 1000)) : nil
    }
}
