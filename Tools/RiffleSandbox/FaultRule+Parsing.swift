/// The command-line syntax of fault rules: `ENDPOINT:REQUESTS=FAULT`.
///
/// - ENDPOINT: `gitlab`, `spacex`, `graphql`, `rest`, `feeds` or `any`.
/// - REQUESTS: `3` (the third), `2-4`, `every`, `next5` (the next five), `every3` (every third).
/// - FAULT: `429` (Retry-After 1) or `429:N`, `400`, `502`, `503`, `reset`, `truncate`, `errors`, `partial`,
///   `html` (an HTML 200), `timeout` (GitHub's timeout message with `data: null`), `invalid` (a request
///   error: no `data`), `complexity` (`data: null`, a complexity message).
///
/// Examples: `gitlab:3=429`, `spacex:2-4=502`, `any:every=reset`, `graphql:next2=errors`.
extension FaultRule {
    /// The syntax, for usage messages.
    static let syntax =
        "ENDPOINT:REQUESTS=FAULT — ENDPOINT gitlab|spacex|graphql|rest|feeds|any; "
        + "REQUESTS N|N-M|every|everyN|nextN; FAULT 429[:SECONDS]|400|502|503|reset|truncate|errors|partial|html|"
        + "timeout|invalid|complexity"

    /// Parses one rule; the error says what is wrong with it.
    package init(parsing text: String) throws(SandboxUsageError) {
        let bad = SandboxUsageError("invalid fault rule '\(text)': expected \(Self.syntax)")
        guard let colon = text.firstIndex(of: ":"), let equals = text.firstIndex(of: "="), colon < equals else {
            throw bad
        }
        let endpointText = text[..<colon]
        let requestsText = text[text.index(after: colon)..<equals]
        let faultText = text[text.index(after: equals)...]

        let endpoint: SandboxEndpoint?
        if endpointText == "any" {
            endpoint = nil
        } else if let known = SandboxEndpoint(rawValue: String(endpointText)), known != .other {
            endpoint = known
        } else {
            throw SandboxUsageError("invalid fault rule '\(text)': unknown endpoint '\(endpointText)'")
        }
        guard let requests = Self.parseRequests(requestsText) else {
            throw SandboxUsageError("invalid fault rule '\(text)': bad request selector '\(requestsText)'")
        }
        guard let fault = Self.parseFault(faultText) else {
            throw SandboxUsageError("invalid fault rule '\(text)': unknown fault '\(faultText)'")
        }
        self.init(endpoint: endpoint, requests: requests, fault: fault)
    }

    private static func parseRequests(_ text: Substring) -> Requests? {
        let limit = 1_000_000_000
        if text == "every" { return .every }
        if text.hasPrefix("every"), let step = Int(text.dropFirst(5)), (1...limit).contains(step) {
            return .everyNth(step)
        }
        if text.hasPrefix("next"), let count = Int(text.dropFirst(4)), (1...limit).contains(count) {
            return .next(count)
        }
        if let number = Int(text), (1...limit).contains(number) { return .nth(number) }
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), 1 <= low, low <= high,
            high <= limit
        {
            return .numbers(low...high)
        }
        return nil
    }

    private static func parseFault(_ text: Substring) -> Fault? {
        switch text {
        case "429": return .tooManyRequests(retryAfter: 1)
        case "502": return .badGateway
        case "503": return .serviceUnavailable
        case "reset": return .connectionReset
        case "truncate", "truncated": return .truncatedJSON
        case "errors": return .graphQLErrors
        case "partial": return .partialData
        case "400": return .badRequest
        case "html": return .htmlOK
        case "timeout": return .graphQLTimeout
        case "invalid": return .requestError
        case "complexity": return .complexity
        default:
            if text.hasPrefix("429:"), let seconds = Int(text.dropFirst(4)), (0...86_400).contains(seconds) {
                return .tooManyRequests(retryAfter: seconds)
            }
            return nil
        }
    }
}
