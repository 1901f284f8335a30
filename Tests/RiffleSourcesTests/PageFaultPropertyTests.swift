import RiffleCore
import RiffleHTTP
import Testing

@testable import RiffleSources

/// The retry classification over generated answers (status × body shape × errors × requests already
/// made), decoded by the real `JSONEndpoint` and `GraphQLEndpoint` code, then judged by `PageRetryState`.
@Suite struct PageFaultPropertyTests {
    enum Shape: CaseIterable {
        case dataAbsent, dataNull, dataPresent, truncated, html, empty, bareValue
    }

    static let transientMessages = [
        "Internal server error",
        "Something went wrong while executing your query. This may be the result of a timeout, or it could be a "
            + "GitHub bug.",
        "upstream request timeout",
    ]
    static let permanentMessages = [
        "Query too large",
        "Query has complexity of 312, which exceeds max complexity of 250",
        "Timeout on validation of query",
        "Query has depth of 16, which exceeds max depth of 15",
    ]
    static let statuses = [200, 201, 204, 400, 401, 403, 404, 408, 409, 413, 418, 422, 429, 500, 501, 502, 503, 504]

    struct Case: CustomStringConvertible {
        var status: Int
        var shape: Shape
        var messages: [String]
        var attemptsBelow: Int
        var retries: Int

        var description: String {
            "status \(status), \(shape), messages \(messages), \(attemptsBelow) requests made, retries \(retries)"
        }

        var body: [UInt8] {
            let errors =
                messages.isEmpty
                ? "" : "\"errors\":[" + messages.map { "{\"message\":\"\($0)\"}" }.joined(separator: ",") + "]"
            func object(_ members: [String]) -> String {
                "{" + members.filter { !$0.isEmpty }.joined(separator: ",") + "}"
            }
            let text: String
            switch shape {
            case .dataAbsent: text = object([errors])
            case .dataNull: text = object([errors, "\"data\":null"])
            case .dataPresent: text = object([errors, "\"data\":{\"items\":[]}"])
            case .truncated: text = String(object([errors, "\"data\":{\"items\":[1,2,3]}"]).dropLast(6))
            case .html: text = "<html><body>Bad Gateway</body></html>"
            case .empty: text = ""
            case .bareValue: text = "42"
            }
            return Array(text.utf8)
        }
    }

    static func generate(_ count: Int, seed: UInt64) -> [Case] {
        var rng = SplitMix64(seed: seed)
        let pool = transientMessages + permanentMessages
        return (0..<count).map { _ in
            let messageCount = Int.random(in: 0...2, using: &rng)
            return Case(
                status: statuses.randomElement(using: &rng) ?? 200,
                shape: Shape.allCases.randomElement(using: &rng) ?? .html,
                messages: (0..<messageCount).compactMap { _ in pool.randomElement(using: &rng) },
                attemptsBelow: Int.random(in: 1...4, using: &rng), retries: Int.random(in: 0...4, using: &rng))
        }
    }

    /// The error an adapter throws for the answer: the endpoint's, or the GraphQL decoding's for a 2xx
    /// object without usable data; nil when the page is usable.
    static func error(for answer: Case) -> SourceError? {
        let response = HTTPResponse(
            status: answer.status, body: answer.body, url: "http://127.0.0.1:1/graphql", attempts: answer.attemptsBelow)
        do {
            let json = try JSONEndpoint.answer(response, host: "127.0.0.1:1")
            let decoded = GraphQLEndpoint.Response(json)
            guard decoded.data != nil else { return decoded.missingData(service: nil, host: "127.0.0.1:1") }
            return nil
        } catch {
            return error
        }
    }

    @Test func classificationInvariants() {
        var judged = 0
        for answer in Self.generate(20_000, seed: 0x5EED_0012) {
            guard let error = Self.error(for: answer) else {
                #expect((200..<300).contains(answer.status) && answer.shape == .dataPresent, "\(answer)")
                continue
            }
            judged += 1
            var state = PageRetryState(retries: answer.retries)
            let retried: Bool
            if case .retry = state.next(after: error, random: 0.5) { retried = true } else { retried = false }
            let attemptsRemain = answer.attemptsBelow <= answer.retries
            let success = (200..<300).contains(answer.status)
            // Messages reach the client only in a body that parses.
            let parses = [.dataAbsent, .dataNull, .dataPresent].contains(answer.shape)
            let permanentMessage = parses && answer.messages.contains { Self.permanentMessages.contains($0) }

            #expect(error.attempts == answer.attemptsBelow, "\(answer)")
            if !attemptsRemain { #expect(!retried, "no attempts remain: \(answer)") }
            if permanentMessage { #expect(!retried, "a known permanent message: \(answer)") }
            if success && answer.shape == .dataAbsent && !answer.messages.isEmpty {
                #expect(!retried, "no data key: a request error: \(answer)")
            }
            if !success && !RetryPolicy.isRetryable(status: answer.status) {
                #expect(!retried, "4xx other than 408/429: \(answer)")
            }
            if attemptsRemain && !permanentMessage {
                if !success && RetryPolicy.isRetryable(status: answer.status) {
                    #expect(retried, "5xx, 408, 429: \(answer)")
                }
                if success && [.truncated, .html, .empty, .bareValue].contains(answer.shape) {
                    #expect(retried, "a 2xx that is cut off or not JSON: \(answer)")
                }
                if success && answer.shape == .dataNull {
                    #expect(retried, "data null with a transient message: \(answer)")
                }
            }
        }
        #expect(judged > 15_000)
    }

    @Test func knownPermanentMessagesAreReadCaseInsensitively() {
        #expect(PageFault.isKnownPermanent("QUERY TOO LARGE"))
        #expect(PageFault.isKnownPermanent("Could not resolve to a Repository with the name 'acme/nope'."))
        #expect(!PageFault.isKnownPermanent(Self.transientMessages[1]))
        #expect(!PageFault.isKnownPermanent(String(repeating: "x", count: 600) + "query too large"), "512 bytes read")
    }
}
