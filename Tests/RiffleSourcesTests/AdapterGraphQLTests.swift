import Foundation
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleSandbox
import RiffleSources
import Testing

/// The generic GraphQL adapter end to end, one test per pagination shape of the sandbox's `/graphql`.
@Suite("Adapter: generic GraphQL")
struct AdapterGraphQLTests {
    static func path(_ text: String) -> FieldPath {
        guard let path = FieldPath(text) else { preconditionFailure("bad path \(text)") }
        return path
    }

    /// The error loading the first page with `settings` fails with, or nil.
    static func firstPageError(_ settings: GraphQLSettings, _ sandbox: AdapterSandbox) async -> String? {
        await errorMessage { _ = try await sandbox.graphql(settings).loadPage(after: nil, pageSize: 5) }
    }

    // MARK: Settings for each shape, as a user would write them

    static func relay(_ sandbox: AdapterSandbox) -> GraphQLSettings {
        GraphQLSettings(
            endpoint: sandbox.base + "/graphql",
            query: """
                query($first: Int!, $after: String) {
                  repository(owner: "acme", name: "rocket") {
                    issues(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
                      edges { cursor node { id number title url updatedAt bodyText author { login }
                        labels(first: 10) { nodes { name } } } }
                      pageInfo { endCursor hasNextPage }
                    }
                  }
                }
                """,
            items: path("data.repository.issues.edges"), cursor: path("data.repository.issues.pageInfo.endCursor"),
            hasMore: path("data.repository.issues.pageInfo.hasNextPage"),
            fields: .init(
                id: path("node.id"), time: path("node.updatedAt"), title: path("node.title"), url: path("node.url"),
                author: path("node.author.login"), summary: path("node.bodyText"), tags: path("node.labels.nodes.name"))
        )
    }

    static func articles(_ sandbox: AdapterSandbox) -> GraphQLSettings {
        GraphQLSettings(
            endpoint: sandbox.base + "/graphql",
            query: """
                query($first: Int!, $after: String) {
                  articles(first: $first, after: $after) {
                    nodes { id headline publishedAt byline url }
                    pageInfo { endCursor hasNextPage }
                  }
                }
                """,
            items: path("data.articles.nodes"), cursor: path("data.articles.pageInfo.endCursor"),
            hasMore: path("data.articles.pageInfo.hasNextPage"),
            fields: .init(
                id: path("id"), time: path("publishedAt"), title: path("headline"), url: path("url"),
                author: path("byline")))
    }

    static func launches(_ sandbox: AdapterSandbox, title: String = "mission.name") -> GraphQLSettings {
        GraphQLSettings(
            endpoint: sandbox.base + "/graphql",
            query: """
                query($pageSize: Int, $after: String) {
                  launches(pageSize: $pageSize, after: $after) {
                    cursor hasMore
                    launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } launchDateUnix }
                  }
                }
                """,
            items: path("data.launches.launches"), cursor: path("data.launches.cursor"),
            hasMore: path("data.launches.hasMore"), pageSizeVariable: "pageSize",
            fields: .init(id: path("id"), time: path("launchDateUnix"), title: path(title), tags: path("rocket.name")))
    }

    static func events(_ sandbox: AdapterSandbox) -> GraphQLSettings {
        GraphQLSettings(
            endpoint: sandbox.base + "/graphql",
            query: "query($offset: Int!, $limit: Int!) { events(offset: $offset, limit: $limit) { id name at } }",
            items: path("data.events"), pageSizeVariable: "limit", offsetVariable: "offset",
            fields: .init(id: path("id"), time: path("at"), title: path("name")))
    }

    /// A time parsed by Foundation, independently of riffle's parser, in microseconds.
    static func foundationMicroseconds(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions =
            text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) * 1000 }
    }

    // MARK: Shapes

    @Test func relayEdgesAndNodes() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 90)) { sandbox in
            let settings = Self.relay(sandbox)
            let drained = try await drain(sandbox.graphql(settings), pageSize: 40)
            var truthQuery = settings.query
            truthQuery = truthQuery.replacing("$first: Int!, $after: String", with: "$first: Int!")
            truthQuery = truthQuery.replacing("after: $after, ", with: "")
            let data = try await sandbox.graphQLData("/graphql", truthQuery, ["first": .int(100)])
            let nodes = (data["repository"]?["issues"]?["edges"]?.elements ?? []).compactMap { $0["node"] }

            #expect(nodes.count == 90)
            #expect(drained.ids == nodes.compactMap { $0["id"]?.stringValue })
            #expect(drained.pages.map(\.items.count) == [40, 40, 10])
            #expect(drained.stop == .noMorePages && isNewestFirst(drained.items))
            for (item, node) in zip(drained.items, nodes) {
                #expect(item.title == node["title"]?.stringValue)
                #expect(item.url == node["url"]?.stringValue)
                #expect(item.author == node["author"]?["login"]?.stringValue)
                #expect(item.summary == node["bodyText"]?.stringValue)
                #expect(item.tags == (node["labels"]?["nodes"]?.elements ?? []).compactMap { $0["name"]?.stringValue })
                #expect(item.time == Timestamp(rfc3339: node["updatedAt"]?.stringValue ?? ""))
            }
            #expect(drained.items.contains { $0.tags.count >= 2 }, "tags collect every label")

            let bodies = sandbox.recordedBodies(.graphql).filter { $0["variables"]?["first"] == .int(40) }
            #expect(bodies.count == 3)
            #expect(bodies.first?["variables"]?["after"] == nil)
            #expect(
                bodies.dropFirst().compactMap { $0["variables"]?["after"] }
                    == drained.pages.dropLast().compactMap { $0.nextCursor.map(JSONValue.string) })
        }
    }

    @Test func nodesConnectionWithFractionalTimes() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 70)) { sandbox in
            let drained = try await drain(sandbox.graphql(Self.articles(sandbox)), pageSize: 30)
            let data = try await sandbox.graphQLData(
                "/graphql", "{ articles(first: 100) { nodes { id headline publishedAt byline url } } }")
            let nodes = data["articles"]?["nodes"]?.elements ?? []
            #expect(drained.ids == nodes.compactMap { $0["id"]?.stringValue })
            #expect(drained.pages.map(\.items.count) == [30, 30, 10] && drained.stop == .noMorePages)
            #expect(isNewestFirst(drained.items))
            for (item, node) in zip(drained.items, nodes) {
                let published = node["publishedAt"]?.stringValue ?? ""
                #expect(item.time.microseconds == Self.foundationMicroseconds(published), "\(published)")
                #expect(item.author == node["byline"]?.stringValue && item.url == node["url"]?.stringValue)
            }
            #expect(drained.items.contains { $0.time.microseconds % 1_000_000 != 0 }, "fractions kept")
        }
    }

    @Test func cursorHasMoreToTheEnd() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let data = try await sandbox.graphQLData(
                "/graphql",
                "{ launches(pageSize: 1000) { launches { id launchDateUnix mission { name } rocket { name } } } }")
            let all = data["launches"]?["launches"]?.elements ?? []
            let drained = try await drain(sandbox.graphql(Self.launches(sandbox)), pageSize: 7)

            #expect(all.count > 40)
            #expect(drained.ids == all.compactMap { $0["id"]?.scalarText })
            #expect(drained.stop == .noMorePages, "hasMore false ends it")
            #expect(drained.pages.count == (all.count + 6) / 7)
            for (item, launch) in zip(drained.items, all) {
                #expect(item.time == launch["launchDateUnix"]?.intValue.map { Timestamp(unixSeconds: $0) })
                #expect(item.title == launch["mission"]?["name"]?.stringValue)
                #expect(item.tags == [launch["rocket"]?["name"]?.stringValue].compactMap { $0 })
            }
            let sizes = sandbox.recordedBodies(.graphql).compactMap { $0["variables"]?["pageSize"] }
            #expect(sizes.count == drained.pages.count && Set(sizes) == [.int(7)], "page size in pageSize")
        }
    }

    /// The tutorial's server answers the page after a cursor shared by two launches with the second of
    /// them and the same cursor again: paging must stop there rather than loop.
    @Test func cursorHasMoreStopsWhenTheCursorRepeats() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let data = try await sandbox.graphQLData(
                "/graphql", "{ launches(pageSize: 1000) { launches { id launchDateUnix } } }")
            let times = (data["launches"]?["launches"]?.elements ?? []).compactMap { $0["launchDateUnix"]?.intValue }
            let pair = try #require(
                times.indices.dropLast().first { times[$0] == times[$0 + 1] }, "two launches at one time")

            let drained = try await drain(sandbox.graphql(Self.launches(sandbox)), pageSize: 1, maxPages: 500)
            #expect(drained.stop == .repeatedCursor)
            #expect(drained.items.count == pair + 2, "up to the second launch of the pair, each once")
            #expect(Set(drained.ids).count == drained.items.count)
            let loads = sandbox.recordedBodies(.graphql).filter { $0["variables"]?["pageSize"] == .int(1) }
            #expect(loads.count == pair + 2, "stopped at the first repeat")
        }
    }

    /// A `has_more` path at something that is not a boolean (here the cursor) used to read as "no more":
    /// 10 of 30 items and not a word. It is an error naming the path; a `has_more` path with nothing
    /// there leaves the cursor to decide, and says so when the cursor is not there either.
    @Test func aHasMorePathAtTheWrongValueSpeaks() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 30)) { sandbox in
            var wrongValue = Self.articles(sandbox)
            wrongValue.hasMore = Self.path("data.articles.pageInfo.endCursor")
            #expect(
                await Self.firstPageError(wrongValue, sandbox)
                    == "data.articles.pageInfo.endCursor is not true or false")

            var absent = Self.articles(sandbox)
            absent.hasMore = Self.path("data.articles.pageInfo.hasNextPag")
            let drained = try await drain(sandbox.graphql(absent), pageSize: 10)
            #expect(drained.items.count == 30, "the cursor pages on")

            absent.cursor = Self.path("data.articles.pageInfo.endCurser")
            let page = try await sandbox.graphql(absent).loadPage(after: nil, pageSize: 10)
            #expect(
                page.notes.missingCursor == "no value at data.articles.pageInfo.endCurser after a full page of 10 items"
            )
        }
    }

    @Test func offsetPagingEndsOnAShortPage() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let drained = try await drain(sandbox.graphql(Self.events(sandbox)), pageSize: 25)
            let data = try await sandbox.graphQLData("/graphql", "{ events(offset: 0, limit: 100) { id name at } }")
            let events = data["events"]?.elements ?? []
            #expect(drained.ids == events.compactMap { $0["id"]?.stringValue })
            #expect(drained.pages.map(\.items.count) == [25, 25, 10])
            #expect(drained.pages.map(\.hasMore) == [true, true, false])
            let sent = sandbox.recordedBodies(.graphql).compactMap { $0["variables"] }.filter { $0["limit"] != nil }
            #expect(sent.map { $0["offset"] } == [.int(0), .int(25), .int(50)])
            #expect(sent.allSatisfy { $0["limit"] == .int(25) && $0["after"] == nil })

            var offsets = Set<String>()
            for (item, event) in zip(drained.items, events) {
                let at = event["at"]?.stringValue ?? ""
                #expect(item.time.microseconds == Self.foundationMicroseconds(at), "\(at)")
                if let sign = at.dropFirst(19).firstIndex(where: { $0 == "+" || $0 == "-" }) {
                    offsets.insert(String(at[sign...]))
                }
            }
            #expect(offsets.count >= 3, "times with several UTC offsets: \(offsets)")
            #expect(isNewestFirst(drained.items), "offsets applied: the feed is in instant order")
        }
        // A full last page: the next, empty page ends it.
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 50)) { sandbox in
            let drained = try await drain(sandbox.graphql(Self.events(sandbox)), pageSize: 25)
            #expect(drained.pages.map(\.items.count) == [25, 25, 0])
            #expect(drained.items.count == 50 && drained.pages.last?.hasMore == false)
        }
    }

    // MARK: Unusable items and server trouble

    @Test func anItemWithoutItsTitleIsSkippedAndCounted() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let data = try await sandbox.graphQLData(
                "/graphql", "{ launches(pageSize: 1000) { launches { id mission { missionPatch(size: SMALL) } } } }")
            let all = data["launches"]?["launches"]?.elements ?? []
            let withPatch = all.filter { $0["mission"]?["missionPatch"]?.stringValue != nil }
            #expect(withPatch.count < all.count && !withPatch.isEmpty, "some launches have no patch")

            let settings = Self.launches(sandbox, title: "mission.missionPatch")
            let drained = try await drain(sandbox.graphql(settings), pageSize: 10)
            #expect(drained.ids == withPatch.compactMap { $0["id"]?.scalarText })
            #expect(drained.pages.map(\.notes.skipped).reduce(0, +) == all.count - withPatch.count)
            let reasons = drained.pages.compactMap(\.notes.firstSkipReason)
            #expect(!reasons.isEmpty)
            #expect(reasons.allSatisfy { $0.hasPrefix("item ") && $0.hasSuffix(": no value at mission.missionPatch") })
        }
    }

    @Test func partialDataSkipsTheNulledItemAndWarns() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 50)) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .graphql, requests: .nth(1), fault: .partialData)])
            let drained = try await drain(sandbox.graphql(Self.relay(sandbox)), pageSize: 20)
            let first = try #require(drained.pages.first)
            #expect(first.items.count == 19)
            #expect(first.notes.skipped == 1)
            #expect(first.notes.firstSkipReason == "item 20: no value at node.id")
            #expect(first.notes.warnings == ["Sandbox fault: simulated failure of one item"])
            #expect(drained.items.count == 49 && drained.stop == .noMorePages)
        }
    }

    @Test func serverTroubleBecomesAnError() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let source = sandbox.graphql(Self.articles(sandbox), retries: 2)
            sandbox.server.setFaults([FaultRule(endpoint: .graphql, requests: .every, fault: .graphQLErrors)])
            let errors = await errorMessage { _ = try await source.loadPage(after: nil, pageSize: 10) }
            #expect(errors == "Sandbox fault: simulated GraphQL error")

            sandbox.server.setFaults([FaultRule(endpoint: .graphql, requests: .every, fault: .serviceUnavailable)])
            let unavailable = await errorMessage { _ = try await source.loadPage(after: nil, pageSize: 10) } ?? ""
            #expect(unavailable.contains("503") && unavailable.contains("127.0.0.1") && !unavailable.contains("<"))

            sandbox.server.setFaults([
                FaultRule(endpoint: .graphql, requests: .nth(1), fault: .connectionReset),
                FaultRule(endpoint: .graphql, requests: .nth(2), fault: .tooManyRequests(retryAfter: 0)),
            ])
            let page = try await source.loadPage(after: nil, pageSize: 10)
            #expect(page.items.count == 10, "a reset and a 429 are retried")

            sandbox.server.setFaults([])
            var wrongItems = Self.articles(sandbox)
            wrongItems.items = Self.path("data.articles.edges")
            #expect(await Self.firstPageError(wrongItems, sandbox) == "no list at data.articles.edges")

            var wrongToken = Self.articles(sandbox)
            wrongToken.headers = [HTTPHeader(name: "Authorization", value: "Bearer wrong-secret-token")]
            let refused = await Self.firstPageError(wrongToken, sandbox) ?? ""
            #expect(
                refused == "HTTP 401 from 127.0.0.1:\(sandbox.port): Bad credentials", "the server's words, not JSON")
            #expect(!refused.contains("wrong-secret-token"), "the token never appears in a message")
        }
    }
}
