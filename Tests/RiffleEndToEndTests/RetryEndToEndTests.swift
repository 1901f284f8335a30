import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// Transient faults survived, permanent ones failing fast: the built `riffle export` against the sandbox
/// with per-request faults, over the API adapters (gitlab, spacex, graphql) and both plugin kinds (the
/// shipped `github-issues.yaml` manifest and `rest-events.py` executable).
@Suite(.serialized) struct RetryEndToEndTests {
    /// `plugins/` of this repository, for the plugin sources.
    static let pluginDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("plugins").path

    /// One source of each adapter and plugin kind, by name.
    static let builtIn: [(kind: SandboxSourceKind, name: String)] = [
        (.gitlabRocket, "rocket"), (.spacex, "launches"), (.articles, "articles"),
    ]
    static let plugins: [(kind: SandboxPluginSource, name: String)] = [(.manifest, "ground"), (.executable, "events")]
    static let allNames = builtIn.map(\.name) + plugins.map(\.name)

    /// The sources named in `names` (all five by default); `SANDBOX` stands for the sandbox's URL.
    static func config(retries: Int, only names: Set<String>? = nil, pageSize: Int = 10) -> String {
        var text =
            "plugins: [\(pluginDirectory)]\n"
            + SandboxSourceKind.config(
                builtIn.filter { names?.contains($0.name) ?? true }, pageSize: pageSize, sandbox: "SANDBOX",
                timeout: "60s", retries: retries)
        for (kind, name) in plugins where names?.contains(name) ?? true {
            text += kind.yaml(name: name, sandbox: "SANDBOX")
        }
        return text
    }

    static func sortedKeys(_ items: [JSONValue]) -> [String] {
        items.map { "\($0["source"]?.stringValue ?? "")/\($0["id"]?.stringValue ?? "")" }.sorted()
    }

    @Test func everySourceSurvivesTheFaultMixWithEveryItem() async throws {
        if !SandboxPluginSource.python3Installed {
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

            sandbox.server.setFaults(FaultRule.mix(requests: 60))
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

    /// Each adapter and plugin kind alone, with the whole mix in turn on every other request (one fault
    /// on every page after the first: 429, 502, reset, truncated 200, HTML 200, 503 and, for GraphQL,
    /// both `data: null` errors that pass): every item arrives, the same bytes as without faults.
    @Test(arguments: allNames)
    func eachSourceSurvivesEveryFaultOfTheMix(source: String) async throws {
        if source == "events" && !SandboxPluginSource.python3Installed {
            print("skipped: no python3 for the executable plugin")
            return
        }
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 50)) { sandbox in
            let config = try sandbox.config(Self.config(retries: 1, only: [source], pageSize: 5))
            let clean = try await Harness.run(["export", "--config", config])
            #expect(clean.status == 0, "\(clean.stderr)")
            let pages = sandbox.server.requests().count
            #expect(pages >= 10, "\(source): enough pages for the whole mix")

            sandbox.server.setFaults(FaultRule.mix(requests: 4 * pages))
            sandbox.server.resetRecord()
            let faulty = try await Harness.run(["export", "--config", config])
            #expect(faulty.status == 0, "\(source): \(faulty.stderr)")
            #expect(faulty.stdout == clean.stdout, "\(source): every item, the same bytes as without faults")
            let seen = Set(sandbox.server.requests().compactMap(\.fault))
            let endpoint = sandbox.server.requests().first?.endpoint
            let mix = endpoint == .gitlab || endpoint == .graphql ? FaultRule.graphQLMix : FaultRule.restMix
            #expect(seen == Set(mix), "\(source): every fault of the mix was met")
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
        if source == "events" && !SandboxPluginSource.python3Installed {
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
