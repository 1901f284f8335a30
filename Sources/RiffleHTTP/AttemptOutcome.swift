/// What one attempt (one libcurl transfer) produced: plain data handed from the loop thread to the caller.
enum AttemptOutcome: Sendable {
    case response(AttemptResponse)
    case failure(TransportFailure)
}

/// A complete HTTP answer to one attempt.
struct AttemptResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    /// Where a redirect answer points, resolved by libcurl (`CURLINFO_REDIRECT_URL`).
    var redirectURL: String?
    /// New connections this transfer opened (`CURLINFO_NUM_CONNECTS`): 0 means a reused one.
    var newConnections: Int = 0
}

/// A transfer that ended without a complete response.
struct TransportFailure: Sendable, Error, Equatable {
    /// The category, mapped from libcurl's error code.
    enum Kind: Sendable, Equatable {
        case cannotResolve, refused, timedOut, connectionLost, tls, tooLarge, cancelled, invalid, other
    }

    var kind: Kind
    /// libcurl's `CURLcode` (0 when not from libcurl).
    var code: Int = 0
    /// libcurl's error-buffer text (names the host, never the query).
    var detail: String = ""

    /// Transport failures worth retrying: the server or network may do better next time.
    var isRetryable: Bool {
        switch kind {
        case .refused, .timedOut, .connectionLost: true
        case .cannotResolve, .tls, .tooLarge, .cancelled, .invalid, .other: false
        }
    }

    /// A short reason for logs.
    var reason: String {
        switch kind {
        case .cannotResolve: "cannot resolve host"
        case .refused: "connection refused"
        case .timedOut: "timed out"
        case .connectionLost: "connection lost"
        case .tls: "TLS failure"
        case .tooLarge: "response too large"
        case .cancelled: "cancelled"
        case .invalid: "invalid request"
        case .other: "curl error \(code)"
        }
    }

    /// The user-facing error for this failure.
    func error(host: String, maxResponseBytes: Int, redactor: Redactor) -> HTTPError {
        let detail = redactor.redact(self.detail)
        switch kind {
        case .cannotResolve: return .cannotResolve(host: host)
        case .refused: return .refused(host: host)
        case .timedOut: return .timedOut(host: host, detail: detail)
        case .connectionLost: return .connectionLost(host: host, detail: detail)
        case .tls: return .tls(host: host, detail: detail)
        case .tooLarge: return .tooLarge(host: host, limit: maxResponseBytes)
        case .cancelled: return .cancelled(host: host)
        case .invalid: return .invalidRequest(host: host, detail: detail)
        case .other: return .transport(host: host, code: code, detail: detail)
        }
    }
}
