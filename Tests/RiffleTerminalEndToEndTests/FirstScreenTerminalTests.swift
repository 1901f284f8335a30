import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// "The read-ahead never delays the first screen": the built `riffle` in a real
/// pseudo-terminal (tmux) over an in-process sandbox, with 10-line screens and sources of 10-item pages,
/// so that the read-ahead (`prefetch: 2`: 40 items; the merge's own too) asks for second pages. The four
/// first pages are answered after one round trip (400 ms); every later request is held for ten minutes,
/// longer than the test waits for anything. The first screen must appear all the same: it waits on no
/// second page (one that did would not come before the test gave up).
@Suite(.serialized) struct FirstScreenTerminalTests {
    static let latency = Duration.milliseconds(400)
    /// How long a request after the first pages is held: far longer than any wait below (the sandbox's
    /// stop drops the held answers).
    static let held = Duration.seconds(600)

    /// Four sources of the reader benchmark (gitlab, spacex, 2 × graphql), 10 items a page.
    static func config(_ url: String, prefetch: Int) -> String {
        "reader:\n  lines: 10\n  prefetch: \(prefetch)\n"
            + SandboxSourceKind.config(
                [(.gitlabRocket, "rocket"), (.spacex, "launches"), (.articles, "articles"), (.acmeRocket, "acme")],
                pageSize: 10, sandbox: url, timeout: "90s", retries: 0)
    }

    @Test(arguments: [2, 0]) func theFirstScreenWaitsOnNoSecondPage(prefetch: Int) async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let server = SandboxServer(options: SandboxOptions(latency: Self.latency, itemsPerSource: 200))
        server.setLatency(Self.held, afterRequests: 4)
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "riffle-first-screen-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let config = directory.appendingPathComponent("config.yaml").path
            try Self.config("http://127.0.0.1:\(port)", prefetch: prefetch)
                .write(toFile: config, atomically: true, encoding: .utf8)
            let tmux = try Tmux.program(
                riffle, width: 120, height: 24, ["--config", config, "--no-color", "--no-store"],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
                ])
            // Within the wait, far shorter than the hold: a screen that needed a second page would not come.
            let rows = try await tmux.waitForScreen("the first screen") {
                $0.last?.hasPrefix("1–10 ") == true
            }
            #expect(rows.last?.hasPrefix("1–10 ") == true)
            #expect(rows.contains { $0.hasPrefix("10 ") }, "item 10 on screen: \(rows.joined(separator: "\n"))")
            // The second pages were asked for — the read-ahead was in flight — and are still held.
            let asked = await eventually { server.requests().count > 4 }
            #expect(asked, "requests: \(server.requests().count)")
            try tmux.press("q")
            let status = try await tmux.waitForFile("status")
            #expect(status == "0")
        }
    }
}
