/// A failure of one source, as data: what happened (`kind`, with the HTTP `status` and the server's
/// `serverMessages` where there are some), the `host` asked, and whether trying again can help.
///
/// Every adapter's error ends up as one of these in the source's status. A struct over a private enum
/// (the async-http-client habit), so callers branch on `kind` and `status`, never on the words, and new
/// reasons can be added without breaking them. It is put into words in one place, `description`; text
/// quoted from a server or a plugin in it is untrusted.
package struct SourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, coarsely: what a caller (the reader, a retry policy) branches on.
    package enum Kind: Sendable, Hashable {
        /// The request did not get a complete answer: no connection, a timeout, a reset, TLS, too large.
        case transport
        /// The server answered with a status that is not 2xx (see `status` and `serverMessages`).
        case httpStatus
        /// The server refused the credentials (HTTP 401 to an adapter that knows what its token is for).
        case unauthorized
        /// A 2xx answer whose body is not a JSON object (an HTML page from a proxy, a bare value).
        case notJSON
        /// A 2xx answer whose body starts as JSON but ends early: the transfer was cut short.
        case truncatedBody
        /// A GraphQL answer with `errors` and no `data` at all: the request itself was refused
        /// (a syntax or validation error, or an error before execution).
        case graphQLRequestError
        /// A GraphQL answer whose `data` is `null`, or lacks what was asked for, next to `errors`:
        /// fields failed while the request ran.
        case graphQLFieldError
        /// The answer is well-formed but does not hold what the adapter reads (no list of items, an
        /// unknown project).
        case mapping
        /// A cursor this source cannot have handed out.
        case invalidCursor
        /// A plugin process failed, or answered with an error of its own.
        case plugin
        /// The load was cancelled.
        case cancelled
        /// Anything else, in words.
        case other
    }

    /// Whether the GraphQL answer had a `data` entry at all.
    private enum GraphQLData: Sendable, Hashable {
        /// No `data` key: a request error.
        case absent
        /// `data` was `null`, or lacked what was asked for.
        case incomplete
    }

    private indirect enum Reason: Sendable, Hashable {
        case transport(detail: String)
        /// `hostName` is the host without its port, as a plain HTTP failure names it.
        case status(Int, messages: [String], excerpt: String?, hostName: String)
        case unauthorized(service: String, tokenGiven: Bool, cause: Reason)
        case notJSON(status: Int, bytes: Int)
        case truncated(status: Int, bytes: Int)
        case graphQL(service: String?, data: GraphQLData, missing: String?, messages: [String])
        case mapping(detail: String)
        case invalidCursor(detail: String)
        case pluginAnswer(executable: String, message: String)
        case pluginFailed(executable: String, detail: String)
        case pluginBusy(executable: String)
        case cancelled
        case other(String)
    }

    private let reason: Reason
    /// The host (and port) the source asked, when the failure is about an answer or a request.
    package let host: String?
    /// Whether trying the same page again later may succeed (network trouble, 5xx) or not (bad token).
    package let isRetryable: Bool
    /// How many requests the failed load made (the HTTP layer's retries included): a page retry counts
    /// them against the source's one budget of `retries`, so a dead server is not retried twice over.
    package private(set) var attempts = 1

    private init(_ reason: Reason, host: String?, isRetryable: Bool) {
        self.reason = reason
        self.host = host
        self.isRetryable = isRetryable
    }

    /// An error in words only, of kind `.other`: for failures no other kind describes.
    package init(_ message: String, isRetryable: Bool = false) {
        self.init(.other(message), host: nil, isRetryable: isRetryable)
    }

    package var kind: Kind {
        switch reason {
        case .transport: .transport
        case .status: .httpStatus
        case .unauthorized: .unauthorized
        case .notJSON: .notJSON
        case .truncated: .truncatedBody
        case .graphQL(_, .absent, _, _): .graphQLRequestError
        case .graphQL(_, .incomplete, _, _): .graphQLFieldError
        case .mapping: .mapping
        case .invalidCursor: .invalidCursor
        case .pluginAnswer, .pluginFailed, .pluginBusy: .plugin
        case .cancelled: .cancelled
        case .other: .other
        }
    }

    /// The HTTP status, when the failure is about one.
    package var status: Int? { Self.status(of: reason) }

    private static func status(of reason: Reason) -> Int? {
        switch reason {
        case .status(let status, _, _, _), .notJSON(let status, _), .truncated(let status, _): status
        case .unauthorized(_, _, let cause): Self.status(of: cause)
        default: nil
        }
    }

    /// What the server said about the failure (GraphQL `errors[].message`, a REST `message`), as sent.
    package var serverMessages: [String] {
        switch reason {
        case .status(_, let messages, _, _), .graphQL(_, _, _, let messages): messages
        case .unauthorized(_, _, .status(_, let messages, _, _)): messages
        default: []
        }
    }

    /// The same error, recorded as the outcome of `count` requests (at least 1).
    package func afterAttempts(_ count: Int) -> SourceError {
        var copy = self
        copy.attempts = max(1, count)
        return copy
    }

    /// The words, the same as `description` (for callers that show the message as such).
    package var message: String { description }

    package var description: String { Self.describe(reason, host: host ?? "(unknown host)") }

    private static func describe(_ reason: Reason, host: String) -> String {
        switch reason {
        case .transport(let detail):
            return detail
        case .status(let status, let messages, let excerpt, let hostName):
            if !messages.isEmpty { return "HTTP \(status) from \(host): \(messages.joined(separator: "; "))" }
            return "\(hostName) answered HTTP \(status)" + (excerpt.map { ": \($0)" } ?? "")
        case .unauthorized(let service, true, _):
            return "\(service) rejected the token (HTTP 401); check it is valid and has read_api scope"
        case .unauthorized(let service, false, let cause):
            return "\(service) answered 401 without a token: \(describe(cause, host: host))"
        case .notJSON(let status, let bytes), .truncated(let status, let bytes):
            return "HTTP \(status) from \(host) was not JSON (\(bytes) bytes)"
        case .graphQL(let service, _, let missing, let messages):
            guard !messages.isEmpty else { return "\(service ?? "the API") sent no data" }
            let said = messages.joined(separator: "; ")
            let prefix = [service, missing].compactMap { $0 }.joined(separator: ": ")
            return prefix.isEmpty ? said : "\(prefix): \(said)"
        case .mapping(let detail), .invalidCursor(let detail):
            return detail
        case .pluginAnswer(let executable, let message):
            return "plugin \(executable): \(message)"
        case .pluginFailed(let executable, let detail):
            return "plugin \(executable) \(detail)"
        case .pluginBusy(let executable):
            return "plugin \(executable): a page of this source is already loading"
        case .cancelled:
            return "cancelled"
        case .other(let message):
            return message
        }
    }
}

// Constructors, one per reason.
extension SourceError {
    /// The request got no complete answer; `detail` is the transport layer's own account (it names the host).
    package static func transport(host: String, detail: String, isRetryable: Bool) -> SourceError {
        SourceError(.transport(detail: detail), host: host, isRetryable: isRetryable)
    }

    /// A status that is not 2xx, with what the server said in JSON, or else a plain-text excerpt of the body.
    /// `host` is the authority asked (`host:port`); `hostName` the host alone, for the plain wording.
    package static func httpStatus(
        _ status: Int, host: String, hostName: String? = nil, messages: [String] = [], excerpt: String? = nil,
        isRetryable: Bool
    ) -> SourceError {
        let excerpt = excerpt?.isEmpty == false ? excerpt : nil
        return SourceError(
            .status(status, messages: messages, excerpt: excerpt, hostName: hostName ?? host), host: host,
            isRetryable: isRetryable)
    }

    /// `cause` (an HTTP 401) put in terms of the credentials `service` was given.
    package static func unauthorized(service: String, tokenGiven: Bool, cause: SourceError) -> SourceError {
        SourceError(
            .unauthorized(service: service, tokenGiven: tokenGiven, cause: cause.reason), host: cause.host,
            isRetryable: false)
    }

    /// A 2xx answer that is not a JSON object. Worth trying again: a proxy's page is often passing.
    package static func notJSON(status: Int, host: String, bytes: Int) -> SourceError {
        SourceError(.notJSON(status: status, bytes: bytes), host: host, isRetryable: true)
    }

    /// A 2xx answer that starts as JSON and ends early.
    package static func truncatedBody(status: Int, host: String, bytes: Int) -> SourceError {
        SourceError(.truncated(status: status, bytes: bytes), host: host, isRetryable: true)
    }

    /// A GraphQL answer without `data`: the server refused the request (`messages` says why).
    package static func graphQLRequestError(service: String?, host: String?, messages: [String]) -> SourceError {
        SourceError(
            .graphQL(service: service, data: .absent, missing: nil, messages: messages), host: host,
            isRetryable: false)
    }

    /// A GraphQL answer whose `data` is `null`, or lacks `missing`, with the server's `messages`.
    /// Retryable (fields fail in passing: a timeout, an internal error) unless a message is one that
    /// cannot get better (`PageFault.isKnownPermanent`).
    package static func graphQLFieldError(
        service: String?, host: String?, missing: String? = nil, messages: [String]
    ) -> SourceError {
        SourceError(
            .graphQL(service: service, data: .incomplete, missing: missing, messages: messages), host: host,
            isRetryable: !messages.contains(where: PageFault.isKnownPermanent))
    }

    /// A well-formed answer without what the adapter reads; `detail` says what is missing.
    package static func mapping(_ detail: String, host: String? = nil) -> SourceError {
        SourceError(.mapping(detail: detail), host: host, isRetryable: false)
    }

    /// A cursor this source did not hand out; `detail` says which.
    package static func invalidCursor(_ detail: String) -> SourceError {
        SourceError(.invalidCursor(detail: detail), host: nil, isRetryable: false)
    }

    /// A plugin answered with an error of its own (`message`, untrusted, already made printable);
    /// `isRetryable` when the plugin marked it `"retryable": true`.
    package static func pluginAnswer(executable: String, message: String, isRetryable: Bool = false) -> SourceError {
        SourceError(.pluginAnswer(executable: executable, message: message), host: nil, isRetryable: isRetryable)
    }

    /// A plugin process failed; `detail` continues "plugin EXECUTABLE …" (how, its exit, its stderr).
    package static func pluginFailed(executable: String, detail: String) -> SourceError {
        SourceError(.pluginFailed(executable: executable, detail: detail), host: nil, isRetryable: false)
    }

    /// A page of a plugin source was asked for while another was loading.
    package static func pluginBusy(executable: String) -> SourceError {
        SourceError(.pluginBusy(executable: executable), host: nil, isRetryable: false)
    }

    /// The load was cancelled; trying again later can succeed.
    package static let cancelled = SourceError(.cancelled, host: nil, isRetryable: true)
}
