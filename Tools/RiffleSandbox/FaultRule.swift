/// A fault to inject: which endpoint, which of its requests, and what goes wrong.
///
/// Requests are numbered per endpoint from 1, counting from when the rules were installed (server
/// start, or the last ``SandboxServer/setFaults(_:)``). The first rule that matches a request wins.
public struct FaultRule: Sendable, Hashable {
    /// The endpoint whose requests the rule counts; `nil` means any endpoint (counting all requests).
    var endpoint: SandboxEndpoint?
    /// Which of those requests fail.
    package var requests: Requests
    /// What the response becomes.
    package var fault: Fault

    package init(endpoint: SandboxEndpoint?, requests: Requests, fault: Fault) {
        self.endpoint = endpoint
        self.requests = requests
        self.fault = fault
    }

    /// The request numbers a rule applies to.
    package enum Requests: Sendable, Hashable {
        /// Requests whose numbers lie in the range (`3...3` is the third request only).
        case numbers(ClosedRange<Int>)
        /// Every request.
        case every
        /// Every Nth request (N, 2N, 3N...).
        case everyNth(Int)

        /// The Nth request only.
        package static func nth(_ number: Int) -> Requests { .numbers(number...number) }

        /// The next `count` requests after the rules are installed.
        static func next(_ count: Int) -> Requests { .numbers(1...max(1, count)) }

        /// Whether request `number` is one of these.
        func contains(_ number: Int) -> Bool {
            switch self {
            case .numbers(let range): range.contains(number)
            case .every: true
            case .everyNth(let step): step > 0 && number % step == 0
            }
        }
    }

    /// What happens to a matched request.
    package enum Fault: Sendable, Hashable {
        /// HTTP 429, `Retry-After: seconds`, plain-text body `Retry later` (GitLab's rate limiter).
        case tooManyRequests(retryAfter: Int)
        /// HTTP 502 with an HTML page, as a proxy in front of the API sends it.
        case badGateway
        /// HTTP 503 with an HTML page.
        case serviceUnavailable
        /// The connection is closed without any response.
        case connectionReset
        /// HTTP 200 whose JSON body stops in the middle of the document.
        case truncatedJSON
        /// HTTP 200 `{"errors":[{"message":…}],"data":null}`.
        case graphQLErrors
        /// HTTP 200 with the real data, one list element nulled, and an `errors` entry pointing at it
        /// (GraphQL endpoints; elsewhere the same as ``graphQLErrors``).
        case partialData
        /// HTTP 400 `{"message":"Bad request"}`: a refusal no retry mends.
        case badRequest
        /// HTTP 200 with an HTML page (a proxy's or a captive portal's), not JSON.
        case htmlOK
        /// HTTP 200 `{"data":null,"errors":[…]}` with GitHub's message for a query that timed out
        /// ("Something went wrong while executing your query. This may be the result of a timeout…").
        case graphQLTimeout
        /// HTTP 200 `{"errors":[…]}` without `data`: a request error (a field that does not exist), which
        /// no retry can mend.
        case requestError
        /// HTTP 200 `{"data":null,"errors":[…]}` saying the query is too complex, which no retry mends.
        case complexity
    }
}
