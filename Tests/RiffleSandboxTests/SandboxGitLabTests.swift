import Foundation
import RiffleSandbox
import Testing

@Suite("Sandbox GitLab GraphQL")
struct SandboxGitLabTests {
    static let issuesQuery = """
        query($path: ID!, $first: Int, $after: String, $state: IssuableState, $updatedAfter: Time) {
          project(fullPath: $path) {
            issues(first: $first, after: $after, sort: UPDATED_DESC, state: $state, updatedAfter: $updatedAfter) {
              count
              nodes { id iid title state createdAt updatedAt closedAt webUrl author { username name }
                      labels { nodes { title color textColor } } milestone { title } userNotesCount confidential }
              edges { cursor node { id } }
              pageInfo { endCursor hasNextPage hasPreviousPage startCursor }
            }
          }
        }
        """

    /// Every page of a project's issues, following `endCursor` until `hasNextPage` is false.
    static func allPages(
        _ sandbox: SandboxHarness, path: String, first: Int, token: String? = nil, extra: [String: Any] = [:]
    ) async throws -> [JSON] {
        var pages: [JSON] = []
        var after: Any = NSNull()
        while pages.count < 100 {
            var variables: [String: Any] = ["path": path, "first": first, "after": after]
            variables.merge(extra) { $1 }
            let response = try await sandbox.graphQL("/api/graphql", issuesQuery, variables: variables, token: token)
            #expect(response.status == 200)
            let issues = response.json["data"]["project"]["issues"]
            pages.append(issues)
            guard issues["pageInfo"]["hasNextPage"].bool == true, let cursor = issues["pageInfo"]["endCursor"].string
            else {
                break
            }
            after = cursor
        }
        return pages
    }

    @Test func pagesEveryIssueOnceNewestFirst() async throws {
        try await SandboxHarness.with { sandbox in
            let pages = try await Self.allPages(sandbox, path: "sandbox/rocket", first: 40)
            let nodes = pages.flatMap { $0["nodes"].array }
            let total = try #require(pages.first?["count"].int)
            #expect(nodes.count == total)
            #expect(Set(nodes.compactMap { $0["id"].string }).count == total)
            #expect(pages.count == (total + 39) / 40)
            // Sorted by updatedAt then id, both descending.
            let keys = nodes.map {
                ($0["updatedAt"].string ?? "", Int($0["id"].string?.split(separator: "/").last ?? "") ?? 0)
            }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 > $0.1 || ($0.0 == $0.1 && $0.1.1 < $0.0.1) })
            #expect(zip(keys, keys.dropFirst()).contains { $0.0.0 == $0.1.0 }, "the data has equal updatedAt values")
            // Shapes and GitLab's quirks.
            let first = nodes[0]
            #expect(first["id"].string?.hasPrefix("gid://gitlab/Issue/") == true)
            #expect(first["iid"].string != nil)
            #expect(first["updatedAt"].string?.hasSuffix("Z") == true)
            #expect(pages[0]["pageInfo"]["hasPreviousPage"].bool == false)
            #expect(pages[1]["pageInfo"]["hasPreviousPage"].bool == true)
            #expect(pages[0]["edges"][0]["cursor"].string == pages[0]["pageInfo"]["startCursor"].string)
            // The cursor is base64url JSON of the sort key and id.
            let cursor = try #require(pages[0]["pageInfo"]["endCursor"].string)
            var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while base64.count % 4 != 0 { base64 += "=" }
            let decoded = JSON(parsing: try #require(Data(base64Encoded: base64)))
            #expect(decoded["updated_at"].string?.hasSuffix(".000000000 +0000") == true)
            #expect(
                decoded["id"].string
                    == pages[0]["nodes"].array.last?["id"].string?.split(separator: "/").last.map(String.init))
        }
    }

    @Test func firstIsCappedAt100AndHasNextPageNeedsFirst() async throws {
        try await SandboxHarness.with { sandbox in
            let capped = try await sandbox.graphQL(
                "/api/graphql", Self.issuesQuery, variables: ["path": "sandbox/rocket", "first": 500])
            #expect(capped.json["data"]["project"]["issues"]["nodes"].array.count == 100)
            #expect(capped.json["data"]["project"]["issues"]["pageInfo"]["hasNextPage"].bool == true)
            let unbounded = try await sandbox.graphQL(
                "/api/graphql", Self.issuesQuery, variables: ["path": "sandbox/rocket"])
            #expect(unbounded.json["data"]["project"]["issues"]["nodes"].array.count == 100)
            #expect(unbounded.json["data"]["project"]["issues"]["pageInfo"]["hasNextPage"].bool == false)
            #expect(unbounded.json["correlationId"].string != nil)
        }
    }

    @Test func unknownAndPrivateProjectsAreNull() async throws {
        try await SandboxHarness.with { sandbox in
            for path in ["acme/nothing", "sandbox/vault"] {
                let response = try await sandbox.graphQL(
                    "/api/graphql", Self.issuesQuery, variables: ["path": path, "first": 5])
                #expect(response.status == 200)
                #expect(response.json["data"]["project"].isNull)
                #expect(!response.json["errors"].exists)
            }
        }
    }

    @Test func tokensGateThePrivateProject() async throws {
        try await SandboxHarness.with { sandbox in
            let refused = try await sandbox.graphQL(
                "/api/graphql", Self.issuesQuery, variables: ["path": "sandbox/vault", "first": 5], token: "wrong")
            #expect(refused.status == 401)
            #expect(refused.text == #"{"errors":[{"message":"Invalid token"}]}"#)

            let pages = try await Self.allPages(
                sandbox, path: "sandbox/vault", first: 100, token: SandboxOptions.defaultToken)
            #expect(pages.flatMap { $0["nodes"].array }.count == 150)

            let query = "{ group(fullPath: \"sandbox\") { issues(first: 1) { count } } }"
            let anonymous =
                try await sandbox.graphQL("/api/graphql", query).json["data"]["group"]["issues"]["count"].int ?? 0
            let authenticated =
                try await sandbox.graphQL("/api/graphql", query, token: SandboxOptions.defaultToken)
                .json["data"]["group"]["issues"]["count"].int ?? 0
            #expect(authenticated == 450)
            #expect(anonymous < 300, "the group lists public, non-confidential issues only without a token")
        }
    }

    @Test func filtersByStateAndUpdatedAfter() async throws {
        try await SandboxHarness.with { sandbox in
            let closed = try await Self.allPages(
                sandbox, path: "sandbox/ground", first: 100, extra: ["state": "closed"])
            let closedNodes = closed.flatMap { $0["nodes"].array }
            #expect(!closedNodes.isEmpty)
            #expect(closedNodes.allSatisfy { $0["state"].string == "closed" && $0["closedAt"].string != nil })

            let since = "2026-09-01T00:00:00+02:00"
            let recent = try await Self.allPages(
                sandbox, path: "sandbox/ground", first: 100, extra: ["updatedAfter": since])
            let recentNodes = recent.flatMap { $0["nodes"].array }
            #expect(!recentNodes.isEmpty)
            #expect(recentNodes.allSatisfy { ($0["updatedAt"].string ?? "") >= "2026-08-31T22:00:00Z" })
            let all = try await Self.allPages(sandbox, path: "sandbox/ground", first: 100, extra: ["state": "all"])
            #expect(all.flatMap { $0["nodes"].array }.count > recentNodes.count)
        }
    }

    @Test func invalidQueriesGetGraphQLValidationErrors() async throws {
        try await SandboxHarness.with { sandbox in
            let response = try await sandbox.graphQL(
                "/api/graphql",
                "{ project(fullPath: \"sandbox/rocket\") { issues(sort: SIDEWAYS) { nodes { titel } } } }")
            #expect(response.status == 200)
            let messages = response.json["errors"].array.compactMap { $0["message"].string }
            #expect(messages.contains { $0.contains("titel") && $0.contains("Did you mean \"title\"") })
            #expect(messages.contains { $0.contains("SIDEWAYS") })
            #expect(!response.json["data"].exists || response.json["data"].isNull)

            let syntax = try await sandbox.graphQL("/api/graphql", "{ project(")
            #expect(syntax.status == 200)
            #expect(syntax.json["errors"][0]["message"].string?.contains("Syntax Error") == true)

            let badCursor = try await sandbox.graphQL(
                "/api/graphql", Self.issuesQuery, variables: ["path": "sandbox/rocket", "first": 5, "after": "bm9wZQ"])
            #expect(badCursor.json["errors"][0]["message"].string == "Please provide a valid cursor")
        }
    }

    @Test func mergeRequestsPageToo() async throws {
        try await SandboxHarness.with { sandbox in
            let query = """
                query($after: String) { project(fullPath: "sandbox/rocket") {
                  mergeRequests(first: 30, after: $after, sort: UPDATED_DESC, state: all) {
                    nodes { id iid title webUrl updatedAt author { username } labels { nodes { title } } }
                    pageInfo { endCursor hasNextPage } } } }
                """
            var seen: [String] = []
            var after: Any = NSNull()
            for _ in 0..<10 {
                let connection = try await sandbox.graphQL("/api/graphql", query, variables: ["after": after])
                    .json["data"]["project"]["mergeRequests"]
                seen += connection["nodes"].array.compactMap { $0["id"].string }
                guard connection["pageInfo"]["hasNextPage"].bool == true else { break }
                after = connection["pageInfo"]["endCursor"].string ?? ""
            }
            #expect(seen.count == 75)
            #expect(Set(seen).count == 75)
            #expect(seen.allSatisfy { $0.hasPrefix("gid://gitlab/MergeRequest/") })
        }
    }
}
