import RiffleCore

/// URL facts other layers need for messages and listings, parsed once, here.
package enum HTTPURL {
    /// `host[:port]` of `url`: never the scheme's credentials, path or query (which may hold a token).
    package static func authority(of url: String) -> String {
        guard let parts = URLParts.parse(url) else { return "(invalid URL)" }
        return parts.host + (parts.port.map { ":\($0)" } ?? "")
    }

    /// `scheme://host:port` of an http or https `url` (the port made explicit), the key of same-origin
    /// checks; `nil` for anything else.
    package static func origin(of url: String) -> String? {
        guard let parts = URLParts.parse(url), parts.scheme == "http" || parts.scheme == "https" else { return nil }
        return parts.origin
    }
}

extension HTTPResponse {
    /// Whether the status is one the client retries (408, 429, 500, 502, 503, 504): worth trying again
    /// later once retries are spent.
    package var hasRetryableStatus: Bool { RetryPolicy.retryableStatuses.contains(status) }
}
