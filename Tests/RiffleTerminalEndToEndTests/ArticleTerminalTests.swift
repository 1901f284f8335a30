import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// An article read as a reader reads it: the built `riffle` in tmux against the sandbox's article feed.
/// `v N` lays out its structure (headings, nested lists, quotes, `pre` cut not wrapped, a table, images,
/// numbered links listed at the end, hostile text inert) and `o N.3` hands link 3 to `$BROWSER`; a podcast's
/// enclosures in `v N` and through `e N`, kept in the store.
@Suite(.serialized) struct ArticleTerminalTests {
    /// A `$BROWSER` in `directory` that records the one argument it was given in the file `opened`.
    static func recordingBrowser(in directory: URL) throws -> (browser: String, opened: String) {
        let opened = directory.appendingPathComponent("opened").path
        let browser = directory.appendingPathComponent("browser").path
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" > \(shellQuoted(opened))\n".write(
            toFile: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser)
        return (browser, opened)
    }

    @Test func anArticleShowsItsStructureAndItsLinkOpens() async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "riffle-article-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (browser, opened) = try Self.recordingBrowser(in: directory)

        let server = SandboxServer(options: SandboxOptions(itemsPerSource: 60))
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { _ in
            let config = directory.appendingPathComponent("config.yaml").path
            try """
            sources:
              - {name: news, type: feed, url: "http://127.0.0.1:\(port)/feeds/article.xml"}

            """.write(toFile: config, atomically: true, encoding: .utf8)
            let tmux = try Tmux.program(
                riffle, width: 80, height: 70, ["--config", config, "--no-store", "--no-color"],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
                    "BROWSER": browser,
                ])
            let titleBefore = try tmux.value("#{pane_title}")
            try await tmux.waitForScreen("the list") { rows in
                rows.contains { $0.contains("Reading with riffle") } && rows.contains { $0.contains("A plain note") }
            }
            try tmux.type("v 1")
            try tmux.press("Enter")
            let rows = try await tmux.waitForScreen("the article") { rows in
                rows.contains { $0.hasPrefix("item 1 (end)") }
            }
            let screen = rows.joined(separator: "\n")
            // Headings marked, paragraphs apart, links numbered in the text.
            #expect(rows.contains("# Reading with riffle"))
            #expect(rows.contains("## Installing"))
            #expect(rows.contains("### A word from a user"))
            #expect(screen.contains("setup[1], then read the spec[2]. Do not click this script. The keys are in the"))
            #expect(screen.contains("key list[3]; run riffle check first."))
            // Lists numbered and bulleted, the nested ones indented under their item.
            #expect(rows.contains("1. Install the libraries:"))
            #expect(rows.contains("   • libcurl") && rows.contains("   • libxml2"))
            #expect(rows.contains("     • with its HTML parser"))
            #expect(rows.contains("2. Build with make."))
            // Quotes marked on every line, nested ones twice.
            #expect(rows.contains("│ It reads like a newspaper.") && rows.contains("│ │ Nested, too."))
            // `pre` as written: its indent and tab kept, its long line cut at the width, not wrapped.
            #expect(rows.contains("  - name: news") && rows.contains("        type: feed   # a tab before type"))
            let long = try #require(rows.first { $0.hasPrefix("    url: https://acme.sandbox.test/feeds/article.xml") })
            #expect(long.hasSuffix("…") && long.count >= 79, "cut at the width the reader lays out, 79 of 80")
            #expect(!rows.contains { $0.hasPrefix("for-sure") || $0.contains("pane-for-sure") })
            // A table as rows, images by their alt text, a rule.
            #expect(rows.contains("key │ does") && rows.contains("o N.3 │ opens its link 3"))
            #expect(rows.contains("[image: The launch pad at dawn]") && rows.contains("[image]"))
            #expect(rows.contains { $0.hasPrefix("──────────") })
            // Hostile text inert; the javascript: link is text with no number.
            #expect(screen.contains("csi <U+009B>31m red, osc <U+009D>0;PWNED-TITLE title,"))
            #expect(screen.contains("<U+202E>desrever, del ^?, esc [2J gone."))
            #expect(!screen.contains("javascript"))
            // The links at the end, relative ones resolved against the item's URL.
            let links = try #require(rows.firstIndex(of: "links"))
            #expect(
                Array(rows[(links + 1)...].prefix(3)) == [
                    "[1] https://acme.sandbox.test/articles/setup", "[2] https://example.org/spec",
                    "[3] https://acme.sandbox.test/docs/keys.html",
                ])
            #expect(try tmux.value("#{pane_title}") == titleBefore)

            // `o 1.3` opens link 3 with $BROWSER, the URL its one argument.
            try tmux.press("q")
            try tmux.type("o 1.3")
            try tmux.press("Enter")
            try await tmux.waitForScreen("the link opened") { rows in
                rows.contains { $0.contains("opened 1.3: https://acme.sandbox.test/docs/keys.html") }
            }
            let argument = try #require(try? String(contentsOfFile: opened, encoding: .utf8))
            #expect(argument == "https://acme.sandbox.test/docs/keys.html\n")
            // The plain note has no HTML: no article, no links.
            try tmux.type("o 2.1")
            try tmux.press("Enter")
            try await tmux.waitForScreen("the hint") { rows in
                rows.contains { $0.contains("item 2 has no links (v 2 shows it)") }
            }
            try tmux.press("q")
            let exit = try await tmux.waitForFile("status")
            let stderr = (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? ""
            #expect(exit == "0", "riffle's stderr: \(stderr)")
        }
    }

    /// A podcast read with a store: `v N` lists the episode's enclosure (type, size, playing time), `e N`
    /// hands its URL to `$BROWSER`, and a later run from the store alone (`--offline`) still has it.
    @Test func aPodcastsEnclosureIsShownOpenedAndKept() async throws {
        let riffle = try BuiltProducts.path(of: "riffle")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "riffle-podcast-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (browser, opened) = try Self.recordingBrowser(in: directory)
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: 60))
        let port = try await server.start()
        try await withResource(server, stop: { await $0.stop() }) { _ in
            let config = directory.appendingPathComponent("config.yaml").path
            let store = directory.appendingPathComponent("store.sqlite").path
            try """
            store:
              path: \(store)
            sources:
              - {name: radio, type: feed, url: "http://127.0.0.1:\(port)/feeds/podcast.xml"}

            """.write(toFile: config, atomically: true, encoding: .utf8)
            for offline in [false, true] {
                let tmux = try Tmux.program(
                    riffle, width: 100, height: 30,
                    ["--config", config, "--no-color"] + (offline ? ["--offline"] : []),
                    environment: [
                        "PATH": "/usr/bin:/bin", "HOME": "{dir}", "XDG_CONFIG_HOME": "{dir}/xdg", "LANG": "C.UTF-8",
                        "BROWSER": browser,
                    ])
                try await tmux.waitForScreen("the list") { rows in rows.contains { $0.contains("Episode ") } }
                try tmux.type("v 1")
                try tmux.press("Enter")
                let rows = try await tmux.waitForScreen("the episode") { rows in
                    rows.contains { $0.hasPrefix("item 1 (end)") }
                }
                #expect(rows.contains { $0.hasPrefix("enclosures") }, "\(rows)")
                let file = try #require(rows.first { $0.contains("audio/mpeg") }, "\(rows)")
                #expect(file.contains(" MB") && file.contains(":"), "size and playing time: \(file)")
                try tmux.press("q")
                try? FileManager.default.removeItem(atPath: opened)
                try tmux.type("e 1")
                try tmux.press("Enter")
                try await tmux.waitForScreen("the enclosure opened") { rows in
                    rows.contains { $0.contains("opened enclosure 1.1: ") }
                }
                let argument = try #require(try? String(contentsOfFile: opened, encoding: .utf8))
                #expect(argument.hasSuffix(".mp3\n") && argument.contains("/podcast/"), "\(argument)")
                try tmux.press("q")
                let exit = try await tmux.waitForFile("status")
                let stderr = (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? ""
                #expect(exit == "0", "riffle's stderr: \(stderr)")
            }
        }
    }
}
