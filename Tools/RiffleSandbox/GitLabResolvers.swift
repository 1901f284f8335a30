import GraphQL
import RiffleBytes
import RiffleCore

/// The code behind GitLab's schema: finding projects and groups with visibility rules, filtering and
/// keyset-paging issues and merge requests, and turning records into GraphQL values.
struct GitLabResolvers: Sendable {
    let data: GitLabData

    /// Key under which a project or group value carries the paths of the projects it lists; not a
    /// schema field, so no query can read it.
    private static let scopeKey = "_sandboxProjectPaths"

    var all: GraphQLService.Resolvers {
        [
            "Query": [
                "project": { _, args, context, _ in
                    project(fullPath: args.string("fullPath") ?? "", context: context)
                },
                "group": { _, args, context, _ in
                    group(fullPath: args.string("fullPath") ?? "", context: context)
                },
                "currentUser": { _, _, context, _ in
                    (context as? GitLabEndpoint.Context)?.authenticated == true
                        ? Self.user(TextCorpus.Person(username: "sandbox-bot", name: "Sandbox Bot"), id: 1) : nil
                },
            ],
            "Project": [
                "issues": { source, args, context, _ in try issues(source, args, context) },
                "mergeRequests": { source, args, context, _ in try mergeRequests(source, args, context) },
            ],
            "Group": [
                "issues": { source, args, context, _ in try issues(source, args, context) }
            ],
        ]
    }

    private func isAuthenticated(_ context: any Sendable) -> Bool {
        (context as? GitLabEndpoint.Context)?.authenticated ?? false
    }

    private func project(fullPath: String, context: any Sendable) -> [String: any Sendable]? {
        guard let project = data.project(fullPath, authenticated: isAuthenticated(context)) else { return nil }
        let path = project.fullPath.split(separator: "/").last.map(String.init) ?? project.fullPath
        let visibleIssues = project.issues.filter { !$0.confidential || isAuthenticated(context) }
        return [
            "id": "gid://gitlab/Project/\(project.id)",
            "fullPath": project.fullPath,
            "name": project.name,
            "nameWithNamespace": "Sandbox / \(project.name)",
            "path": path,
            "webUrl": "\(GitLabData.webBase)/\(project.fullPath)",
            "description": project.description,
            "visibility": project.isPublic ? "public" : "private",
            "openIssuesCount": visibleIssues.count { $0.state == "opened" },
            Self.scopeKey: [project.fullPath],
        ]
    }

    private func group(fullPath: String, context: any Sendable) -> [String: any Sendable]? {
        guard fullPath == GitLabData.groupPath else { return nil }
        let authenticated = isAuthenticated(context)
        return [
            "id": "gid://gitlab/Group/77",
            "fullPath": GitLabData.groupPath,
            "name": "Sandbox",
            "path": GitLabData.groupPath,
            "webUrl": "\(GitLabData.webBase)/groups/\(GitLabData.groupPath)",
            "description": "Every project of the riffle sandbox",
            "visibility": "public",
            Self.scopeKey: data.projects.filter { $0.isPublic || authenticated }.map(\.fullPath),
        ]
    }

    private func scope(_ source: any Sendable) -> [GitLabData.Project] {
        guard let value = source as? [String: any Sendable], let paths = value[Self.scopeKey] as? [String] else {
            return []
        }
        return data.projects.filter { paths.contains($0.fullPath) }
    }

    private func issues(_ source: any Sendable, _ args: Map, _ context: any Sendable) throws -> (any Sendable)? {
        let authenticated = isAuthenticated(context)
        var items = scope(source).flatMap(\.issues).filter { !$0.confidential || authenticated }
        let filter = try Filter(args)
        if let state = args.string("state"), state != "all" { items.removeAll { $0.state != state } }
        if let search = args.string("search")?.lowercased(), !search.isEmpty {
            items.removeAll {
                !$0.title.lowercased().contains(search) && !($0.description?.lowercased().contains(search) ?? false)
            }
        }
        if let labels = args.strings("labelName") {
            items.removeAll { issue in !labels.allSatisfy { name in issue.labels.contains { $0.title == name } } }
        }
        if let iid = args.string("iid") { items.removeAll { String($0.iid) != iid } }
        if let confidential = args.member("confidential").flatMap({ try? $0.boolValue() }) {
            items.removeAll { $0.confidential != confidential }
        }
        items.removeAll { !filter.admits($0, author: $0.author.username, iid: $0.iid) }
        return try connection(items, args: args, sortDefault: "created_desc", node: issueValue)
    }

    private func mergeRequests(_ source: any Sendable, _ args: Map, _ context: any Sendable) throws -> (any Sendable)? {
        var items = scope(source).flatMap(\.mergeRequests)
        let filter = try Filter(args)
        if let state = args.string("state"), state != "all" { items.removeAll { $0.state != state } }
        if let labels = args.strings("labels") {
            items.removeAll { request in !labels.allSatisfy { name in request.labels.contains { $0.title == name } } }
        }
        if let draft = args.member("draft").flatMap({ try? $0.boolValue() }) { items.removeAll { $0.draft != draft } }
        items.removeAll { !filter.admits($0, author: $0.author.username, iid: $0.iid) }
        return try connection(items, args: args, sortDefault: "created_desc", node: mergeRequestValue)
    }

    /// The time, author and iid filters issues and merge requests share.
    private struct Filter {
        var updatedAfter: Int64?
        var updatedBefore: Int64?
        var createdAfter: Int64?
        var createdBefore: Int64?
        var author: String?
        var iids: Set<String>?

        init(_ args: Map) throws {
            func time(_ name: String) throws -> Int64? {
                guard let text = args.string(name) else { return nil }
                guard let nanos = UTCTime.parseNanoseconds(text) else {
                    throw GraphQLError(message: "\(name): \"\(text)\" is not a valid ISO 8601 time")
                }
                return nanos
            }
            updatedAfter = try time("updatedAfter")
            updatedBefore = try time("updatedBefore")
            createdAfter = try time("createdAfter")
            createdBefore = try time("createdBefore")
            author = args.string("authorUsername")
            iids = args.strings("iids").map(Set.init)
        }

        func admits(_ item: some GitLabKeyed, author username: String, iid: Int) -> Bool {
            let updated = item.updatedAt * 1_000_000_000
            let created = item.createdAt * 1_000_000_000
            if let updatedAfter, updated < updatedAfter { return false }
            if let updatedBefore, updated > updatedBefore { return false }
            if let createdAfter, created < createdAfter { return false }
            if let createdBefore, created > createdBefore { return false }
            if let author, author != username { return false }
            if let iids, !iids.contains(String(iid)) { return false }
            return true
        }
    }

    private func connection<Item: GitLabKeyed>(
        _ items: [Item], args: Map, sortDefault: String, node: (Item) -> [String: any Sendable]
    ) throws -> [String: any Sendable] {
        let sortName = args.string("sort") ?? sortDefault
        guard let order = GitLabKeyset.Order(sortName: sortName) else {
            throw GraphQLError(message: "The sandbox supports CREATED_* and UPDATED_* sorts only, not \(sortName)")
        }
        let page: GitLabKeyset.Page<Item>
        do {
            page = try GitLabKeyset.page(items, order: order, first: args.int("first"), after: args.string("after"))
        } catch {
            throw GraphQLError(message: error.message)
        }
        let nodes = page.items.map(node)
        var pageInfo: [String: any Sendable] = [
            "hasNextPage": page.hasNextPage, "hasPreviousPage": page.hasPreviousPage,
        ]
        pageInfo["startCursor"] = page.cursors.first
        pageInfo["endCursor"] = page.cursors.last
        return [
            "count": page.totalCount,
            "nodes": nodes.map { $0 as (any Sendable)? },
            "edges": zip(page.cursors, nodes).map { Self.edge(cursor: $0, node: $1) },
            "pageInfo": pageInfo,
        ]
    }

    private func issueValue(_ issue: GitLabData.Issue) -> [String: any Sendable] {
        let webPath = "/\(issue.projectPath)/-/issues/\(issue.iid)"
        var value: [String: any Sendable] = [
            "id": "gid://gitlab/Issue/\(issue.id)",
            "iid": String(issue.iid),
            "title": issue.title,
            "state": issue.state,
            "type": "ISSUE",
            "confidential": issue.confidential,
            "createdAt": UTCTime.rfc3339(issue.createdAt),
            "updatedAt": UTCTime.rfc3339(issue.updatedAt),
            "webUrl": GitLabData.webBase + webPath,
            "webPath": webPath,
            "reference": "#\(issue.iid)",
            "author": Self.user(issue.author, id: userID(issue.author)),
            "labels": Self.labels(issue.labels),
            "userNotesCount": issue.userNotesCount,
            "upvotes": issue.userNotesCount / 3,
            "downvotes": issue.userNotesCount % 2,
            "projectId": data.projects.first { $0.fullPath == issue.projectPath }?.id ?? 0,
        ]
        value["description"] = issue.description
        value["closedAt"] = issue.closedAt.map { UTCTime.rfc3339($0) }
        if let milestone = issue.milestone, let index = TextCorpus.milestones.firstIndex(of: milestone) {
            value["milestone"] = Self.milestone(milestone, index: index)
        }
        return value
    }

    private func mergeRequestValue(_ request: GitLabData.MergeRequest) -> [String: any Sendable] {
        var author = Self.user(request.author, id: userID(request.author))
        author["webUrl"] = "\(GitLabData.webBase)/\(request.author.username)"
        var value: [String: any Sendable] = [
            "id": "gid://gitlab/MergeRequest/\(request.id)",
            "iid": String(request.iid),
            "title": request.title,
            "state": request.state,
            "draft": request.draft,
            "createdAt": UTCTime.rfc3339(request.createdAt),
            "updatedAt": UTCTime.rfc3339(request.updatedAt),
            "webUrl": "\(GitLabData.webBase)/\(request.projectPath)/-/merge_requests/\(request.iid)",
            "sourceBranch": request.sourceBranch,
            "targetBranch": "main",
            "author": author,
            "labels": Self.labels(request.labels),
            "userNotesCount": request.iid % 9,
        ]
        value["description"] = request.description
        value["mergedAt"] = request.mergedAt.map { UTCTime.rfc3339($0) }
        return value
    }

    private static func edge(cursor: String, node: [String: any Sendable]) -> (any Sendable)? {
        let edge: [String: any Sendable] = ["cursor": cursor, "node": node]
        return edge
    }

    private func userID(_ person: TextCorpus.Person) -> Int {
        1000 + (TextCorpus.people.firstIndex { $0.username == person.username } ?? 0)
    }

    static func user(_ person: TextCorpus.Person, id: Int) -> [String: any Sendable] {
        [
            "id": "gid://gitlab/User/\(id)",
            "username": person.username,
            "name": person.name,
            "avatarUrl": "/uploads/-/system/user/avatar/\(id)/avatar.png",
            "webUrl": "\(GitLabData.webBase)/\(person.username)",
            "webPath": "/\(person.username)",
            "state": "active",
            "bot": person.username.hasSuffix("-bot"),
        ]
    }

    private static let labelTime = UTCTime.rfc3339(SandboxOptions.defaultReferenceTime - 800 * 86_400)

    static func labels(_ labels: [TextCorpus.Label]) -> [String: any Sendable] {
        let nodes: [[String: any Sendable]] = labels.map { label in
            let index = TextCorpus.labels.firstIndex { $0.title == label.title } ?? 0
            return [
                "id": "gid://gitlab/GroupLabel/\(500 + index)",
                "title": label.title,
                "color": label.color,
                "textColor": label.textColor,
                "createdAt": labelTime,
                "updatedAt": labelTime,
            ]
        }
        let cursors = nodes.indices.map {
            Base64URL.encode(SandboxJSON.object([(key: "id", value: .string(String($0)))]).bytes)
        }
        var pageInfo: [String: any Sendable] = ["hasNextPage": false, "hasPreviousPage": false]
        pageInfo["startCursor"] = cursors.first
        pageInfo["endCursor"] = cursors.last
        return [
            "count": nodes.count,
            "nodes": nodes.map { $0 as (any Sendable)? },
            "edges": zip(cursors, nodes).map { edge(cursor: $0, node: $1) },
            "pageInfo": pageInfo,
        ]
    }

    private static func milestone(_ title: String, index: Int) -> [String: any Sendable] {
        [
            "id": "gid://gitlab/Milestone/\(900 + index)",
            "iid": String(index + 1),
            "title": title,
            "state": title == "Backlog" ? "active" : (index < 2 ? "closed" : "active"),
            "expired": index < 2,
            "webPath": "/groups/sandbox/-/milestones/\(index + 1)",
            "createdAt": labelTime,
            "updatedAt": labelTime,
        ]
    }
}
