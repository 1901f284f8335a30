import Foundation
import RiffleConfig
import RiffleCore
import RiffleSources
import Testing

@testable import RifflePlugins

extension PluginTests {
    /// The plugins in `plugins/`, end to end against the sandbox.
    @Suite struct ShippedPluginTests {
        func make(_ yaml: String, _ sandbox: Sandbox) async throws -> any Pageable {
            let (catalog, problems) = await shippedCatalog()
            #expect(problems.isEmpty)
            let source = try sources("sources:\n  - " + yaml + "\n", catalog)[0]
            return try SourceFactory.make(
                source, client: sandbox.client, plugins: catalog.makeSource(client: sandbox.client))
        }

        func checkOrder(_ items: [Item]) {
            #expect(Set(items.map(\.id)).count == items.count)
            #expect(items.map(\.time) == items.map(\.time).sorted(by: >))
        }

        @Test func githubIssues() async throws {
            try await Sandbox.with { sandbox in
                let source = try await make(
                    "{name: gh, type: github-issues, owner: acme, repo: rocket, token: sandbox-token, "
                        + "endpoint: \"\(sandbox.base)/graphql\"}", sandbox)
                let (items, pages) = try await pageToEnd(source, pageSize: 25)
                #expect(items.count == 60 && pages == 3)
                checkOrder(items)
                #expect(items.allSatisfy { $0.url?.contains("/acme/rocket/issues/") == true })
                #expect(items.allSatisfy { $0.author != nil && $0.summary != nil })
                #expect(items.contains { !$0.tags.isEmpty })
                let requests = sandbox.server.requests().filter { $0.path == "/graphql" }
                #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer sandbox-token" })
            }
        }

        @Test func gitlabMergeRequests() async throws {
            try await Sandbox.with { sandbox in
                let anonymous = try await make(
                    "{name: mr, type: gitlab-merge-requests, project: sandbox/rocket, url: \"\(sandbox.base)\", state: all}",
                    sandbox)
                let (items, pages) = try await pageToEnd(anonymous, pageSize: 20)
                #expect(!items.isEmpty && pages >= 2)
                checkOrder(items)
                #expect(
                    items.allSatisfy {
                        $0.id.hasPrefix("gid://gitlab/MergeRequest/") && $0.url != nil && $0.author != nil
                    })
                #expect(items.contains { !$0.tags.isEmpty })
                #expect(sandbox.server.requests().allSatisfy { $0.headers["private-token"] == nil })

                let opened = try await make(
                    "{name: mr, type: gitlab-merge-requests, project: sandbox/rocket, url: \"\(sandbox.base)\", "
                        + "token: sandbox-token}", sandbox)
                let openItems = try await pageToEnd(opened, pageSize: 50).items
                #expect(!openItems.isEmpty && openItems.count < items.count)
                #expect(sandbox.server.requests().last?.headers["private-token"] == "sandbox-token")
            }
        }

        @Test func restEventsFollowsLinkHeaders() async throws {
            try await Sandbox.with { sandbox in
                let source = try await make(
                    "{name: ev, type: rest-events, base_url: \"\(sandbox.base)/rest\", owner: acme, repo: ground}",
                    sandbox)
                let (items, pages) = try await pageToEnd(source, pageSize: 25)
                #expect(items.count == 60 && pages == 3)
                checkOrder(items)
                #expect(items.allSatisfy { $0.url?.contains("/acme/ground/issues/") == true && $0.author != nil })
                #expect(items.allSatisfy { $0.tags.count == 1 && $0.extra["type"] == .string($0.tags[0]) })
                let plugin = try #require(source as? ExecutablePluginSource)
                #expect(plugin.processID == nil)

                let missing = try await make(
                    "{name: ev, type: rest-events, base_url: \"\(sandbox.base)/rest\", owner: acme, repo: nope}",
                    sandbox)
                await #expect(
                    throws: SourceError.pluginAnswer(
                        executable: "\(shippedPlugins)/rest-events.py",
                        message: "HTTP 404 from \(sandbox.base)/rest/repos/acme/nope/events")
                ) {
                    try await missing.loadPage(after: nil, pageSize: 5)
                }
                await (missing as? ExecutablePluginSource)?.stop()
            }
        }
    }
}
