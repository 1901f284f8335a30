/// One HTTP request as a caller describes it: plain data, validated by the client before anything is sent.
package struct HTTPRequest: Sendable {
    /// The method, e.g. `"GET"` or `"POST"` (upper-case token characters only).
    package var method: String
    /// An absolute `http` or `https` URL.
    package var url: String
    /// Header fields sent with the request. They go only to this URL's origin: a redirect to another
    /// origin drops them all, so tokens never leave the host they were configured for.
    package var headers: HTTPHeaders
    /// The request body (empty for none).
    package var body: [UInt8]
    /// The time limit of one attempt, from connecting to the last body byte.
    var timeout: Duration
    /// Extra attempts after the first for retryable failures (transport errors, 408, 429, 5xx).
    var retries: Int

    package init(
        method: String = "GET", url: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        timeout: Duration = .seconds(20), retries: Int = 3
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.retries = retries
    }
}
