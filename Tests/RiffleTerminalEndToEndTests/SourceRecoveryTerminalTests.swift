import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// "A source that comes back while the reader is open": the built `riffle` in a real
/// pseudo-terminal (tmux) over an in-process sandbox whose GraphQL endpoint fails at first. The reader
/// retries the failed source on its own and says when, and `r` retries it every time it is pressed.
///
/// The config keeps the waits short with what a user has: `retries: 0` (no HTTP or page-level retry
/// inside one load) and a short `timeout`. The reader's own backoff is not configurable; its first
/// automatic retry comes after 1–2 s (2 s with jitter), which keeps the first scenario within seconds.
@Suite(.serialized) struct SourceRecoveryTerminalTests {
    /// A steady source (SpaceX launches) and the one that fails (`articles`, on the GraphQL endpoint).
    static func config(_ url: String) -> String {
        SandboxSourceKind.config(
            [(.spacex, "launches"), (.articles, "articles")], pageSize: 10, sandbox: url, timeout: "60s", retries: 0)
    }

    /// The reader (`riffle --config … --no-color`) in a 160×14 pane over a sandbox started with `faults`;
    /// `body` drives it, then `q` must end it with status 0 (no source is left failed).
    func withReader(
        faults: [FaultRule], _ body: (Tmux, SandboxServer) async throws -> Void
    ) async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let server = SandboxServer(options: SandboxOptions(faults: faults, itemsPerSource: 100))
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "riffle-recovery-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let config = directory.appendingPathComponent("config.yaml").path
            try Self.config("http://127.0.0.1:\(port)").write(toFile: config, atomically: true, encoding: .utf8)
            let tmux = try Tmux.program(
                riffle, width: 160, height: 14, ["--config", config, "--no-color"],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
                ])
            try await body(tmux, server)
            try tmux.press("q")
            let status = try await tmux.waitForFile("status")
            let stderr = (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? ""
            #expect(status == "0", "riffle's stderr: \(stderr)")
        }
    }

    /// The pane's last row: the reader's prompt.
    static func prompt(_ rows: [String]) -> String { rows.last ?? "" }

    static func graphQLRequests(_ server: SandboxServer) -> Int {
        server.requests().filter { $0.endpoint == .graphql }.count
    }

    @Test func aSourceThatComesBackIsRetriedWithoutAKey() async throws {
        try await withReader(faults: [FaultRule(endpoint: .graphql, requests: .every, fault: .serviceUnavailable)]) {
            tmux, server in
            // The steady source reads on beside the failed one: both on one prompt (a 503 can come before
            // launches' first page on a busy machine, so the two are waited for together, not in turn).
            try await tmux.waitForScreen("the failure, when it is retried, and the steady source reading on") {
                Self.prompt($0).contains(/articles failed, retrying in \d+s/)
                    && Self.prompt($0).contains(/launches \*?\d+/)
            }
            #expect(Self.graphQLRequests(server) >= 1)

            // The server comes back; no key is pressed.
            server.setFaults([])
            let back = try await tmux.waitForScreen("the source back by its automatic retry") {
                Self.prompt($0).contains(/articles \*?\d+/)
            }
            #expect(!Self.prompt(back).contains("failed"), "\(Self.prompt(back))")
            #expect(Self.graphQLRequests(server) >= 2, "retried on its own")

            try tmux.press("s")
            let status = try await tmux.waitForScreen("the status screen") { rows in
                rows.contains { $0.hasPrefix("articles: ") }
            }
            let articles = try #require(status.first { $0.hasPrefix("articles: ") })
            #expect(!articles.contains("failed"), "\(articles)")
            #expect(!status.contains { $0.contains("last error") }, "\(status.joined(separator: "\n"))")
        }
    }

    /// A source that failed before the first screen and comes back after `r` reaches the screen: its items,
    /// newer than the page being read, are announced (`N new — g`) and `g` shows them. Its `retries` are 0.
    @Test func aSourceBackAfterRShowsItsItemsOnG() async throws {
        try await withReader(faults: [FaultRule(endpoint: .graphql, requests: .every, fault: .serviceUnavailable)]) {
            tmux, server in
            try await tmux.waitForScreen("the failure") { Self.prompt($0).contains("articles failed") }
            server.setFaults([])
            try tmux.press("r")
            try await tmux.waitForScreen("the source back after r") {
                Self.prompt($0).contains(/articles \*?\d+/) && !Self.prompt($0).contains("retrying")
            }
            let shown = try await eventually(timeout: .seconds(60), interval: .milliseconds(500)) {
                try tmux.press("g")
                return try tmux.screen().dropLast().contains { $0.contains(#/^\s*\d+ ..\s*\S+ articles /#) }
            }
            let screen = try tmux.screen().joined(separator: "\n")
            #expect(shown, "articles' items on the first page after g: \(screen)")
        }
    }

    /// Three failures that no automatic retry mends (a 400, a request error, a complexity error), each
    /// followed by `r`: every press sends a request, and the third brings the source back.
    @Test func rRetriesAfterEverySeparateFailure() async throws {
        try await withReader(faults: [FaultRule(endpoint: .graphql, requests: .every, fault: .badRequest)]) {
            tmux, server in
            let failed = try await tmux.waitForScreen("the first failure") {
                Self.prompt($0).contains("articles failed")
            }
            #expect(!Self.prompt(failed).contains("retrying in"), "a 400 is not retried on its own")
            #expect(Self.graphQLRequests(server) == 1)

            let failures: [(FaultRule.Fault, String)] = [
                (.requestError, "Field 'nope' doesn't exist"), (.complexity, "exceeds max complexity"),
            ]
            for (number, (fault, words)) in failures.enumerated() {
                server.setFaults([FaultRule(endpoint: .graphql, requests: .every, fault: fault)])
                try tmux.press("r")
                let sent = await eventually { Self.graphQLRequests(server) == number + 2 }
                #expect(sent, "r number \(number + 1) sent a request (\(Self.graphQLRequests(server)) in all)")
                // The new failure has reached the reader: `s` shows its words.
                let shown = try await eventually(interval: .milliseconds(300)) {
                    try tmux.press("s")
                    return try tmux.screen().contains { $0.contains("last error: ") && $0.contains(words) }
                }
                let screen = try tmux.screen().joined(separator: "\n")
                #expect(shown, "the failure after r number \(number + 1): \(screen)")
            }
            #expect(Self.graphQLRequests(server) == 3, "no request without a key")

            server.setFaults([])
            try tmux.press("r")
            // Once the retry has ended (the prompt no longer says it is retrying), nothing is left failed.
            let back = try await tmux.waitForScreen("the source back after r") {
                Self.prompt($0).contains(/articles \*?\d+/) && !Self.prompt($0).contains("retrying")
            }
            #expect(!Self.prompt(back).contains("failed"), "\(Self.prompt(back))")
            #expect(Self.graphQLRequests(server) >= 4)
        }
    }
}
