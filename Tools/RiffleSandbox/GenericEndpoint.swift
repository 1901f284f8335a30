import FoundationEssentials

/// `POST /graphql`: the generic GraphQL API. Anonymous requests are served; a token not in the
/// accepted list gets GitHub's 401 `{"message":"Bad credentials",…}`.
struct GenericEndpoint: Sendable {
    let service: GraphQLService
    let validTokens: Set<String>

    init(data: GenericData, validTokens: Set<String>) throws {
        self.service = try GraphQLService(sdl: GenericSchema.sdl, resolvers: GenericResolvers(data: data).all)
        self.validTokens = validTokens
    }

    func handle(_ request: SandboxIncoming) async -> SandboxResponse {
        if let token = request.token, !validTokens.contains(token) {
            return .json(
                401,
                .object([
                    (key: "message", value: .string("Bad credentials")),
                    (key: "documentation_url", value: .string("https://docs.github.com/graphql")),
                ]))
        }
        guard let graphQLRequest = GraphQLService.decodeRequest(request.body) else {
            return .json(
                400,
                .object([
                    (
                        key: "errors",
                        value: .array([.object([(key: "message", value: .string("Problems parsing JSON"))])])
                    )
                ]))
        }
        guard graphQLRequest.query.count <= GraphQLService.maxQueryLength else {
            return .json(
                400,
                .object([
                    (key: "errors", value: .array([.object([(key: "message", value: .string("Query too large"))])]))
                ]))
        }
        let result = await service.execute(graphQLRequest, context: ())
        return .json(200, GraphQLService.encode(result))
    }
}
