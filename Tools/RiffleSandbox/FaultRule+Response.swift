import FoundationEssentials

/// The responses faults turn into.
extension FaultRule.Fault {
    /// The response replacing `real` (the response the request would have had, needed by the faults
    /// that damage it); `nil` for ``connectionReset``, which has no response at all.
    func response(replacing real: SandboxResponse, endpoint: SandboxEndpoint) -> SandboxResponse? {
        switch self {
        case .tooManyRequests(let seconds):
            return .text(429, "Retry later\n", headers: [("Retry-After", String(seconds))])
        case .badGateway:
            return .html(502, Self.page(502, "Bad Gateway"))
        case .serviceUnavailable:
            return .html(503, Self.page(503, "Service Temporarily Unavailable"))
        case .connectionReset:
            return nil
        case .truncatedJSON:
            var body = real.body
            if body.count < 2 { body = Data(#"{"data":{"truncated":true}}"#.utf8) }
            return .json(200, Data(body.prefix(max(1, body.count / 2))))
        case .graphQLErrors:
            return .json(200, Self.errors)
        case .badRequest:
            return .json(400, SandboxJSON.object([(key: "message", value: .string("Bad request"))]))
        case .htmlOK:
            return .html(
                200,
                "<!DOCTYPE html>\r\n<html><head><title>Sign in</title></head><body>Please sign in.</body></html>\r\n")
        case .graphQLTimeout:
            return .json(200, Self.errors(Self.timeoutMessage, data: true))
        case .requestError:
            return .json(200, Self.errors("Field 'nope' doesn't exist on type 'Query'", data: false))
        case .complexity:
            return .json(
                200, Self.errors("Query has complexity of 300, which exceeds max complexity of 250", data: true))
        case .partialData:
            guard endpoint == .gitlab || endpoint == .graphql, let json = try? SandboxJSON.parse(real.body),
                let data = json["data"], !data.isNull
            else { return .json(200, Self.errors) }
            return .json(200, Self.partial(data))
        }
    }

    private static let errors = SandboxJSON.object([
        (
            key: "errors",
            value: .array([.object([(key: "message", value: .string("Sandbox fault: simulated GraphQL error"))])])
        ),
        (key: "data", value: .null),
    ])

    /// GitHub's words for a query that ran out of time.
    static let timeoutMessage =
        "Something went wrong while executing your query. This may be the result of a timeout, or it could be a "
        + "GitHub bug. Please include `0000:1111:2222:3333:44444444` when reporting this issue."

    /// `{"errors":[{"message": message}]}`, with `"data": null` when `data`.
    private static func errors(_ message: String, data: Bool) -> SandboxJSON {
        let errors = (key: "errors", value: SandboxJSON.array([.object([(key: "message", value: .string(message))])]))
        return .object(data ? [errors, (key: "data", value: .null)] : [errors])
    }

    private static func page(_ status: Int, _ reason: String) -> String {
        "<html>\r\n<head><title>\(status) \(reason)</title></head>\r\n<body>\r\n<center><h1>\(status) \(reason)</h1></center>\r\n"
            + "<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    }

    /// The data with the last element of its first non-empty list nulled (or, without a list, its first
    /// field), and an error whose `path` points there — what a GraphQL server sends when one nullable
    /// item fails to resolve.
    private static func partial(_ data: SandboxJSON) -> SandboxJSON {
        var path: [SandboxJSON] = []
        let damaged =
            nullFirstListItem(data, path: &path)
            ?? {
                guard let first = data.members?.first else { return data }
                path = [.string(first.key)]
                return .object([(key: first.key, value: .null)] + (data.members?.dropFirst() ?? []))
            }()
        let error = SandboxJSON.object([
            (key: "message", value: .string("Sandbox fault: simulated failure of one item")),
            (key: "path", value: .array(path)),
        ])
        return .object([(key: "errors", value: .array([error])), (key: "data", value: damaged)])
    }

    private static func nullFirstListItem(_ value: SandboxJSON, path: inout [SandboxJSON]) -> SandboxJSON? {
        switch value {
        case .array(var elements) where !elements.isEmpty:
            path.append(.int(elements.count - 1))
            elements[elements.count - 1] = .null
            return .array(elements)
        case .object(var members):
            for index in members.indices {
                path.append(.string(members[index].key))
                if let damaged = nullFirstListItem(members[index].value, path: &path) {
                    members[index].value = damaged
                    return .object(members)
                }
                path.removeLast()
            }
            return nil
        default:
            return nil
        }
    }
}
