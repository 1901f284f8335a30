import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// "A hung host never holds the others": the built `riffle` in a real pseudo-terminal (tmux) with live
/// sources on an in-process sandbox and one source on a host that answers late or never.
///
/// The slow source's timeout is far longer than any wait here (120 s), so no test depends on a timeout
/// firing: the live sources' items must reach the first screen while the slow source is still waiting,
/// and the prompt must say what it waits for. Nothing asserts how soon; every wait polls the screen with
/// a hang guard of a minute or more.
@Suite(.serialized) struct HungHostTerminalTests {
    /// Two live sources on the sandbox and `news`, a GraphQL source at `newsURL`.
    static func config(sandbox url: String, newsURL: String) -> String {
        "reader:\n  lines: 10\n"
            + SandboxSourceKind.config(
                [(.spacex, "launches"), (.gitlabRocket, "rocket")], pageSize: 10, sandbox: url, timeout: "120s",
                retries: 3) + SandboxSourceKind.articles.yaml(name: "news", sandbox: newsURL)
    }

    /// The reader (`riffle --config … --no-color --no-store`) in a 160×14 pane; `body` drives it, then `q`
    /// ends it.
    func withReader(config: String, _ body: (Tmux) async throws -> Void) async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "riffle-hung-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("config.yaml").path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        let tmux = try Tmux.program(
            riffle, width: 160, height: 14, ["--config", path, "--no-color", "--no-store"],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
            ])
        try await body(tmux)
        try tmux.press("q")
        _ = try await tmux.waitForFile("status")
    }

    /// The item rows of a screen (the prompt, its last row, left out) whose source column is `name`.
    static func rows(of name: String, _ screen: [String]) -> [String] {
        screen.dropLast().filter { $0.contains(" \(name) ") && $0.contains(#/^\s*\d+ /#) }
    }

    /// The seconds of `news waiting 12s` in a prompt.
    static func waitedSeconds(_ prompt: String) -> Int? {
        guard let match = prompt.firstMatch(of: /news waiting (\d+)s/) else { return nil }
        return Int(match.output.1)
    }

    @Test func aHostThatNeverAnswersLeavesTheFirstScreenToTheOthers() async throws {
        let hung = try RawSocketServer(behaviour: .neverAnswer)
        defer { hung.stop() }
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: 100))
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { _ in
            let config = Self.config(sandbox: "http://127.0.0.1:\(port)", newsURL: hung.baseURL)
            try await withReader(config: config) { tmux in
                let first = try await tmux.waitForScreen("the live sources' first screen") {
                    $0.last?.hasPrefix("1–") == true
                }
                #expect(Self.rows(of: "launches", first).count + Self.rows(of: "rocket", first).count > 0)
                #expect(Self.rows(of: "news", first).isEmpty)
                // The prompt says what it still waits for, with the HTTP layer's attempt.
                let waiting = try await tmux.waitForScreen("news waiting in the prompt") {
                    $0.last?.contains(/news waiting \d+s \(attempt 1 of 4\)/) == true
                }
                #expect(hung.acceptedCount >= 1, "\(waiting.last ?? "")")
                // The seconds count up as the prompt is redrawn.
                let before = Self.waitedSeconds(waiting.last ?? "") ?? 0
                try await tmux.waitForScreen("the wait counting up") {
                    (Self.waitedSeconds($0.last ?? "") ?? 0) > before
                }
                // Paging on works while news still waits, and the end is not claimed.
                try tmux.press("Enter")
                let second = try await tmux.waitForScreen("the second page") { $0.last?.hasPrefix("11–") == true }
                #expect(second.last?.contains("(end)") == false)
            }
        }
    }

    /// The late-answer scenario in a running reader, with `late` holding news's answers.
    static func readLateAnswer(_ tmux: Tmux, late: SandboxServer) async throws {
        let first = try await tmux.waitForScreen("the first screen without news") {
            $0.last?.hasPrefix("1–") == true && $0.last?.contains("news waiting") == true
        }
        #expect(Self.rows(of: "news", first).isEmpty)
        // The gate opens: news answers after the first screen was drawn.
        late.hold(false)
        let announced = try await tmux.waitForScreen("news announced as new") {
            $0.last?.contains(/\d+ new — g/) == true
        }
        #expect(announced.last?.contains("news waiting") == false, "\(announced.last ?? "")")
        #expect(Self.rows(of: "news", announced).isEmpty, "the page being read does not change")
        try tmux.press("g")
        let shown = try await tmux.waitForScreen("news on the first page after g") {
            !Self.rows(of: "news", $0).isEmpty
        }
        #expect(shown.last?.contains("new — g") == false, "\(shown.last ?? "")")
        // Paging on goes on past them (that nothing shows twice is ReaderModelTests').
        try tmux.press("Enter")
        let second = try await tmux.waitForScreen("the second page") { $0.last?.hasPrefix("11–") == true }
        #expect(second.last?.hasPrefix("11–") == true)
    }

    @Test func aLateAnswerIsAnnouncedAndShownByG() async throws {
        let live = SandboxServer(options: SandboxOptions(itemsPerSource: 100))
        let livePort = try await live.start()
        // Its items a year newer than the live sources' (so newer than the page being read): announced.
        let late = SandboxServer(
            options: SandboxOptions(
                seed: 7, itemsPerSource: 100, referenceTime: SandboxOptions.defaultReferenceTime + 365 * 86_400))
        late.hold(true)
        let latePort = try await late.start()
        try await withResource(live, stop: { await $0.stop() }) { _ in
            try await withResource(late, stop: { await $0.stop() }) { _ in
                let config = Self.config(
                    sandbox: "http://127.0.0.1:\(livePort)", newsURL: "http://127.0.0.1:\(latePort)")
                try await withReader(config: config) { tmux in try await Self.readLateAnswer(tmux, late: late) }
            }
        }
    }
}
