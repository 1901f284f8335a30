package import RiffleBytes
package import RiffleCore
package import RiffleHTTP

/// GitLab issues of a project or a group over GraphQL (`{url}/api/graphql`), most recently updated first.
///
/// Always sends `first` (without it GitLab reports `hasNextPage: false`) and `sort: UPDATED_DESC`;
/// `--since` becomes `updatedAfter`, so the server filters. A token goes in `Authorization: Bearer`,
/// which libcurl and riffle's redirect policy both drop on a cross-origin redirect.
package struct GitLabSource: Pageable {
    let settings: GitLabSettings
    let endpoint: GraphQLEndpoint
    let since: Timestamp?

    /// GitLab's largest page.
    static let maxPageSize = 100

    package init(settings: GitLabSettings, client: HTTPClient, timeout: Duration, retries: Int, since: Timestamp? = nil)
    {
        var headers = HTTPHeaders()
        if let token = settings.token, !token.isEmpty { headers.add(name: "Authorization", value: "Bearer \(token)") }
        var base = settings.url
        while base.hasSuffix("/") { base.removeLast() }
        self.settings = settings
        self.endpoint = GraphQLEndpoint(
            client: client, url: base + "/api/graphql", headers: headers, timeout: timeout, retries: retries)
        self.since = since
    }

    /// The issue fields riffle reads.
    static let issueFields = """
        nodes { id iid title state updatedAt webUrl description userNotesCount \
        author { username name } labels { nodes { title color textColor } } milestone { title } }
        pageInfo { endCursor hasNextPage }
        """

    /// The issue fields read from each node, each read as `node[first][second]` reads it
    /// (`JSONPathPlan.member`), looked up together in one pass over an issue's members.
    enum IssueField: Int, JSONPathPlanField {
        case id, updatedAt, title, webUrl, author, description, labels, iid, milestone, notes, state

        var path: [String] {
            switch self {
            case .id: ["id"]
            case .updatedAt: ["updatedAt"]
            case .title: ["title"]
            case .webUrl: ["webUrl"]
            case .author: ["author", "username"]
            case .description: ["description"]
            case .labels: ["labels", "nodes"]
            case .iid: ["iid"]
            case .milestone: ["milestone", "title"]
            case .notes: ["userNotesCount"]
            case .state: ["state"]
            }
        }
    }

    /// A label's fields, looked up together.
    enum LabelField: Int, JSONPathPlanField {
        case title, color

        var path: [String] {
            switch self {
            case .title: ["title"]
            case .color: ["color"]
            }
        }
    }

    /// `IssueField`'s plan, compiled once.
    static let issuePlan = JSONPathPlan(fields: IssueField.self)
    /// `LabelField`'s plan, compiled once.
    static let labelPlan = JSONPathPlan(fields: LabelField.self)

    /// The query for a project's issues.
    package static let projectQuery = query(root: "project")
    /// The query for a group's issues.
    package static let groupQuery = query(root: "group")

    /// `Group.issues` leaves out the issues of subgroups' projects unless `includeSubgroups: true`
    /// (GitLab's schema defaults it to false), whereas a group's issue list on GitLab shows them.
    static func query(root: String) -> String {
        let subgroups = root == "group" ? "includeSubgroups: true, " : ""
        return """
            query riffleIssues($fullPath: ID!, $first: Int!, $after: String, $state: IssuableState, $updatedAfter: Time) {
              \(root)(fullPath: $fullPath) {
                issues(
                  first: $first, after: $after, sort: UPDATED_DESC, \(subgroups)state: $state, updatedAfter: $updatedAfter
                ) {
                  \(issueFields)
                }
              }
            }
            """
    }

    /// The variables for one page.
    package func variables(after cursor: String?, pageSize: Int) -> [String: JSONValue] {
        var variables: [String: JSONValue] = [
            "fullPath": .string(fullPath),
            "first": .int(Int64(min(max(1, pageSize), Self.maxPageSize))),
            "state": .string(settings.state.rawValue),
        ]
        if let cursor { variables["after"] = .string(cursor) }
        if let since { variables["updatedAfter"] = .string(since.rfc3339) }
        return variables
    }

    var fullPath: String {
        switch settings.scope {
        case .project(let path), .group(let path): return path
        }
    }

    var root: String {
        if case .group = settings.scope { return "group" }
        return "project"
    }

    /// Sends the query for one page, turning an HTTP 401 (whatever its body) into words about the token.
    func send(after cursor: String?, pageSize: Int) async throws(SourceError) -> GraphQLEndpoint.Response {
        do {
            return try await endpoint.send(
                query: root == "group" ? Self.groupQuery : Self.projectQuery,
                variables: variables(after: cursor, pageSize: pageSize), operationName: "riffleIssues")
        } catch  where error.status == 401 {
            throw .unauthorized(service: "GitLab", tokenGiven: settings.token != nil, cause: error)
        }
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let response = try await send(after: cursor, pageSize: pageSize)
        guard let data = response.data else {
            throw response.missingData(service: "GitLab", host: endpoint.host)
        }
        guard let scope = data[root], !scope.isNull else {
            let visibility = settings.token == nil ? "without a token" : "with this token"
            throw SourceError.mapping("\(root) \(fullPath) not found or not visible \(visibility)", host: endpoint.host)
        }
        guard let connection = scope["issues"], let nodes = connection["nodes"]?.elements else {
            if response.errors.isEmpty { throw SourceError.mapping("GitLab sent no issues", host: endpoint.host) }
            throw SourceError.graphQLFieldError(service: "GitLab", host: endpoint.host, messages: response.errors)
        }
        var mapping = ItemMapping()
        var items: [Item] = []
        items.reserveCapacity(nodes.count)
        // Each item's texts go from the page's bytes into its one buffer.
        var builder = ItemBuilder()
        // Each item's labels and their colours, kept for the page's next item.
        var colors: [(name: String, value: JSONNode)] = []
        // An issue's fields (and a label's) found in one pass over its members, not one per field.
        let plan = Self.issuePlan
        let labelPlan = Self.labelPlan
        var stops: [JSONPathPlan.Stop] = []
        var labelStops: [JSONPathPlan.Stop] = []
        for (position, node) in nodes.enumerated() {
            plan.locate(in: node, into: &stops)
            guard let id = ItemMapping.text(plan.member(IssueField.id, in: node, stops: stops)) else {
                mapping.skip(position, "no value at id")
                continue
            }
            guard let time = plan.member(IssueField.updatedAt, in: node, stops: stops)?.timestampValue else {
                mapping.skip(position, "no time at updatedAt")
                continue
            }
            builder.reset()
            guard builder.set(.title, textOf: plan.member(IssueField.title, in: node, stops: stops), .string) else {
                mapping.skip(position, "no value at title")
                continue
            }
            builder.set(.url, textOf: plan.member(IssueField.webUrl, in: node, stops: stops), .nonEmptyText)
            builder.set(.author, textOf: plan.member(IssueField.author, in: node, stops: stops), .nonEmptyText)
            builder.set(.summary, textOf: plan.member(IssueField.description, in: node, stops: stops), .nonEmptyText)
            colors.removeAll(keepingCapacity: true)
            if let labels = plan.member(IssueField.labels, in: node, stops: stops)?.elements {
                for label in labels {
                    labelPlan.locate(in: label, into: &labelStops)
                    guard let name = labelPlan.member(LabelField.title, in: label, stops: labelStops)?.stringValue
                    else { continue }
                    builder.appendTag(text: name)
                    if let color = labelPlan.member(LabelField.color, in: label, stops: labelStops) {
                        colors.append((name, color))
                    }
                }
            }
            // `extra` written as the export writes it, its keys in that order: no dictionary per item.
            builder.appendExtra("iid", plan.member(IssueField.iid, in: node, stops: stops))
            builder.appendExtra("label_colors", stringMembers: &colors)
            builder.appendExtra("milestone", plan.member(IssueField.milestone, in: node, stops: stops))
            builder.appendExtra("notes", plan.member(IssueField.notes, in: node, stops: stops))
            builder.appendExtra("state", plan.member(IssueField.state, in: node, stops: stops))
            items.append(try builder.build(id: id, time: time))
        }
        mapping.notes.warnings = response.errors
        let pageInfo = connection["pageInfo"]
        return Page(
            items: items, nextCursor: pageInfo?["endCursor"]?.stringValue,
            hasMore: pageInfo?["hasNextPage"]?.boolValue == true, notes: mapping.notes)
    }
}
