import FlyingFox
import FoundationEssentials

/// The HTTP side of the sandbox: reads each request (refusing bodies over the size limit), numbers
/// and records it, waits the configured latency, then answers it — or injects the fault a rule gives.
/// Answers that depend only on the request (``SandboxEndpoint/answersAreFixed``) are made during the latency.
struct SandboxHandler: HTTPHandler {
    let router: SandboxRouter
    let state: SandboxState
    let maxBodyBytes: Int

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let endpoint = SandboxEndpoint(path: request.path)
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            let key = name.rawValue.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        let body = try await Self.readBody(request.bodySequence, limit: maxBodyBytes)
        let (number, fault, latency) = state.admit(endpoint)
        let incoming = SandboxIncoming(
            method: request.method.rawValue, path: request.path,
            query: request.query.map { (name: $0.name, value: $0.value) }, headers: headers, body: body ?? Data(),
            number: number)
        state.record(
            SandboxRequest(
                method: incoming.method, path: incoming.path, query: incoming.query, headers: headers,
                body: incoming.body, endpoint: endpoint, number: number, fault: fault))

        // The latency runs from here. An endpoint whose answers are fixed has its answer made while it runs,
        // so the latency is the only delay, as from a fast real server (a benchmark measures the client, not
        // the sandbox's work); the others answer from their state once it has passed.
        let due = ContinuousClock.now + latency
        let prepared = endpoint.answersAreFixed ? await answer(incoming, endpoint, tooLarge: body == nil, fault) : nil
        if latency > .zero { try await Task.sleep(until: due, clock: .continuous) }
        while state.isHeld { try await Task.sleep(for: .milliseconds(20)) }
        if let prepared { return prepared }
        return await answer(incoming, endpoint, tooLarge: body == nil, fault)
    }

    /// The response to `incoming`: `413` when its body was refused, else the router's, or the fault's in its
    /// place.
    private func answer(
        _ incoming: SandboxIncoming, _ endpoint: SandboxEndpoint, tooLarge: Bool, _ fault: FaultRule.Fault?
    ) async -> HTTPResponse {
        let response: SandboxResponse
        if tooLarge {
            response = .error(413, "request body larger than \(maxBodyBytes) bytes")
        } else {
            response = await router.respond(to: incoming, endpoint: endpoint)
        }
        guard let fault else { return Self.httpResponse(response) }
        guard let faulty = fault.response(replacing: response, endpoint: endpoint) else {
            return HTTPResponse(webSocket: ConnectionReset())
        }
        return Self.httpResponse(faulty)
    }

    /// The body, or `nil` when it is larger than `limit` (the rest is not read; the connection closes).
    private static func readBody(_ sequence: HTTPBodySequence, limit: Int) async throws -> Data? {
        if let count = sequence.count, count > limit { return nil }
        var data = Data()
        for try await chunk in sequence {
            data.append(chunk)
            if data.count > limit { return nil }
        }
        return data
    }

    private static func httpResponse(_ response: SandboxResponse) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in response.headers {
            headers.addValue(value, for: HTTPHeader(name))
        }
        headers[HTTPHeader("Server")] = "riffle-sandbox"
        return HTTPResponse(
            statusCode: HTTPStatusCode(response.status, phrase: Self.phrase(response.status)), headers: headers,
            body: response.body)
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 413: "Content Too Large"
        case 422: "Unprocessable Entity"
        case 429: "Too Many Requests"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
