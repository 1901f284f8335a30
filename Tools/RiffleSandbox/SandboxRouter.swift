/// Sends each request to its fake API, answering 404 for unknown paths and 405 for wrong methods.
struct SandboxRouter: Sendable {
    let gitlab: GitLabEndpoint
    let spacex: SpaceXEndpoint
    let generic: GenericEndpoint
    let rest: RESTEventsEndpoint
    let feeds: FeedsEndpoint

    /// Generates (or loads) every data set and builds the schemas.
    init(options: SandboxOptions) throws {
        let spaceXData = try SpaceXData(options: options)
        let genericData = GenericData(options: options, spaceX: spaceXData)
        gitlab = try GitLabEndpoint(
            data: GitLabData(options: options), validTokens: options.validTokens, seed: options.seed)
        spacex = SpaceXEndpoint(data: spaceXData)
        generic = try GenericEndpoint(data: genericData, validTokens: options.validTokens)
        rest = RESTEventsEndpoint(data: genericData)
        feeds = FeedsEndpoint(data: genericData, referenceTime: options.referenceTime)
    }

    func respond(to request: SandboxIncoming, endpoint: SandboxEndpoint) async -> SandboxResponse {
        if endpoint == .other {
            return .error(404, "no such endpoint: \(request.path)")
        }
        guard request.method == endpoint.method else {
            return .error(
                405, "\(request.method) not allowed on \(request.path)", headers: [("Allow", endpoint.method)])
        }
        switch endpoint {
        case .gitlab: return await gitlab.handle(request)
        case .spacex: return spacex.handle(request)
        case .graphql: return await generic.handle(request)
        case .rest: return rest.handle(request)
        case .feeds: return feeds.handle(request)
        case .other: return .error(404, "no such endpoint: \(request.path)")
        }
    }
}
