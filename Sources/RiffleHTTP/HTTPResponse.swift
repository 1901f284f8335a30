/// The final response to a request, after redirects and retries, whatever its status.
package struct HTTPResponse: Sendable {
    /// The HTTP status code.
    package var status: Int
    /// The response header fields.
    package var headers: HTTPHeaders
    /// The decoded body (after `Content-Encoding`), at most the client's size limit.
    package var body: [UInt8]
    /// The final URL, after redirects.
    package var url: String
    /// How many attempts were made, counting retries and redirect hops.
    package var attempts: Int
    /// Strings masked out of error text built from this response (configured secrets, token values).
    var secrets: [String] = []

    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], url: String, attempts: Int = 1)
    {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.attempts = attempts
    }

    /// Whether the status is 2xx.
    package var isSuccess: Bool { (200...299).contains(status) }

    /// Returns `self` for a 2xx status; otherwise throws an `HTTPError` of kind `.status` that names the
    /// host and carries a short plain-text excerpt of the body (tags stripped, never a page of HTML).
    @discardableResult
    package func ensureSuccess() throws(HTTPError) -> HTTPResponse {
        guard isSuccess else {
            let excerpt = Redactor(secrets: secrets).redact(BodyExcerpt.make(from: body))
            throw HTTPError.status(host: URLParts.hostForMessages(url), status: status, excerpt: excerpt)
        }
        return self
    }
}
