import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

@Suite("Sandbox generic GraphQL and REST")
struct SandboxGenericTests {
    @Test func relayEdgesPageToTheEnd() async throws {
        try await SandboxHarness.with { sandbox in
            let query = """
                query($first: Int!, $after: String) {
                  repository(owner: "acme", name: "rocket") {
                    issues(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
                      edges { cursor node { id number title url updatedAt bodyText author { login } labels(first: 10) { nodes { name } } } }
                      pageInfo { endCursor hasNextPage }
                      totalCount
                    }
                  }
                }
                """
            var times: [String] = []
            var numbers: Set<Int> = []
            var after: Any = NSNull()
            for _ in 0..<20 {
                let issues = try await sandbox.graphQL("/graphql", query, variables: ["first": 40, "after": after])
                    .json["data"]["repository"]["issues"]
                #expect(issues["totalCount"].int == 150)
                for edge in issues["edges"].array {
                    times.append(edge["node"]["updatedAt"].string ?? "")
                    numbers.insert(edge["node"]["number"].int ?? 0)
                }
                guard issues["pageInfo"]["hasNextPage"].bool == true else { break }
                after = issues["pageInfo"]["endCursor"].string ?? ""
            }
            #expect(times.count == 150 && numbers.count == 150)
            #expect(times == times.sorted(by: >))

            let tooMany = try await sandbox.graphQL("/graphql", query, variables: ["first": 101]).json
            #expect(tooMany["errors"][0]["message"].string?.contains("exceeds the `first` limit of 100") == true)
            let missing = try await sandbox.graphQL(
                "/graphql", "{ repository(owner: \"acme\", name: \"nope\") { name } }"
            )
            .json
            #expect(missing["data"]["repository"].isNull)
            #expect(
                missing["errors"][0]["message"].string == "Could not resolve to a Repository with the name 'acme/nope'."
            )
            let refused = try await sandbox.graphQL("/graphql", query, variables: ["first": 1], token: "stolen")
            #expect(refused.status == 401 && refused.json["message"].string == "Bad credentials")
        }
    }

    /// The sandbox parses and validates a query text once and keeps the document: the same text answers
    /// the same again, and a text that does not parse or validate is refused every time it comes.
    @Test func aQueryTextAnswersAlikeEveryTimeItComes() async throws {
        try await SandboxHarness.with { sandbox in
            let query = "query($limit: Int!, $offset: Int!) { events(offset: $offset, limit: $limit) { id at } }"
            let first = try await sandbox.graphQL("/graphql", query, variables: ["limit": 3, "offset": 0]).json
            let again = try await sandbox.graphQL("/graphql", query, variables: ["limit": 3, "offset": 0]).json
            #expect(first["data"]["events"].array.count == 3)
            #expect(
                first["data"]["events"].array.map { $0["id"].string }
                    == again["data"]["events"].array.map { $0["id"].string })
            let next = try await sandbox.graphQL("/graphql", query, variables: ["limit": 3, "offset": 3]).json
            #expect(
                next["data"]["events"].array.first?["id"].string != first["data"]["events"].array.first?["id"].string)
            for _ in 0..<2 {
                let invalid = try await sandbox.graphQL("/graphql", "{ events(offset: 0, limit: 1) { nosuchfield } }")
                    .json
                #expect(invalid["errors"][0]["message"].string?.contains("nosuchfield") == true)
                let broken = try await sandbox.graphQL("/graphql", "{ events(offset: 0, limit: 1) { id ").json
                #expect(broken["errors"][0]["message"].string?.contains("Syntax Error") == true)
            }
        }
    }

    @Test func nodesConnectionPagesToTheEnd() async throws {
        try await SandboxHarness.with { sandbox in
            let query = """
                query($first: Int!, $after: String) {
                  articles(first: $first, after: $after) { nodes { id headline publishedAt byline url } pageInfo { endCursor hasNextPage } }
                }
                """
            var ids: [String] = []
            var times: [String] = []
            var after: Any = NSNull()
            for _ in 0..<20 {
                let articles = try await sandbox.graphQL("/graphql", query, variables: ["first": 33, "after": after])
                    .json["data"]["articles"]
                ids += articles["nodes"].array.compactMap { $0["id"].string }
                times += articles["nodes"].array.compactMap { $0["publishedAt"].string }
                guard articles["pageInfo"]["hasNextPage"].bool == true else { break }
                after = articles["pageInfo"]["endCursor"].string ?? ""
            }
            #expect(ids.count == 150 && Set(ids).count == 150)
            #expect(times == times.sorted(by: >))
            #expect(times.allSatisfy { $0.contains(".") && $0.hasSuffix("Z") })
        }
    }

    @Test func apolloTutorialShapeWithItsQuirks() async throws {
        try await SandboxHarness.with { sandbox in
            let query = """
                query($pageSize: Int, $after: String) {
                  launches(pageSize: $pageSize, after: $after) {
                    cursor hasMore launches { id site mission { name } rocket { id name type } launchDateUnix }
                  }
                }
                """
            var seenCursors: Set<String> = []
            var times: [Int] = []
            var after: Any = NSNull()
            while true {
                let connection = try await sandbox.graphQL(
                    "/graphql", query, variables: ["pageSize": 9, "after": after]
                )
                .json["data"]["launches"]
                times += connection["launches"].array.compactMap { $0["launchDateUnix"].int }
                let cursor = try #require(connection["cursor"].string)
                #expect(Int(cursor) == connection["launches"].array.last?["launchDateUnix"].int)
                guard connection["hasMore"].bool == true, seenCursors.insert(cursor).inserted else { break }
                after = cursor
            }
            #expect(times == times.sorted(by: >))
            #expect(times.count >= 120)

            let first = try await sandbox.graphQL("/graphql", query, variables: ["pageSize": 5]).json["data"][
                "launches"]
            let restarted = try await sandbox.graphQL(
                "/graphql", query, variables: ["pageSize": 5, "after": "not-a-cursor"]
            )
            .json["data"]["launches"]
            #expect(
                first["launches"].array.map { $0["id"].string } == restarted["launches"].array.map { $0["id"].string })
            #expect(first["cursor"].string == restarted["cursor"].string)
        }
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func apolloShapeOverTheRealFixtureMatchesTheTutorial() async throws {
        let launches = SharedFixtures.path("spacex/v4-launches.json")
        let shaped = SharedFixtures.path("apollo-tutorial/fullstack-shaped-launches.json")
        try await SandboxHarness.with(
            SandboxOptions(
                spaceXLaunchesFile: launches, spaceXRocketsFile: SharedFixtures.path("spacex/v4-rockets.json"))
        ) { sandbox in
            let query = "{ launches(pageSize: 500) { hasMore launches { id site mission { name } rocket { name } } } }"
            let served = try await sandbox.graphQL("/graphql", query).json["data"]["launches"]
            let expected = JSON(parsing: try Data(contentsOf: URL(filePath: shaped)))["launches"].array
                .filter { $0["_v4"]["upcoming"].bool == false }.reversed()
            func row(_ launch: JSON) -> [String?] {
                [
                    launch["id"].string, launch["site"].string, launch["mission"]["name"].string,
                    launch["rocket"]["name"].string,
                ]
            }
            #expect(served["launches"].array.map(row) == expected.map(row))
            #expect(served["hasMore"].bool == false)
        }
    }

    @Test func apolloCursorsRepeatOnEqualTimes() async throws {
        try await SandboxHarness.with { sandbox in
            let query =
                "query($after: String) { launches(pageSize: 1, after: $after) { cursor hasMore launches { id } } }"
            var cursors: [String] = []
            var after: Any = NSNull()
            for _ in 0..<200 {
                let connection = try await sandbox.graphQL("/graphql", query, variables: ["after": after]).json["data"][
                    "launches"]
                guard let cursor = connection["cursor"].string else { break }
                if cursors.last == cursor { break }
                cursors.append(cursor)
                guard connection["hasMore"].bool == true else { break }
                after = cursor
            }
            #expect(cursors.count < 200, "paging one by one stops, because a cursor repeats")
            #expect(Set(cursors).count == cursors.count)
        }
    }

    @Test func offsetListPagesToTheEnd() async throws {
        try await SandboxHarness.with { sandbox in
            let query = "query($offset: Int!, $limit: Int!) { events(offset: $offset, limit: $limit) { id name at } }"
            var events: [JSON] = []
            while events.count < 1000 {
                let page = try await sandbox.graphQL(
                    "/graphql", query, variables: ["offset": events.count, "limit": 40]
                )
                .json["data"]["events"].array
                events += page
                if page.count < 40 { break }
            }
            #expect(events.count == 150)
            let stamps = events.compactMap { $0["at"].string }
            #expect(stamps.contains { $0.hasSuffix("+02:00") || $0.hasSuffix("+05:30") })
            #expect(stamps.contains { $0.contains(".") })
            let tooBig = try await sandbox.graphQL("/graphql", query, variables: ["offset": 0, "limit": 1000]).json
            #expect(tooBig["errors"][0]["message"].string != nil)
        }
    }

    @Test func restFollowsLinkHeaders() async throws {
        try await SandboxHarness.with { sandbox in
            var query = [("per_page", "40"), ("page", "1")]
            var events: [JSON] = []
            var pages = 0
            while pages < 20 {
                let response = try await sandbox.send(.GET, "/rest/repos/acme/ground/events", query: query)
                #expect(response.status == 200)
                events += response.json.array
                pages += 1
                guard let link = response.headers["link"],
                    let next = link.split(separator: ",").first(where: { $0.contains("rel=\"next\"") })
                else { break }
                let url = try #require(
                    URLComponents(
                        string: String(next.split(separator: ";")[0]).trimmingCharacters(in: .init(charactersIn: " <>"))
                    ))
                #expect(url.host == "127.0.0.1" && url.path == "/rest/repos/acme/ground/events")
                query = (url.queryItems ?? []).map { ($0.name, $0.value ?? "") }
            }
            #expect(pages == 4 && events.count == 150)
            let times = events.compactMap { $0["created_at"].string }
            #expect(times == times.sorted(by: >))
            #expect(events[0].keys == ["id", "type", "created_at", "title", "html_url", "actor"])
            let missing = try await sandbox.send(.GET, "/rest/repos/acme/nope/events")
            #expect(missing.status == 404)
        }
    }

    @Test func unknownPathsAndWrongMethods() async throws {
        try await SandboxHarness.with { sandbox in
            let unknown = try await sandbox.send(.GET, "/v5/nothing")
            #expect(unknown.status == 404 && unknown.json["error"].string != nil)
            #expect(try await sandbox.send(.GET, "/api/graphql").status == 405)
            #expect(try await sandbox.send(.GET, "/v4/launches/query").status == 405)
            #expect(try await sandbox.send(.POST, "/rest/repos/acme/rocket/events").status == 405)
            let record = sandbox.server.requests()
            #expect(record.map(\.endpoint) == [.other, .gitlab, .spacex, .rest])
            #expect(record.last?.method == "POST")
        }
    }

    @Test func hostileTitlesOnlyWhenEnabled() async throws {
        let query = "{ events(offset: 0, limit: 100) { name } articles(first: 100) { nodes { headline } } }"
        func hostileCount(_ options: SandboxOptions) async throws -> Int {
            return try await SandboxHarness.with(options) { sandbox in
                let json = try await sandbox.graphQL("/graphql", query).json
                let titles =
                    json["data"]["events"].array.compactMap { $0["name"].string }
                    + json["data"]["articles"]["nodes"].array.compactMap { $0["headline"].string }
                return titles.count {
                    $0.unicodeScalars.contains {
                        $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                    }
                }
            }
        }
        #expect(try await hostileCount(SandboxOptions(itemsPerSource: 150)) > 0)
        #expect(try await hostileCount(SandboxOptions(itemsPerSource: 150, includeHostileTitles: false)) == 0)
    }
}
