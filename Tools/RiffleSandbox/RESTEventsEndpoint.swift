/// `GET /rest/repos/{owner}/{repo}/events?per_page=N&page=P`: a GitHub-style REST list, newest first,
/// paged by page number with RFC 8288 `Link` headers (`prev`, `next`, `last`, `first`) built from the
/// request's `Host`. `per_page` defaults to 30 and is capped at 100 as on GitHub; a page past the end
/// is `[]` without a `next` link; an unknown repository is 404 `{"message":"Not Found",…}`.
struct RESTEventsEndpoint: Sendable {
    let data: GenericData

    static let defaultPerPage = 30
    static let maxPerPage = 100

    func handle(_ request: SandboxIncoming) -> SandboxResponse {
        let parts = request.path.split(separator: "/")
        guard parts.count == 5, let repository = data.repository(owner: String(parts[2]), name: String(parts[3])) else {
            return .json(
                404,
                .object([
                    (key: "message", value: .string("Not Found")),
                    (key: "documentation_url", value: .string("https://docs.github.com/rest")),
                ]))
        }
        let perPage = min(
            max(request.queryValue("per_page").flatMap { Int($0) } ?? Self.defaultPerPage, 1), Self.maxPerPage)
        let page = min(max(request.queryValue("page").flatMap { Int($0) } ?? 1, 1), 1_000_000)
        let events = repository.events
        let start = min((page - 1) * perPage, events.count)
        let slice = events[start..<min(events.count, start + perPage)]
        let body = SandboxJSON.array(
            slice.map { event in
                .object([
                    (key: "id", value: .string(String(event.id))),
                    (key: "type", value: .string(event.type)),
                    (key: "created_at", value: .string(UTCTime.rfc3339(event.createdAt))),
                    (key: "title", value: .string(event.title)),
                    (
                        key: "html_url",
                        value: .string(
                            "\(GenericData.githubBase)/\(repository.owner)/\(repository.name)/issues/\(event.issueNumber)"
                        )
                    ),
                    (key: "actor", value: .object([(key: "login", value: .string(event.actor))])),
                ])
            })

        let lastPage = max(1, (events.count + perPage - 1) / perPage)
        let base = "http://\(SandboxHost.header(request.headers["host"]))\(request.path)?per_page=\(perPage)&page="
        var links: [String] = []
        if page > 1 { links.append("<\(base)\(min(page - 1, lastPage))>; rel=\"prev\"") }
        if page < lastPage { links.append("<\(base)\(page + 1)>; rel=\"next\"") }
        if page < lastPage { links.append("<\(base)\(lastPage)>; rel=\"last\"") }
        if page > 1 { links.append("<\(base)1>; rel=\"first\"") }
        return .json(200, body, headers: links.isEmpty ? [] : [(name: "Link", value: links.joined(separator: ", "))])
    }
}
