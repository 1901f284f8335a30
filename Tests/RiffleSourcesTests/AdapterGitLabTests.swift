import Foundation
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleSandbox
import RiffleSources
import Testing

/// The GitLab adapter end to end: sandbox GitLab GraphQL, real libcurl client.
@Suite("Adapter: GitLab")
struct AdapterGitLabTests {
    /// Every issue of a project or group as the sandbox's GraphQL returns it, paged independently of the
    /// adapter (a different page size), in the server's `UPDATED_DESC` order.
    static func truth(
        _ sandbox: AdapterSandbox, root: String, path: String, state: String = "all", token: String? = nil,
        updatedAfter: String? = nil
    ) async throws -> [JSONValue] {
        let query = """
            query($path: ID!, $after: String, $state: IssuableState, $updatedAfter: Time) {
              \(root)(fullPath: $path) {
                issues(first: 37, after: $after, sort: UPDATED_DESC, state: $state, updatedAfter: $updatedAfter) {
                  nodes { id iid title state updatedAt webUrl description userNotesCount
                    author { username } labels { nodes { title color } } milestone { title } }
                  pageInfo { endCursor hasNextPage }
                }
              }
            }
            """
        var nodes: [JSONValue] = []
        var after: JSONValue = .null
        for _ in 0..<100 {
            var variables: [String: JSONValue] = ["path": .string(path), "state": .string(state), "after": after]
            if let updatedAfter { variables["updatedAfter"] = .string(updatedAfter) }
            let data = try await sandbox.graphQLData("/api/graphql", query, variables, token: token)
            let connection = data[root]?["issues"]
            nodes += connection?["nodes"]?.elements ?? []
            guard connection?["pageInfo"]?["hasNextPage"] == .bool(true),
                let cursor = connection?["pageInfo"]?["endCursor"]
            else { break }
            after = cursor
        }
        return nodes
    }

    @Test func projectEveryPageToTheEndWithPageSizeCapped() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 230)) { sandbox in
            let source = sandbox.gitlab(.project("sandbox/rocket"))
            let drained = try await drain(source, pageSize: 500)
            let truth = try await Self.truth(sandbox, root: "project", path: "sandbox/rocket")

            #expect(truth.count > 200, "the sandbox serves more than two pages")
            #expect(drained.ids == truth.compactMap { $0["id"]?.stringValue }, "every issue once, in server order")
            #expect(Set(drained.ids).count == drained.items.count)
            #expect(isNewestFirst(drained.items))
            #expect(drained.pages.count == 3)
            #expect(drained.pages.dropLast().allSatisfy { $0.hasMore && $0.items.count == 100 })
            #expect(drained.pages.last?.hasMore == false)
            #expect(drained.stop == .noMorePages)

            let bodies = sandbox.recordedBodies(.gitlab).filter { $0["operationName"] == .string("riffleIssues") }
            #expect(bodies.count == 3)
            for body in bodies {
                #expect(body["variables"]?["first"] == .int(100), "a page of 500 is asked as 100")
                #expect(body["variables"]?["fullPath"] == .string("sandbox/rocket"))
                #expect(body["variables"]?["state"] == .string("all"))
                #expect(body["variables"]?["updatedAfter"] == nil)
            }
            #expect(bodies.first?["variables"]?["after"] == nil, "the first page has no cursor")
            #expect(bodies.dropFirst().allSatisfy { $0["variables"]?["after"]?.stringValue != nil })
        }
    }

    @Test func groupEveryPageToTheEnd() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 90)) { sandbox in
            let drained = try await drain(sandbox.gitlab(.group("sandbox")), pageSize: 40)
            let truth = try await Self.truth(sandbox, root: "group", path: "sandbox")
            let projects = Set(drained.items.compactMap { $0.url?.split(separator: "/").dropFirst(3).first })

            #expect(drained.ids == truth.compactMap { $0["id"]?.stringValue })
            #expect(Set(drained.ids).count == drained.items.count)
            #expect(drained.items.count > 150, "rocket and ground, anonymously")
            #expect(isNewestFirst(drained.items))
            #expect(drained.pages.last?.hasMore == false)
            #expect(drained.pages.dropLast().allSatisfy { $0.items.count == 40 })
            #expect(projects == ["rocket", "ground"])
            #expect(!drained.items.contains { $0.url?.contains("/vault/") == true }, "no private issue anonymously")
            let bodies = sandbox.recordedBodies(.gitlab).filter { $0["operationName"] == .string("riffleIssues") }
            #expect(bodies.allSatisfy { $0["query"]?.stringValue?.contains("group(fullPath") == true })
            #expect(bodies.allSatisfy { $0["query"]?.stringValue?.contains("includeSubgroups: true") == true })
            #expect(bodies.allSatisfy { $0["variables"]?["first"] == .int(40) })
        }
    }

    @Test func everyFieldMapped() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let drained = try await drain(sandbox.gitlab(.project("sandbox/ground")), pageSize: 50)
            let truth = try await Self.truth(sandbox, root: "project", path: "sandbox/ground")
            let nodes = Dictionary(
                truth.compactMap { node in node["id"]?.stringValue.map { ($0, node) } }, uniquingKeysWith: { a, _ in a }
            )
            #expect(drained.items.count == truth.count)
            var sawMilestone = false
            var sawLabels = false
            var sawNoDescription = false
            for item in drained.items {
                guard let node = nodes[item.id] else {
                    Issue.record("\(item.id) is not an issue of sandbox/ground")
                    continue
                }
                let updated = node["updatedAt"]?.stringValue ?? ""
                #expect(item.time == Timestamp(rfc3339: updated), "time is updatedAt \(updated)")
                #expect(item.title == node["title"]?.stringValue)
                #expect(item.url == node["webUrl"]?.stringValue)
                #expect(item.author == node["author"]?["username"]?.stringValue)
                #expect(item.summary == node["description"]?.stringValue)
                let labels = node["labels"]?["nodes"]?.elements ?? []
                #expect(item.tags == labels.compactMap { $0["title"]?.stringValue })
                #expect(item.extra["iid"] == node["iid"])
                #expect(item.extra["state"] == node["state"])
                #expect(item.extra["notes"] == node["userNotesCount"])
                #expect(item.extra["milestone"] == node["milestone"]?["title"])
                var colors: [String: JSONValue] = [:]
                for label in labels {
                    if let title = label["title"]?.stringValue { colors[title] = label["color"] }
                }
                #expect(item.extra["label_colors"] == (colors.isEmpty ? nil : .object(colors)))
                #expect(
                    item.extra.keys.allSatisfy { ["iid", "state", "notes", "milestone", "label_colors"].contains($0) })
                sawMilestone = sawMilestone || item.extra["milestone"] != nil
                sawLabels = sawLabels || !item.tags.isEmpty
                sawNoDescription = sawNoDescription || node["description"] == .null
            }
            #expect(sawMilestone && sawLabels && sawNoDescription, "the data covers every optional field both ways")
        }
    }

    @Test(arguments: [GitLabSettings.State.opened, .closed, .all])
    func stateFilter(_ state: GitLabSettings.State) async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 80)) { sandbox in
            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket"), state: state), pageSize: 30)
            let truth = try await Self.truth(sandbox, root: "project", path: "sandbox/rocket", state: state.rawValue)
            let states = Set(drained.items.compactMap { $0.extra["state"]?.stringValue })
            #expect(drained.ids == truth.compactMap { $0["id"]?.stringValue })
            #expect(!drained.items.isEmpty)
            switch state {
            case .opened: #expect(states == ["opened"])
            case .closed: #expect(states == ["closed"])
            case .all: #expect(states.isSuperset(of: ["opened", "closed"]))
            }
            let sent = sandbox.recordedBodies(.gitlab).compactMap { $0["variables"]?["state"]?.stringValue }
            #expect(sent.contains(state.rawValue) && Set(sent).count == 1)
        }
    }

    @Test func sinceIsSentAsUpdatedAfterAndFilteredByTheServer() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 100)) { sandbox in
            let everything = try await drain(sandbox.gitlab(.project("sandbox/rocket")), pageSize: 100)
            let since = everything.items[everything.items.count / 3].time
            sandbox.server.resetRecord()

            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket"), since: since), pageSize: 10)
            let expected = everything.items.filter { $0.time >= since }
            #expect(drained.ids == expected.map(\.id))
            #expect(drained.items.allSatisfy { $0.time >= since }, "no item older than since")
            #expect(drained.items.count < everything.items.count / 2)
            let bodies = sandbox.recordedBodies(.gitlab)
            #expect(bodies.count == drained.pages.count)
            #expect(drained.pages.count <= expected.count / 10 + 1, "the server filtered: no page of older issues")
            #expect(bodies.allSatisfy { $0["variables"]?["updatedAfter"] == .string(since.rfc3339) })
            #expect(bodies.allSatisfy { $0["query"]?.stringValue?.contains("updatedAfter: $updatedAfter") == true })
        }
    }

    @Test func privateProjectNeedsAToken() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let anonymous = await errorMessage {
                _ = try await sandbox.gitlab(.project("sandbox/vault")).loadPage(after: nil, pageSize: 20)
            }
            #expect(anonymous == "project sandbox/vault not found or not visible without a token")

            let drained = try await drain(
                sandbox.gitlab(.project("sandbox/vault"), token: SandboxOptions.defaultToken), pageSize: 20)
            #expect(drained.items.count == 30, "every vault issue, confidential ones included, with the token")
            #expect(drained.items.allSatisfy { $0.url?.contains("/sandbox/vault/-/issues/") == true })
            let headers = sandbox.server.requests().last?.headers ?? [:]
            #expect(headers["authorization"] == "Bearer \(SandboxOptions.defaultToken)")

            let group = try await drain(
                sandbox.gitlab(.group("sandbox"), token: SandboxOptions.defaultToken), pageSize: 100)
            #expect(group.items.count == 90, "the group shows the private project with the token")

            let wrong = await errorMessage {
                _ = try await sandbox.gitlab(.project("sandbox/rocket"), token: "not-the-token")
                    .loadPage(after: nil, pageSize: 20)
            }
            #expect(wrong?.hasPrefix("GitLab rejected the token") == true, "\(wrong ?? "no error")")
            #expect(wrong?.contains("not-the-token") == false, "the token never appears in a message")
        }
    }

    @Test func missingProjectWithATokenSaysSo() async throws {
        try await AdapterSandbox.with(SandboxOptions(itemsPerSource: 10)) { sandbox in
            let message = await errorMessage {
                _ = try await sandbox.gitlab(.project("sandbox/nothing"), token: SandboxOptions.defaultToken)
                    .loadPage(after: nil, pageSize: 20)
            }
            #expect(message == "project sandbox/nothing not found or not visible with this token")
        }
    }
}

/// GitLab through every fault the sandbox can inject.
@Suite("Adapter: GitLab faults")
struct AdapterGitLabFaultTests {
    static let options = SandboxOptions(itemsPerSource: 45)

    @Test func tooManyRequestsWaitsForRetryAfter() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([
                FaultRule(endpoint: .gitlab, requests: .nth(2), fault: .tooManyRequests(retryAfter: 1))
            ])
            let started = ContinuousClock.now
            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket")), pageSize: 20)
            let elapsed = ContinuousClock.now - started
            #expect(Set(drained.ids).count == drained.items.count && drained.items.count >= 40)
            #expect(drained.pages.count == 3)
            #expect(elapsed >= .milliseconds(950), "waited the Retry-After second")
            let record = sandbox.server.requests()
            #expect(record.count == 4)
            #expect(record[1].fault == .tooManyRequests(retryAfter: 1))
            #expect(record[1].bodyText == record[2].bodyText, "the retry sends the same page request")
        }
    }

    @Test func badGatewayIsRetried() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .numbers(1...2), fault: .badGateway)])
            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket")), pageSize: 20)
            #expect(drained.pages.count == 3 && Set(drained.ids).count == drained.items.count)
            #expect(sandbox.server.requests().count == 5)
        }
    }

    @Test func badGatewayAfterEveryRetryNamesStatusAndHostNotHTML() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .every, fault: .badGateway)])
            let message =
                await errorMessage {
                    _ = try await sandbox.gitlab(.project("sandbox/rocket"), retries: 2).loadPage(
                        after: nil, pageSize: 20)
                } ?? ""
            #expect(message.contains("502"), "\(message)")
            #expect(message.contains("127.0.0.1"), "\(message)")
            #expect(!message.contains("<"), "no HTML in \(message)")
            #expect(!message.contains("invalid JSON"), "\(message)")
            #expect(message.count < 300)
            #expect(sandbox.server.requests().count == 3, "one try and two retries")
        }
    }

    @Test func connectionResetIsRetried() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .nth(2), fault: .connectionReset)])
            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket")), pageSize: 20)
            #expect(drained.pages.count == 3 && Set(drained.ids).count == drained.items.count)
            #expect(sandbox.server.requests().count == 4)
        }
    }

    @Test func truncatedJSONIsAnErrorNotAParserDump() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .nth(1), fault: .truncatedJSON)])
            let source = sandbox.gitlab(.project("sandbox/rocket"))
            var thrown: SourceError?
            do {
                _ = try await source.loadPage(after: nil, pageSize: 20)
            } catch let error as SourceError {
                thrown = error
            }
            let message = thrown?.message ?? ""
            #expect(message.contains("not JSON"), "\(message)")
            #expect(message.contains("127.0.0.1"), "\(message)")
            #expect(!message.contains("invalid JSON at byte") && !message.contains("{"), "\(message)")
            #expect(thrown?.isRetryable == true)
            let again = try await source.loadPage(after: nil, pageSize: 20)
            #expect(again.items.count == 20, "loading the page again works")
        }
    }

    @Test func graphQLErrorsWithoutDataCarryTheServerMessage() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .every, fault: .graphQLErrors)])
            let message = await errorMessage {
                _ = try await sandbox.gitlab(.project("sandbox/rocket")).loadPage(after: nil, pageSize: 20)
            }
            #expect(message == "GitLab: Sandbox fault: simulated GraphQL error")
        }
    }

    @Test func partialDataIsUsedWithAWarning() async throws {
        try await AdapterSandbox.with(Self.options) { sandbox in
            sandbox.server.setFaults([FaultRule(endpoint: .gitlab, requests: .nth(1), fault: .partialData)])
            let drained = try await drain(sandbox.gitlab(.project("sandbox/rocket")), pageSize: 20)
            let first = try #require(drained.pages.first)
            #expect(first.items.count == 19, "the nulled issue is left out, the rest used")
            #expect(first.notes.warnings == ["Sandbox fault: simulated failure of one item"])
            #expect(first.notes.skipped == 1)
            #expect(drained.pages.dropFirst().allSatisfy { $0.notes.warnings.isEmpty })
            #expect(drained.pages.count == 3, "paging goes on after a partial page")
        }
    }
}
