import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// A source that moved (the sandbox on a new port, as a second `make demo` or a feed that changed host
/// gives it) while the store kept where it left off: the built `riffle` in tmux over a store an earlier
/// export filled part of. Paging past what is stored starts again from each source's head, says so, and
/// reaches every source's end with each item once — where a stored next-page URL of the old port would fail
/// the source ("refused the connection") and lose what lies below.
@Suite(.serialized) struct MovedSourceTerminalTests {
    /// GitLab (its next page is an absolute URL), SpaceX (an offset) and an Atom feed paged back through its RFC 5005 archives (absolute URLs).
    static func config(_ url: String, store: String) -> String {
        """
        store:
          path: \(store)
        defaults:
          page_size: 10
          timeout: 60s
          retries: 0
        sources:
        """ + "\n"
            + SandboxSourceKind.gitlabRocket.yaml(name: "rocket", sandbox: url)
            + SandboxSourceKind.spacex.yaml(name: "launches", sandbox: url)
                + """
                  - name: news
                    type: feed
                    url: \(url)/feeds/archive.xml

                """
    }

    /// The sources' item counts as a `--no-store` export of the sandbox at `url` gives them.
    static func counts(riffle: String, config: String, in directory: URL) throws -> [String: Int] {
        let output = directory.appendingPathComponent("counts.ndjson").path
        _ = try run([riffle, "--config", config, "--no-store", "export", "--format", "ndjson"], outputFile: output)
        var counts: [String: Int] = [:]
        for line in try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let source = object?["source"] as? String { counts[source, default: 0] += 1 }
        }
        return counts
    }

    @Test func aMovedSourceReadsOnFromItsHeadOnceAndShowsEachItemOnce() async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "riffle-moved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let config = directory.appendingPathComponent("config.yaml").path
        let options = SandboxOptions(itemsPerSource: 60)

        // The first week: an export that stopped early left each source's position on the old port.
        let before = SandboxServer(options: options)
        let oldPort = try await before.start()
        try await withResource(before, stop: { await $0.stop() }) { _ in
            try Self.config("http://127.0.0.1:\(oldPort)", store: store).write(
                toFile: config, atomically: true, encoding: .utf8)
            _ = try run(
                [riffle, "--config", config, "export", "--limit", "25"],
                outputFile: directory.appendingPathComponent("first.json").path)
        }

        // The second: the same sources on another port.
        let after = SandboxServer(options: options)
        let newPort = try await after.start()
        #expect(newPort != oldPort)
        try await withResource(after, stop: { await $0.stop() }) { server in
            try Self.config("http://127.0.0.1:\(newPort)", store: store).write(
                toFile: config, atomically: true, encoding: .utf8)
            let expected = try Self.counts(riffle: riffle, config: config, in: directory)
            #expect(expected.count == 3 && expected.values.allSatisfy { $0 > 25 }, "\(expected)")
            let tmux = try Tmux.program(
                riffle, width: 160, height: 14, ["--config", config, "--no-color"],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
                ])
            try await tmux.waitForScreen("the first screen") { SourceRecoveryTerminalTests.prompt($0).contains("q") }
            // Page to the end of the feed: every source read to its end, none failed.
            let end = try await eventually(timeout: .seconds(120), interval: .milliseconds(100)) {
                let prompt = SourceRecoveryTerminalTests.prompt(try tmux.screen())
                if prompt.contains("failed") || prompt.contains("(end)") { return true }
                try tmux.press("Space")
                return false
            }
            let prompt = SourceRecoveryTerminalTests.prompt(try tmux.screen())
            #expect(end && prompt.contains("(end)") && !prompt.contains("failed"), "\(prompt)")

            try tmux.press("s")
            let status = try await tmux.waitForScreen("the status screen") { rows in
                rows.contains { $0.hasPrefix("news: ") }
            }
            let text = status.joined(separator: "\n")
            for (name, count) in expected {
                let line = try #require(status.first { $0.hasPrefix("\(name): ") }, "\(text)")
                #expect(line.contains("done · \(count) items"), "each of \(name)'s \(count) items once: \(text)")
            }
            #expect(text.contains("the source changed, reading from its newest page"), "\(text)")
            #expect(server.requests().count > 0)

            try tmux.press("q")
            let exit = try await tmux.waitForFile("status")
            let stderr = (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? ""
            #expect(exit == "0", "riffle's stderr: \(stderr)")
        }
    }
}
