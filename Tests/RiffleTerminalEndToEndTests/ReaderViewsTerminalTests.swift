import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// The reader's views in a real terminal: the built `riffle` in tmux over the sandbox, with a store of
/// its own — the prompt's keys at 80 columns, `s` saying what each source does, the sources view (`l`) and
/// what acts on one source from it (a number opens it, `m N` marks it read, `r N` refreshes it), and the
/// unread-only view (`u`, `reader.unread_only`), and `A` agreeing with the store.
@Suite(.serialized) struct ReaderViewsTerminalTests {
    static func prompt(_ rows: [String]) -> String { rows.last ?? "" }

    /// Item rows (`  12 * 3h  rocket …`): their text, after the number.
    static func itemRows(_ rows: [String]) -> [String] {
        rows.dropLast().filter { row in
            let trimmed = row.drop { $0 == " " }
            guard let number = Int(trimmed.prefix { $0.isNumber }) else { return false }
            return trimmed.dropFirst(String(number).count).first == " " && !row.contains(" unread  ")
        }
    }

    /// The reader (`riffle --config … --no-color`) in an 80×16 pane over the sandbox, two sources, a store
    /// under the scratch directory; `body` drives it, then `q` must end it with status 0.
    func withReader(unreadOnly: Bool = false, _ body: (Tmux, String) async throws -> Void) async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: 40))
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { _ in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "riffle-views-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let config = directory.appendingPathComponent("config.yaml").path
            let store = directory.appendingPathComponent("store.sqlite").path
            try Self.config("http://127.0.0.1:\(port)", store: store, unreadOnly: false).write(
                toFile: config, atomically: true, encoding: .utf8)
            if unreadOnly {
                // A first session reads the first screen; the second starts in the unread view.
                try await session(riffle, config: config) { tmux in
                    try await tmux.waitForScreen("the first screen") { Self.prompt($0).hasPrefix("1–15") }
                }
                try Self.config("http://127.0.0.1:\(port)", store: store, unreadOnly: true).write(
                    toFile: config, atomically: true, encoding: .utf8)
            }
            try await session(riffle, config: config) { try await body($0, config) }
        }
    }

    func session(_ riffle: String, config: String, _ body: (Tmux) async throws -> Void) async throws {
        let tmux = try Tmux.program(
            riffle, width: 80, height: 16, ["--config", config, "--no-color"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8"])
        try await body(tmux)
        try tmux.press("q")
        let status = try await tmux.waitForFile("status")
        let stderr = (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? ""
        #expect(status == "0", "riffle's stderr: \(stderr)")
    }

    /// Presses Space until the prompt says `(end)`; whether it did.
    static func pageToTheEnd(_ tmux: Tmux) async throws -> Bool {
        try await eventually(timeout: .seconds(120), interval: .milliseconds(100)) {
            if prompt(try tmux.screen()).contains("(end)") { return true }
            try tmux.press("Space")
            return false
        }
    }

    static func config(_ url: String, store: String, unreadOnly: Bool) -> String {
        "store:\n  path: \(store)\nreader:\n  lines: 15\n  unread_only: \(unreadOnly)\n"
            + SandboxSourceKind.config([(.gitlabRocket, "rocket"), (.spacex, "launches")], pageSize: 10, sandbox: url)
    }

    @Test func thePromptKeepsItsKeysAndSSaysWhatEachSourceDoes() async throws {
        try await withReader { tmux, _ in
            let rows = try await tmux.waitForScreen("the first screen") { Self.prompt($0).hasPrefix("1–15") }
            let prompt = Self.prompt(rows)
            for key in ["Enter", " b ", "v N", "o N", " r ", "? q"] {
                #expect(prompt.contains(key), "\(key) in \(prompt)")
            }
            #expect(prompt.count <= 80)
            try tmux.press("s")
            let status = try await tmux.waitForScreen("the status screen") { rows in
                rows.contains { $0.hasPrefix("launches: ") } && rows.contains { $0.hasPrefix("rocket: ") }
            }
            for name in ["rocket", "launches"] {
                let line = try #require(status.first { $0.hasPrefix("\(name): ") })
                let word = line.dropFirst(name.count + 2).prefix { $0 != " " }
                #expect(["idle", "fetching", "done", "failed"].contains(String(word)), "\(line)")
                // Its four pages are its whole: paging has stopped, so it is done, not fetching, even with
                // items still to show (before: `fetching` until its last item was on screen).
                if line.contains("· 4 pages") { #expect(word == "done", "\(line)") }
            }
            // Paged to the end, each source says done.
            #expect(try await Self.pageToTheEnd(tmux))
            try tmux.press("s")
            let done = try await tmux.waitForScreen("the status screen at the end") { rows in
                rows.contains { $0.hasPrefix("rocket: done · ") } && rows.contains { $0.hasPrefix("launches: done · ") }
            }
            #expect(done.contains { $0.hasPrefix("launches: done · 40 items") }, "\(done)")
        }
    }

    @Test func theSourcesViewOpensMarksAndRefreshesOneSource() async throws {
        try await withReader { tmux, _ in
            try await tmux.waitForScreen("the first screen") { Self.prompt($0).hasPrefix("1–15") }
            try tmux.press("l")
            var rows = try await tmux.waitForScreen("the sources view") { Self.prompt($0).hasPrefix("sources 1–2") }
            let rocket = try #require(rows.first { $0.hasPrefix("1 rocket ") }, "\(rows)")
            let launches = try #require(rows.first { $0.hasPrefix("2 launches ") }, "\(rows)")
            #expect(rocket.contains("gitlab") && rocket.contains(" unread") && rocket.contains(" stored"), "\(rocket)")
            #expect(launches.contains("spacex") && launches.contains("*"), "\(launches)")
            #expect(rows.allSatisfy { $0.count <= 80 })

            // `2` Enter: launches' items only.
            try tmux.type("2")
            try tmux.press("Enter")
            rows = try await tmux.waitForScreen("launches only") { Self.prompt($0).contains("f launches") }
            let shown = Self.itemRows(rows.suffix(16))
            #expect(!shown.isEmpty && shown.allSatisfy { $0.contains("launches") }, "\(shown)")

            // `m 2` on the sources view: launches read, stored and not yet fetched.
            try tmux.press("l")
            try await tmux.waitForScreen("the sources view again") { Self.prompt($0).hasPrefix("sources 1–2") }
            try tmux.type("m 2")
            try tmux.press("Enter")
            rows = try await tmux.waitForScreen("launches marked read") { rows in
                Self.prompt(rows).contains("marked launches read")
                    && rows.contains { $0.hasPrefix("2 launches ") && $0.contains(" 0 unread") }
            }
            #expect(rows.contains { $0.hasPrefix("1 rocket ") && $0.contains("*") }, "\(rows)")

            // `r 1`: rocket refreshed on its own, found nothing new.
            try tmux.type("r1")
            try tmux.press("Enter")
            try await tmux.waitForScreen("rocket refreshed") { Self.prompt($0).contains("nothing new") }

            // Back to the list, every source, then only unread: rocket's unread items, each marked.
            try tmux.press("q")
            try tmux.type("f")
            try tmux.press("Enter")
            try await tmux.waitForScreen("every source") { Self.prompt($0).hasPrefix("1–15") }
            try tmux.press("u")
            rows = try await tmux.waitForScreen("unread only") { Self.prompt($0).contains("unread only") }
            let unread = Self.itemRows(rows.suffix(16))
            #expect(!unread.isEmpty && unread.allSatisfy { $0.contains("rocket") && $0.contains(" * ") }, "\(unread)")
            try tmux.press("u")
            try await tmux.waitForScreen("every item") { !Self.prompt($0).contains("unread only") }
        }
    }

    @Test func aMarksEverythingReadFetchedOrNotAndTheStoreAgrees() async throws {
        try await withReader { tmux, config in
            try await tmux.waitForScreen("the first screen") { Self.prompt($0).hasPrefix("1–15") }
            try tmux.press("A")
            let rows = try await tmux.waitForScreen("everything read") {
                Self.prompt($0).contains("marked everything read")
            }
            #expect(!Self.prompt(rows).contains("*"), "\(Self.prompt(rows))")
            try tmux.press("l")
            let list = try await tmux.waitForScreen("the sources view") { Self.prompt($0).hasPrefix("sources 1–2") }
            for name in ["1 rocket ", "2 launches "] {
                let line = try #require(list.first { $0.hasPrefix(name) }, "\(list)")
                #expect(line.contains(" 0 unread"), "\(line)")
            }
            // The store agrees while the reader is open: nothing unread, stored or not yet fetched.
            let riffle = try BuiltProducts.path(of: "riffle")
            let directory = URL(fileURLWithPath: config).deletingLastPathComponent()
            let sources = directory.appendingPathComponent("sources.json").path
            _ = try run([riffle, "--config", config, "--offline", "sources", "--json"], outputFile: sources)
            let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sources)))
            let objects = try #require(listed as? [[String: Any]])
            #expect(objects.count == 2 && objects.allSatisfy { ($0["unread"] as? Int) == 0 }, "\(objects)")
            let unread = directory.appendingPathComponent("unread.ndjson").path
            _ = try run([riffle, "--config", config, "export", "--unread", "--format", "ndjson"], outputFile: unread)
            #expect(try String(contentsOfFile: unread, encoding: .utf8).isEmpty)
            try tmux.press("q")  // the sources view back to the list
            try await tmux.waitForScreen("the list") { Self.prompt($0).contains("Enter") }
        }
    }

    @Test func readerUnreadOnlyStartsInTheUnreadView() async throws {
        try await withReader(unreadOnly: true) { tmux, _ in
            let rows = try await tmux.waitForScreen("the unread view") { rows in
                Self.prompt(rows).contains("unread only") && Self.prompt(rows).hasPrefix("1")
            }
            let shown = Self.itemRows(rows)
            // The first session's first screen was read: the view starts after it, unread items only.
            #expect(!shown.isEmpty && shown.allSatisfy { $0.contains(" * ") }, "\(shown)")
            let firstNumber = shown.first.flatMap { Int($0.drop { $0 == " " }.prefix { $0.isNumber }) }
            #expect((firstNumber ?? 0) > 15, "\(shown)")
        }
    }
}
