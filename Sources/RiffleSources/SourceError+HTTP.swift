internal import RiffleCore
internal import RiffleHTTP

extension SourceError {
    /// A request that got no answer, as a source's error: a cancelled one (the reader quit, the export
    /// stopped) is `.cancelled`, which no one reports as the source's failure; anything else a transport
    /// error with the host and the attempts made.
    init(httpError error: HTTPError, host: String) {
        if error.kind == .cancelled {
            self = .cancelled
        } else {
            self = SourceError.transport(host: host, detail: error.description, isRetryable: error.isRetryable)
                .afterAttempts(error.attempts)
        }
    }
}
