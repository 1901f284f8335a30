import FoundationEssentials
import GraphQL

/// The code behind the generic schema: each pagination style with the quirks of the API it imitates.
struct GenericResolvers: Sendable {
    let data: GenericData

    /// Largest page of the cursor-paged connections and the offset list.
    static let maxPageSize = 100

    /// Key under which a repository value carries its record.
    private static let recordKey = "_sandboxRepository"

    var all: GraphQLService.Resolvers {
        [
            "Query": [
                "repository": { _, args, _, _ in try repository(args) },
                "articles": { _, args, _, _ in try articles(args) },
                "launches": { _, args, _, _ in launches(args) },
                "launch": { _, args, _, _ in
                    data.tutorialLaunches.first { $0.id == args.string("id") }.map(Self.launchValue)
                },
                "events": { _, args, _, _ in try events(args) },
            ],
            "Repository": [
                "issues": { source, args, _, _ in try issues(source, args) }
            ],
            "Mission": [
                "missionPatch": { source, args, _, _ in
                    let mission = source as? [String: any Sendable]
                    return mission?[args.string("size") == "SMALL" ? "_small" : "_large"]
                }
            ],
        ]
    }

    private func repository(_ args: Map) throws -> [String: any Sendable] {
        let owner = args.string("owner") ?? ""
        let name = args.string("name") ?? ""
        guard let repository = data.repository(owner: owner, name: name) else {
            throw GraphQLError(message: "Could not resolve to a Repository with the name '\(owner)/\(name)'.")
        }
        let url = "\(GenericData.githubBase)/\(repository.owner)/\(repository.name)"
        return [
            "id": "R_kgDOSbx" + repository.name,
            "name": repository.name,
            "nameWithOwner": "\(repository.owner)/\(repository.name)",
            "url": url,
            "owner": ["login": repository.owner, "url": "\(GenericData.githubBase)/\(repository.owner)"]
                as [String: any Sendable],
            Self.recordKey: repository,
        ]
    }

    /// GitHub's rules: `first` is required and at most 100 (more is an error, not a cap); cursors are
    /// opaque; the default order is creation time, oldest first.
    private func issues(_ source: any Sendable, _ args: Map) throws -> [String: any Sendable] {
        guard let repository = (source as? [String: any Sendable])?[Self.recordKey] as? GenericData.Repository else {
            return [:]
        }
        guard let first = args.int("first") else {
            throw GraphQLError(
                message: "You must provide a `first` or `last` value to properly paginate the `issues` connection.")
        }
        guard (0...Self.maxPageSize).contains(first) else {
            throw GraphQLError(
                message:
                    "Requesting \(first) records on the `issues` connection exceeds the `first` limit of 100 records.")
        }
        var issues = repository.issues
        if let states = args.strings("states") { issues.removeAll { !states.contains($0.state) } }
        let order = args.member("orderBy")
        let field = order?.string("field") ?? "CREATED_AT"
        let descending = order?.string("direction") == "DESC"
        issues.sort { a, b in
            let (x, y): (Int64, Int64) =
                switch field {
                case "UPDATED_AT": (a.updatedAt, b.updatedAt)
                case "COMMENTS": (Int64(a.comments), Int64(b.comments))
                default: (a.createdAt, b.createdAt)
                }
            return descending ? (x, a.number) > (y, b.number) : (x, a.number) < (y, b.number)
        }
        var start = 0
        if let after = args.string("after") {
            guard let number = Self.decodeCursor(after, prefix: "cursor:v2:"),
                let index = issues.firstIndex(where: { $0.number == number })
            else {
                throw GraphQLError(message: "`\(after)` does not appear to be a valid cursor.")
            }
            start = index + 1
        }
        let page = Array(issues[start..<min(issues.count, start + first)])
        let url = "\(GenericData.githubBase)/\(repository.owner)/\(repository.name)"
        let nodes = page.map { issue -> [String: any Sendable] in
            let labels = issue.labels.map { name -> (any Sendable)? in
                let color = TextCorpus.labels.first { $0.title == name }?.color.dropFirst() ?? "ededed"
                return ["name": name, "color": String(color)] as [String: any Sendable]
            }
            return [
                "id": issue.nodeID,
                "number": issue.number,
                "title": issue.title,
                "url": "\(url)/issues/\(issue.number)",
                "state": issue.state,
                "createdAt": UTCTime.rfc3339(issue.createdAt),
                "updatedAt": UTCTime.rfc3339(issue.updatedAt),
                "bodyText": issue.bodyText,
                "author": ["login": issue.author, "url": "\(GenericData.githubBase)/\(issue.author)"]
                    as [String: any Sendable],
                "labels": ["nodes": labels, "totalCount": labels.count] as [String: any Sendable],
                "comments": ["totalCount": issue.comments] as [String: any Sendable],
            ]
        }
        let cursors = page.map { Self.encodeCursor("cursor:v2:\($0.number)") }
        var pageInfo: [String: any Sendable] = [
            "hasNextPage": start + page.count < issues.count, "hasPreviousPage": start > 0,
        ]
        pageInfo["startCursor"] = cursors.first
        pageInfo["endCursor"] = cursors.last
        return [
            "edges": zip(cursors, nodes).map {
                (["cursor": $0, "node": $1] as [String: any Sendable]) as (any Sendable)?
            },
            "nodes": nodes.map { $0 as (any Sendable)? },
            "pageInfo": pageInfo,
            "totalCount": issues.count,
        ]
    }

    /// A `nodes` connection with opaque offset cursors; `first` above 100 is capped.
    private func articles(_ args: Map) throws -> [String: any Sendable] {
        let first = min(max(args.int("first") ?? 0, 0), Self.maxPageSize)
        var start = 0
        if let after = args.string("after") {
            guard let offset = Self.decodeCursor(after, prefix: "article:"), offset >= 0 else {
                throw GraphQLError(message: "invalid cursor \(after)")
            }
            start = min(offset + 1, data.articles.count)
        }
        let page = data.articles[start..<min(data.articles.count, start + first)]
        let nodes = page.map { article -> (any Sendable)? in
            [
                "id": article.id,
                "headline": article.headline,
                "publishedAt": UTCTime.rfc3339(article.published, millis: article.millis),
                "byline": article.byline,
                "url": "\(GenericData.newsBase)/\(article.id)",
            ] as [String: any Sendable]
        }
        var pageInfo: [String: any Sendable] = [
            "hasNextPage": page.endIndex < data.articles.count, "hasPreviousPage": start > 0,
        ]
        if !page.isEmpty {
            pageInfo["startCursor"] = Self.encodeCursor("article:\(page.startIndex)")
            pageInfo["endCursor"] = Self.encodeCursor("article:\(page.endIndex - 1)")
        }
        return ["nodes": nodes, "pageInfo": pageInfo, "totalCount": data.articles.count]
    }

    /// The Apollo tutorial's resolver and `paginateResults`, faithfully: `pageSize` defaults to 20; the
    /// cursor is the last launch's time; an unknown cursor silently starts again at the first page; the
    /// page after a cursor starts after the *first* launch with that time; `hasMore` compares cursors,
    /// so a duplicate time at the very end ends the list early; an empty page has a null `cursor`,
    /// which the non-null schema field turns into an error.
    private func launches(_ args: Map) -> [String: any Sendable] {
        let all = data.tutorialLaunches
        let pageSize = args.int("pageSize") ?? 20
        var page: ArraySlice<GenericData.TutorialLaunch>
        if pageSize < 1 {
            page = []
        } else if let after = args.string("after"), !after.isEmpty {
            if let index = all.firstIndex(where: { $0.cursor == after }) {
                page = index == all.count - 1 ? [] : all[(index + 1)..<min(all.count, index + 1 + pageSize)]
            } else {
                page = all.prefix(pageSize)
            }
        } else {
            page = all.prefix(pageSize)
        }
        var value: [String: any Sendable] = [
            "launches": page.map { Self.launchValue($0) as (any Sendable)? },
            "hasMore": page.last.map { $0.cursor != all.last?.cursor } ?? false,
        ]
        value["cursor"] = page.last?.cursor
        return value
    }

    private static func launchValue(_ launch: GenericData.TutorialLaunch) -> [String: any Sendable] {
        var mission: [String: any Sendable] = ["name": launch.missionName]
        mission["_small"] = launch.missionPatchSmall
        mission["_large"] = launch.missionPatchLarge
        var rocket: [String: any Sendable] = ["id": launch.rocketID, "name": launch.rocketName]
        rocket["type"] = launch.rocketType
        var value: [String: any Sendable] = [
            "id": launch.id, "mission": mission, "rocket": rocket, "isBooked": false,
            "launchDateUnix": launch.launchDateUnix,
        ]
        value["site"] = launch.site
        return value
    }

    /// A plain list paged by offset; `limit` must be 0...100 and `offset` non-negative.
    private func events(_ args: Map) throws -> [(any Sendable)?] {
        let offset = args.int("offset") ?? 0
        let limit = args.int("limit") ?? 0
        guard offset >= 0 else { throw GraphQLError(message: "offset must be 0 or more") }
        guard (0...Self.maxPageSize).contains(limit) else {
            throw GraphQLError(message: "limit must be between 0 and 100")
        }
        let start = min(offset, data.events.count)
        return data.events[start..<min(data.events.count, start + limit)].map { event -> (any Sendable)? in
            [
                "id": event.id, "name": event.name,
                "at": UTCTime.rfc3339(event.at, millis: event.millis, offsetMinutes: event.offsetMinutes),
            ] as [String: any Sendable]
        }
    }

    private static func encodeCursor(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
    }

    private static func decodeCursor(_ cursor: String, prefix: String) -> Int? {
        guard cursor.utf8.count <= 256, let data = Data(base64Encoded: cursor) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}
