import Foundation
import RiffleCore
import RiffleSandbox
import Testing

/// Transient faults survived, permanent ones failing fast: the built `riffle export` against the sandbox
/// with per-request faults, over the API adapters (gitlab, spacex, graphql) and both plugin kinds (the
/// shipped `github-issues.yaml` manifest and `rest-events.py` executable).
@Suite(.serialized) struct RetryEndToEndTests {
    /// `plugins/` of this repository, for the plugin sources.
    static let pluginDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins").path

    /// One source of each adapter and plugin kind; `SANDBOX` stands for the sandbox's URL.
    static func config(retries: Int, only names: Set<String>? = nil) -> String {
        let sources: [(String, String)] = [
            ("rocket", "{name: rocket, type: gitlab, url: SANDBOX, project: sandbox/rocket, state: all}"),
            ("launches", "{name: launches, type: spacex, url: SANDBOX, upcoming: all}"),
            (
                "articles",
                """
                name: articles
                    type: graphql
                    endpoint: SANDBOX/graphql
                    query: 'query($first: Int!, $after: String) { articles(first: $first, after: $after) { nodes { id headline publishedAt } pageInfo { endCursor hasNextPage } } }'
                    items: data.articles.nodes
                    cursor: data.articles.pageInfo.endCursor
                    has_more: data.articles.pageInfo.hasNextPage
                    fields: {id: id, time: publishedAt, title: headline}
                """
            ),
            (
                "ground",
                "{name: ground, type: github-issues, owner: acme, repo: ground, token: sandbox-token, "
                    + "endpoint: \"SANDBOX/graphql\"}"
            ),
            ("events", "{name: events, type: rest-events, base_url: \"SANDBOX/rest\", owner: acme, repo: rocket}"),
        ]
        var text = """
            plugins: [\(pluginDirectory)]
            defaults: {page_size: 10, timeout: 20s, retries: \(retries)}
            sources:

            """
        for (name, yaml) in sources where names?.contains(name) ?? true { text += "  - \(yaml)\n" }
        return text
    }

    /// The tests' fault mix on every other request of every endpoint: 429, 502 (HTML), reset, a
    /// truncated 200, a GraphQL-error 200 (`data: null`, GitHub's timeout message; an HTML 200 for the
    /// REST endpoints, which do not speak GraphQL), 503.
    static func faultMix(requests: Int = 60) -> [FaultRule] {
        var rules: [FaultRule] = []
        let graphQL: [FaultRule.Fault] = [
            .tooManyRequests(retryAfter: 1), .badGateway, .connectionReset, .truncatedJSON, .graphQLTimeout,
            .serviceUnavailable,
        ]
        let rest: [FaultRule.Fault] = [
            .tooManyRequests(retryAfter: 1), .badGateway, .connectionReset, .truncatedJSON, .htmlOK,
            .serviceUnavailable,
        ]
        for endpoint in [SandboxEndpoint.gitlab, .graphql, .spacex, .rest] {
            let mix = endpoint == .gitlab || endpoint == .graphql ? graphQL : rest
            for (turn, number) in stride(from: 2, through: requests, by: 2).enumerated() {
                rules.append(FaultRule(endpoint: endpoint, requests: .nth(number), fault: mix[turn % mix.count]))
            }
        }
        return rules
    }

    static func sortedKeys(_ items: [JSONValue]) -> [String] {
        items.map { "\($0["source"]?.stringValue ?? "")/\($0["id"]?.stringValue ?? "")" }.sorted()
    }

    static func python3Missing() -> Bool {
        !["/usr/bin/python3", "/bin/python3", "/usr/local/bin/python3"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    @Test func everySourceSurvivesTheFaultMixWithEveryItem() async throws {
        if Self.python3Missing() {
            print("skipped: no python3 for the executable plugin")
            return
        }
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 50)) { sandbox in
            let config = try sandbox.config(Self.config(retries: 3))
            let clock = ContinuousClock()
            let cleanStart = clock.now
            let clean = try await Harness.run(["export", "--config", config])
            let cleanTime = clock.now - cleanStart
            #expect(clean.status == 0, "\(clean.stderr)")
            let expected = Self.sortedKeys(try Harness.jsonArray(clean.stdoutBytes))
            #expect(
                Set(expected.map { $0.split(separator: "/")[0] }) == [
                    "rocket", "launches", "articles", "ground", "events",
                ])

            sandbox.server.setFaults(Self.faultMix())
            sandbox.server.resetRecord()
            let faultyStart = clock.now
            let faulty = try await Harness.run(["export", "--config", config, "-v"])
            let faultyTime = clock.now - faultyStart
            #expect(faulty.status == 0, "\(faulty.stderr)")
            #expect(Self.sortedKeys(try Harness.jsonArray(faulty.stdoutBytes)) == expected, "every item arrives")
            #expect(faulty.stdout == clean.stdout, "the same bytes as without faults")
            // The page level retried what the HTTP layer cannot see, and said why.
            #expect(faulty.stderr.contains("whose body is cut off); retrying in"), "\(faulty.stderr)")
            #expect(faulty.stderr.contains("GraphQL errors without data: Something went wrong"), "\(faulty.stderr)")
            #expect(faulty.stderr.contains("events: "), "the executable plugin's retryable errors")
            let record = sandbox.server.requests()
            let faulted = record.filter { $0.fault != nil }.count
            #expect(faulted > 15, "faults on about every other request")
            let items = expected.count
            print(
                "fault mix: \(items) items from 5 sources; without faults \(clean.stdoutBytes.count) bytes in "
                    + "\(cleanTime); with \(faulted) faults in \(record.count) requests \(faultyTime)")
        }
    }

    /// A permanent fault on a source's first request: it fails after that one request, the others go on.
    @Test(arguments: [
        ("rocket", FaultRule(endpoint: .gitlab, requests: .every, fault: .requestError)),
        ("rocket", FaultRule(endpoint: .gitlab, requests: .every, fault: .complexity)),
        ("launches", FaultRule(endpoint: .spacex, requests: .every, fault: .badRequest)),
        ("articles", FaultRule(endpoint: .graphql, requests: .every, fault: .requestError)),
        ("ground", FaultRule(endpoint: .graphql, requests: .every, fault: .complexity)),
        ("events", FaultRule(endpoint: .rest, requests: .every, fault: .badRequest)),
    ])
    func permanentFaultFailsFast(source: String, rule: FaultRule) async throws {
        if source == "events" && Self.python3Missing() {
            print("skipped: no python3 for the executable plugin")
            return
        }
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let config = try sandbox.config(Self.config(retries: 3, only: [source]))
            sandbox.server.setFaults([rule])
            let run = try await Harness.run(["export", "--config", config, "-v"])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("riffle: source \(source) failed"), "\(run.stderr)")
            #expect(!run.stderr.contains("retrying"), "\(run.stderr)")
            #expect(sandbox.server.requests().count == 1, "one request, no retry")
        }
    }

    /// A source that never answers well fails after its retries: `retries + 1` requests in all, whether
    /// the HTTP layer (503) or the page layer (a truncated 200) retried them.
    @Test(arguments: [FaultRule.Fault.serviceUnavailable, .truncatedJSON, .graphQLTimeout])
    func deadSourceFailsAfterItsRetries(fault: FaultRule.Fault) async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let config = try sandbox.config(Self.config(retries: 2, only: ["articles"]))
            sandbox.server.setFaults([FaultRule(endpoint: .graphql, requests: .every, fault: fault)])
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(run.stderr.contains("riffle: source articles failed"), "\(run.stderr)")
            #expect(sandbox.server.requests().count == 3)
        }
    }
}
