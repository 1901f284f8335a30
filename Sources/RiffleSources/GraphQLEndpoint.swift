package import RiffleBytes
package import RiffleCore
internal import RiffleHTTP

/// GraphQL over a `JSONEndpoint`: POST `{"query", "variables", "operationName"}`, decode `data` and
/// `errors`. Failures of the exchange are the endpoint's `SourceError`s; what `data` lacks is the caller's.
package struct GraphQLEndpoint: Sendable {
    /// The JSON-over-HTTP exchange underneath.
    var json: JSONEndpoint

    init(client: HTTPClient, url: String, headers: HTTPHeaders = HTTPHeaders(), timeout: Duration, retries: Int) {
        self.json = JSONEndpoint(client: client, url: url, headers: headers, timeout: timeout, retries: retries)
    }

    /// The authority asked (`host:port`), for errors.
    var host: String { json.host }

    /// A decoded GraphQL response.
    package struct Response: Sendable {
        /// `data`, unless it was absent or `null`.
        package var data: JSONNode?
        /// Whether the answer had a `data` entry at all (`null` included). Without one, `errors` are
        /// request errors; with one, field errors.
        var hasDataEntry: Bool
        /// `errors[].message` (the first five), as the server wrote them.
        var errors: [String]
        var status: Int
        /// Requests made for it (the HTTP layer's retries included).
        var attempts = 1

        /// The error for an answer without usable `data`: a request error when there was no `data`
        /// entry, else a field error. `service` names the API in the words (`nil`: "the API").
        package func missingData(service: String?, host: String) -> SourceError {
            let error: SourceError =
                hasDataEntry
                ? .graphQLFieldError(service: service, host: host, messages: errors)
                : .graphQLRequestError(service: service, host: host, messages: errors)
            return error.afterAttempts(attempts)
        }
    }

    /// Sends one operation. Throws when the response cannot be used at all (see `JSONEndpoint.post`).
    func send(query: String, variables: [String: JSONValue], operationName: String?) async throws(SourceError)
        -> Response
    {
        var body: [String: JSONValue] = ["query": .string(query), "variables": .object(variables)]
        if let operationName { body["operationName"] = .string(operationName) }
        return Response(try await json.post(.object(body)))
    }

    /// `errors[].message` of a GraphQL answer (the first five; an error without a message as its JSON).
    static func messages(in json: JSONNode?) -> [String] {
        guard let list = json?["errors"]?.elements else { return [] }
        return list.prefix(5).map { $0["message"]?.stringValue ?? $0.value.jsonText }
    }
}

extension GraphQLEndpoint.Response {
    /// The GraphQL reading of a JSON answer.
    init(_ answer: JSONEndpoint.Answer) {
        let data = answer.json["data"]
        self.init(
            data: data?.isNull == true ? nil : data, hasDataEntry: data != nil,
            errors: GraphQLEndpoint.messages(in: answer.json),
            status: answer.status, attempts: answer.attempts)
    }
}
