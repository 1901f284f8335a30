internal import RiffleBytes
internal import RiffleCore
internal import RiffleHTTP

/// JSON over HTTP for one URL: POST a JSON body, get a JSON object back. The transport under the
/// GraphQL adapters and SpaceX's REST API alike.
///
/// Every failure becomes a `SourceError` of a precise kind: `.transport`, `.httpStatus` (with what the
/// server said, if it said it in JSON), `.truncatedBody` or `.notJSON`. Server text in it is untrusted.
package struct JSONEndpoint: Sendable {
    var client: HTTPClient
    var url: String
    var headers: HTTPHeaders
    var timeout: Duration
    var retries: Int
    /// The authority asked (`host:port`), for errors.
    let host: String

    init(client: HTTPClient, url: String, headers: HTTPHeaders = HTTPHeaders(), timeout: Duration, retries: Int) {
        self.client = client
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.retries = retries
        self.host = HTTPURL.authority(of: url)
    }

    /// A JSON object answered with a 2xx status, read in place: the mapping makes values only for the
    /// fields it keeps.
    struct Answer: Sendable {
        var json: JSONNode
        var status: Int
        /// Requests made for it (the HTTP layer's retries included), for errors found in it later.
        var attempts = 1
    }

    /// POSTs `body` and returns the JSON object answered.
    func post(_ body: JSONValue) async throws(SourceError) -> Answer {
        var bytes: [UInt8] = []
        body.write(to: &bytes)
        return try await post(bytes)
    }

    /// POSTs a serialized JSON body and returns the JSON object answered.
    func post(_ bytes: [UInt8]) async throws(SourceError) -> Answer {
        var requestHeaders = headers
        requestHeaders.replaceOrAdd(name: "Content-Type", value: "application/json")
        if !requestHeaders.contains(name: "Accept") { requestHeaders.add(name: "Accept", value: "application/json") }
        let request = HTTPRequest(
            method: "POST", url: url, headers: requestHeaders, body: bytes, timeout: timeout, retries: retries)
        let response: HTTPResponse
        do {
            response = try await client.execute(request)
        } catch {
            throw SourceError(httpError: error, host: host)
        }
        return try Self.answer(response, host: host)
    }

    /// The JSON object of a 2xx answer, or the error the answer is (counting the requests it took).
    static func answer(_ response: HTTPResponse, host: String) throws(SourceError) -> Answer {
        do {
            return try decode(response, host: host)
        } catch {
            throw error.afterAttempts(response.attempts)
        }
    }

    private static func decode(_ response: HTTPResponse, host: String) throws(SourceError) -> Answer {
        let parsed = Result { () throws(JSONParseError) in try JSONDocument(parsing: response.body).root }
        let json = try? parsed.get()
        guard response.isSuccess else {
            do {
                try response.ensureSuccess()
            } catch {
                let messages = messages(in: json)
                throw .httpStatus(
                    response.status, host: host, hostName: error.host, messages: messages, excerpt: error.excerpt,
                    isRetryable: messages.isEmpty ? error.isRetryable : response.hasRetryableStatus)
            }
            throw .httpStatus(response.status, host: host, isRetryable: response.hasRetryableStatus)
        }
        guard let json, json.isObject else {
            if case .failure(let failure) = parsed, isTruncated(response.body, failure) {
                throw .truncatedBody(status: response.status, host: host, bytes: response.body.count)
            }
            throw .notJSON(status: response.status, host: host, bytes: response.body.count)
        }
        return Answer(json: json, status: response.status, attempts: response.attempts)
    }

    /// What an error body says: GraphQL `errors[].message` (the first five), else a REST-style
    /// `{"message": …}` (GitHub) or `{"error": …}` (SpaceX).
    static func messages(in json: JSONNode?) -> [String] {
        let graphQL = GraphQLEndpoint.messages(in: json)
        guard graphQL.isEmpty else { return graphQL }
        return [json?["message"]?.stringValue ?? json?["error"]?.stringValue].compactMap { $0 }
    }

    /// A body that opens a JSON object or array and breaks off at its end: the transfer was cut short.
    static func isTruncated(_ body: [UInt8], _ failure: JSONParseError) -> Bool {
        guard failure.offset >= body.count,
            let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) })
        else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
