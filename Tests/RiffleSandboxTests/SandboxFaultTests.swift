import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

@Suite("Sandbox faults and latency")
struct SandboxFaultTests {
    static let gitlabQuery = "{ project(fullPath: \"sandbox/rocket\") { issues(first: 3) { nodes { id title } } } }"

    @Test func countsRequestsPerEndpoint() async throws {
        try await SandboxHarness.with(
            SandboxOptions(
                faults: [FaultRule(endpoint: .gitlab, requests: .nth(2), fault: .tooManyRequests(retryAfter: 3))],
                itemsPerSource: 20)
        ) { sandbox in
            let first = try await sandbox.graphQL("/api/graphql", Self.gitlabQuery)
            _ = try await sandbox.spaceX([:])  // other endpoints do not advance gitlab's count
            let second = try await sandbox.graphQL("/api/graphql", Self.gitlabQuery)
            let third = try await sandbox.graphQL("/api/graphql", Self.gitlabQuery)
            #expect(first.status == 200 && third.status == 200)
            #expect(second.status == 429)
            #expect(second.headers["retry-after"] == "3")
            #expect(second.headers["content-type"]?.hasPrefix("text/plain") == true)
            #expect(second.text.hasPrefix("Retry later"))
            let record = sandbox.server.requests()
            #expect(record.map { $0.number } == [1, 1, 2, 3])
            #expect(record[2].fault == FaultRule.Fault.tooManyRequests(retryAfter: 3))
            #expect(record[0].bodyText.contains("rocket"))
            sandbox.server.resetRecord()
            #expect(sandbox.server.requests().isEmpty)
        }
    }

    @Test func htmlErrorPages() async throws {
        try await SandboxHarness.with(SandboxOptions(itemsPerSource: 20)) { sandbox in
            sandbox.server.setFaults([
                FaultRule(endpoint: .spacex, requests: .numbers(1...2), fault: .badGateway),
                FaultRule(endpoint: .spacex, requests: .nth(3), fault: .serviceUnavailable),
            ])
            let first = try await sandbox.spaceX([:])
            let second = try await sandbox.spaceX([:])
            let third = try await sandbox.spaceX([:])
            let fourth = try await sandbox.spaceX([:])
            #expect(first.status == 502 && second.status == 502 && third.status == 503 && fourth.status == 200)
            #expect(first.headers["content-type"]?.hasPrefix("text/html") == true && first.text.contains("<html>"))
            #expect(third.text.contains("503"))
        }
    }

    @Test func connectionResetIsATransportError() async throws {
        try await SandboxHarness.with(
            SandboxOptions(
                faults: [FaultRule(endpoint: nil, requests: .every, fault: .connectionReset)], itemsPerSource: 20)
        ) { sandbox async throws in
            await #expect(throws: (any Error).self) {
                _ = try await sandbox.send(.GET, "/rest/repos/acme/rocket/events")
            }
            sandbox.server.setFaults([])
            #expect(try await sandbox.send(.GET, "/rest/repos/acme/rocket/events").status == 200)
        }
    }

    /// curl, a real client, sees "empty reply from server" (exit 52), not an HTTP status.
    @Test(.enabled(if: Self.curlIsInstalled, "needs /usr/bin/curl"))
    func connectionResetIsAnEmptyReplyToCurl() async throws {
        try await SandboxHarness.with(
            SandboxOptions(
                faults: [FaultRule(endpoint: nil, requests: .every, fault: .connectionReset)], itemsPerSource: 20)
        ) { sandbox async throws in
            let curl = Process()
            curl.executableURL = URL(filePath: "/usr/bin/curl")
            curl.arguments = [
                "-s", "-o", "/dev/null", "http://127.0.0.1:\(sandbox.port)/rest/repos/acme/rocket/events",
            ]
            #expect(try await curl.runUntilExit() == 52)
        }
    }

    static let curlIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")

    @Test func truncatedJSON() async throws {
        try await SandboxHarness.with(
            SandboxOptions(
                faults: [FaultRule(endpoint: .rest, requests: .every, fault: .truncatedJSON)], itemsPerSource: 20)
        ) { sandbox in
            let response = try await sandbox.send(.GET, "/rest/repos/acme/rocket/events")
            #expect(response.status == 200)
            #expect(!response.body.isEmpty)
            #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: response.body) }
        }
    }

    @Test func graphQLErrorsAndPartialData() async throws {
        try await SandboxHarness.with(
            SandboxOptions(
                faults: [
                    FaultRule(endpoint: .gitlab, requests: .nth(1), fault: .graphQLErrors),
                    FaultRule(endpoint: .gitlab, requests: .nth(2), fault: .partialData),
                ],
                itemsPerSource: 20)
        ) { sandbox in
            let errors = try await sandbox.graphQL("/api/graphql", Self.gitlabQuery)
            #expect(errors.status == 200)
            #expect(errors.json["data"].isNull && errors.json["errors"][0]["message"].string != nil)

            let partial = try await sandbox.graphQL("/api/graphql", Self.gitlabQuery).json
            let nodes = partial["data"]["project"]["issues"]["nodes"].array
            #expect(nodes.count == 3 && nodes[2].isNull && nodes[0]["id"].string != nil)
            let path = partial["errors"][0]["path"].array
            #expect(path.compactMap(\.string) == ["project", "issues", "nodes"] && path.last?.int == 2)
        }
    }

    @Test func latencyIsHonoured() async throws {
        try await SandboxHarness.with(SandboxOptions(latency: .milliseconds(250), itemsPerSource: 20)) { sandbox in
            let clock = ContinuousClock()
            let slow = try await clock.measure { _ = try await sandbox.send(.GET, "/rest/repos/acme/rocket/events") }
            #expect(slow >= .milliseconds(250))
            sandbox.server.setLatency(.milliseconds(700))
            let slower = try await clock.measure { _ = try await sandbox.send(.GET, "/rest/repos/acme/rocket/events") }
            #expect(slower >= .milliseconds(700))
        }
    }

    @Test func oversizedBodiesAreRefused() async throws {
        try await SandboxHarness.with(SandboxOptions(itemsPerSource: 20, maxRequestBodyBytes: 1000)) { sandbox in
            let response = try await sandbox.send(
                .POST, "/graphql", body: Data(repeating: UInt8(ascii: " "), count: 5000))
            #expect(response.status == 413)
        }
    }

    @Test func sameSeedSameData() async throws {
        let query = "{ articles(first: 50) { nodes { id headline publishedAt } } }"
        var bodies: [Data] = []
        for seed: UInt64 in [1, 1, 2] {
            bodies.append(
                try await SandboxHarness.with(SandboxOptions(seed: seed, itemsPerSource: 60)) { sandbox in
                    try await sandbox.graphQL("/graphql", query).body
                })
        }
        #expect(bodies[0] == bodies[1])
        #expect(bodies[0] != bodies[2])
    }
}
