import FoundationEssentials
import GraphQL

/// `POST /api/graphql`: GitLab's GraphQL API over ``GitLabData``.
///
/// Follows gitlab.com: a token not in the accepted list is 401 `{"errors":[{"message":"Invalid token"}]}`
/// before any GraphQL runs; an unknown or invisible project is `project: null`, not an error; every
/// response carries a top-level `correlationId`; a query over 10,000 characters or an unreadable body
/// is 422.
struct GitLabEndpoint: Sendable {
    /// What resolvers know about the request.
    struct Context: Sendable {
        var authenticated: Bool
    }

    let data: GitLabData
    let service: GraphQLService
    let validTokens: Set<String>
    let seed: UInt64

    init(data: GitLabData, validTokens: Set<String>, seed: UInt64) throws {
        self.data = data
        self.validTokens = validTokens
        self.seed = seed
        self.service = try GraphQLService(sdl: GitLabSchema.sdl, resolvers: GitLabResolvers(data: data).all)
    }

    func handle(_ request: SandboxIncoming) async -> SandboxResponse {
        let correlation = correlationID(request.number)
        var authenticated = false
        if let token = request.token {
            guard validTokens.contains(token) else {
                return .json(401, Data(#"{"errors":[{"message":"Invalid token"}]}"#.utf8))
            }
            authenticated = true
        }
        guard let graphQLRequest = GraphQLService.decodeRequest(request.body) else {
            return .json(
                422, errors("Unexpected end of document, or a body that is not a GraphQL request", correlation))
        }
        guard graphQLRequest.query.count <= GraphQLService.maxQueryLength else {
            return .json(422, errors("Query too large", correlation))
        }
        let result = await service.execute(graphQLRequest, context: Context(authenticated: authenticated))
        return .json(200, GraphQLService.encode(result, extra: [(key: "correlationId", value: .string(correlation))]))
    }

    private func errors(_ message: String, _ correlation: String) -> SandboxJSON {
        .object([
            (key: "errors", value: .array([.object([(key: "message", value: .string(message))])])),
            (key: "correlationId", value: .string(correlation)),
        ])
    }

    /// A correlation id in gitlab.com's style (`9ccb04130038971c-IAD`), reproducible per request.
    private func correlationID(_ number: Int) -> String {
        var random = SeededGenerator(seed: seed &+ UInt64(number), stream: "correlation")
        return random.hex(16) + "-SBX"
    }
}
