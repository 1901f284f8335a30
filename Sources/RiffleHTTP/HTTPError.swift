import RiffleCore

/// Why a request failed, readable by a person: it names the host, never a token or a query string.
///
/// A struct over a private enum (the async-http-client habit): new reasons can be added without breaking
/// callers, who switch over the coarse public `kind`.
package struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The coarse category of a failure, for callers that branch on it.
    package enum Kind: Sendable, Hashable {
        /// The host name did not resolve.
        case cannotResolve
        /// Nothing accepted the connection.
        case connectionRefused
        /// Connecting or transferring took longer than allowed (or the transfer stalled).
        case timedOut
        /// The connection was reset or closed before a complete response arrived.
        case connectionLost
        /// The TLS handshake or certificate check failed.
        case tls
        /// The server answered with a non-success status (see `status`, `excerpt`).
        case status
        /// The decoded response body is larger than the client's limit.
        case tooLarge
        /// More redirects than allowed.
        case tooManyRedirects
        /// A redirect pointed at a scheme other than http or https, or at an unusable URL.
        case redirectRefused
        /// The server asked to wait longer before retrying than the client allows.
        case retryWaitTooLong
        /// The awaiting task was cancelled, or the client shut down.
        case cancelled
        /// The request was refused before sending: bad scheme or URL, CR/LF in a header, too large.
        case invalidRequest
        /// Any other transport failure.
        case transport
    }

    private enum Reason: Sendable {
        case cannotResolve
        case refused
        case timedOut(detail: String)
        case connectionLost(detail: String)
        case tls(detail: String)
        case status(Int, excerpt: String)
        case tooLarge(limit: Int)
        case tooManyRedirects(limit: Int)
        case redirectRefused(detail: String)
        case retryWaitTooLong(requested: Duration, limit: Duration, status: Int?)
        case cancelled
        case invalidRequest(detail: String)
        case transport(code: Int, detail: String)
    }

    /// The host the request went to (no scheme, path, query or credentials).
    package let host: String
    private let reason: Reason
    /// How many attempts the request made before it failed (retries and redirect hops included), so a
    /// layer above that retries too counts them against the same budget.
    package internal(set) var attempts = 1

    private init(host: String, reason: Reason) {
        self.host = host.isEmpty ? "(unknown host)" : host
        self.reason = reason
    }

    /// The category of this failure.
    package var kind: Kind {
        switch reason {
        case .cannotResolve: .cannotResolve
        case .refused: .connectionRefused
        case .timedOut: .timedOut
        case .connectionLost: .connectionLost
        case .tls: .tls
        case .status: .status
        case .tooLarge: .tooLarge
        case .tooManyRedirects: .tooManyRedirects
        case .redirectRefused: .redirectRefused
        case .retryWaitTooLong: .retryWaitTooLong
        case .cancelled: .cancelled
        case .invalidRequest: .invalidRequest
        case .transport: .transport
        }
    }

    /// Whether trying again later may succeed (transport trouble, 408, 429, 5xx gateways).
    package var isRetryable: Bool {
        switch reason {
        case .refused, .timedOut, .connectionLost: true
        case .status(let status, _): RetryPolicy.isRetryable(status: status)
        case .retryWaitTooLong: true
        default: false
        }
    }

    /// The HTTP status, when the failure is about one.
    package var status: Int? {
        switch reason {
        case .status(let status, _): status
        case .retryWaitTooLong(_, _, let status): status
        default: nil
        }
    }

    /// A short plain-text excerpt of the response body, for `.status` errors.
    package var excerpt: String? {
        if case .status(_, let excerpt) = reason, !excerpt.isEmpty { return excerpt }
        return nil
    }

    package var description: String {
        switch reason {
        case .cannotResolve:
            return "cannot resolve host \(host)"
        case .refused:
            return "\(host) refused the connection"
        case .timedOut(let detail):
            return "request to \(host) timed out" + Self.suffix(detail)
        case .connectionLost(let detail):
            return "connection to \(host) was lost before the response was complete" + Self.suffix(detail)
        case .tls(let detail):
            return "TLS failure talking to \(host)" + Self.suffix(detail)
        case .status(let status, let excerpt):
            return "\(host) answered HTTP \(status)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .tooLarge(let limit):
            return "response from \(host) is larger than the limit of \(ByteCount.format(limit))"
        case .tooManyRedirects(let limit):
            return "\(host) redirected more than \(limit) times"
        case .redirectRefused(let detail):
            return "refused a redirect from \(host): \(detail)"
        case .retryWaitTooLong(let requested, let limit, let status):
            let why = status.map { " (HTTP \($0))" } ?? ""
            return "\(host) asked to wait \(Self.seconds(requested)) before retrying\(why), "
                + "more than the \(Self.seconds(limit)) this client waits"
        case .cancelled:
            return "request to \(host) was cancelled"
        case .invalidRequest(let detail):
            return "invalid request to \(host): \(detail)"
        case .transport(let code, let detail):
            return "transfer from \(host) failed" + Self.suffix(detail) + " (curl error \(code))"
        }
    }

    private static func suffix(_ detail: String) -> String {
        detail.isEmpty ? "" : ": \(detail)"
    }

    private static func seconds(_ duration: Duration) -> String {
        let seconds = duration.seconds
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\((seconds * 10).rounded() / 10) s"
    }
}

// Internal constructors, one per reason.
extension HTTPError {
    static func cannotResolve(host: String) -> HTTPError { HTTPError(host: host, reason: .cannotResolve) }
    static func refused(host: String) -> HTTPError { HTTPError(host: host, reason: .refused) }
    static func timedOut(host: String, detail: String) -> HTTPError {
        HTTPError(host: host, reason: .timedOut(detail: detail))
    }
    static func connectionLost(host: String, detail: String) -> HTTPError {
        HTTPError(host: host, reason: .connectionLost(detail: detail))
    }
    static func tls(host: String, detail: String) -> HTTPError { HTTPError(host: host, reason: .tls(detail: detail)) }
    static func status(host: String, status: Int, excerpt: String) -> HTTPError {
        HTTPError(host: host, reason: .status(status, excerpt: excerpt))
    }
    static func tooLarge(host: String, limit: Int) -> HTTPError {
        HTTPError(host: host, reason: .tooLarge(limit: limit))
    }
    static func tooManyRedirects(host: String, limit: Int) -> HTTPError {
        HTTPError(host: host, reason: .tooManyRedirects(limit: limit))
    }
    static func redirectRefused(host: String, detail: String) -> HTTPError {
        HTTPError(host: host, reason: .redirectRefused(detail: detail))
    }
    static func retryWaitTooLong(host: String, requested: Duration, limit: Duration, status: Int?) -> HTTPError {
        HTTPError(host: host, reason: .retryWaitTooLong(requested: requested, limit: limit, status: status))
    }
    static func cancelled(host: String) -> HTTPError { HTTPError(host: host, reason: .cancelled) }
    static func invalidRequest(host: String, detail: String) -> HTTPError {
        HTTPError(host: host, reason: .invalidRequest(detail: detail))
    }
    static func transport(host: String, code: Int, detail: String) -> HTTPError {
        HTTPError(host: host, reason: .transport(code: code, detail: detail))
    }
}
