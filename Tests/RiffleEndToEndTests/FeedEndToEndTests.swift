import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// Feed sources with the real `riffle` binary against the sandbox's feeds: export, failures, conditional
/// requests in one process, and the OPML round trip.
@Suite(.serialized) struct FeedEndToEndTests {
    /// Feed sources of every kind the sandbox serves (`SANDBOX` stands for its URL).
    static let feeds = """
        defaults: {timeout: 60s, retries: 1}
        sources:
          - {name: rss, type: feed, url: "SANDBOX/feeds/rss.xml"}
          - {name: rdf, type: feed, url: "SANDBOX/feeds/rdf.xml"}
          - {name: atom, type: feed, url: "SANDBOX/feeds/atom.xml"}
          - {name: news, type: feed, url: "SANDBOX/feeds/archive.xml"}
          - {name: events, type: feed, url: "SANDBOX/feeds/feed.json"}
          - {name: europe, type: feed, url: "SANDBOX/feeds/latin1.xml"}
          - {name: notes, type: feed, url: "SANDBOX/feeds/undated.xml"}

        """

    @Test func exportReadsEveryKindOfFeedToItsEnd() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let config = try sandbox.config(Self.feeds)
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 0, "\(run.stderr)")
            let items = try Harness.jsonArray(run.stdoutBytes)
            var counts: [String: Int] = [:]
            for item in items { counts[item["source"]?.stringValue ?? "", default: 0] += 1 }
            #expect(counts == ["rss": 50, "rdf": 30, "atom": 100, "news": 80, "events": 90, "europe": 10, "notes": 8])
            let times = items.compactMap { $0["time"]?.stringValue.flatMap { Timestamp(rfc3339: $0) } }
            #expect(times.count == items.count && times == times.sorted(by: >), "newest first")
            #expect(items.contains { $0["title"]?.stringValue == "Über-Größe: the new fairing" })
            let paths = sandbox.server.requests().filter { $0.endpoint == .feeds }.map(\.path)
            #expect(paths.filter { $0 == "/feeds/atom.xml" }.count == 4, "four Atom pages through rel=next")
            #expect(paths.filter { $0.hasPrefix("/feeds/archive/") }.count == 3, "three archives")
        }
    }

    /// The `duration` of an exported item's first enclosure.
    static func firstDuration(_ item: JSONValue) -> JSONValue? {
        guard case .array(let list)? = item["extra"]?["enclosures"] else { return nil }
        return list.first?["duration"]
    }

    /// A podcast's episodes carry their enclosures: in `json` and `ndjson` under `extra.enclosures`, in
    /// `jsonfeed` as `attachments` too.
    @Test func aPodcastsEnclosuresReachTheExport() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let config = try sandbox.config(
                """
                sources:
                  - {name: cast, type: feed, url: "SANDBOX/feeds/podcast.xml"}

                """)
            let run = try await Harness.run(["export", "--config", config, "--no-store"])
            #expect(run.status == 0, "\(run.stderr)")
            let items = try Harness.jsonArray(run.stdoutBytes)
            #expect(items.count == 20)
            let first = try #require(items.first { $0["title"]?.stringValue?.hasPrefix("Episode 1:") == true })
            #expect(first["author"]?.stringValue == "Acme Radio", "the channel's itunes:author")
            let enclosures = try #require(first["extra"]?["enclosures"])
            #expect(
                enclosures
                    == .array([
                        .object([
                            "url": .string("https://acme.sandbox.test/podcast/1.mp3"), "type": .string("audio/mpeg"),
                            "length": .int(1_000_000), "duration": .int(600),
                        ])
                    ]))
            let second = try #require(items.first { $0["title"]?.stringValue?.hasPrefix("Episode 2:") == true })
            #expect(Self.firstDuration(second) == .int(697), "MM:SS")
            let third = try #require(items.first { $0["title"]?.stringValue?.hasPrefix("Episode 3:") == true })
            #expect(Self.firstDuration(third) == .int(794), "HH:MM:SS")

            let feed = try await Harness.run(["export", "--config", config, "--no-store", "--format", "jsonfeed"])
            #expect(feed.status == 0, "\(feed.stderr)")
            let document = try JSONValue(parsing: feed.stdoutBytes)
            guard case .array(let feedItems)? = document["items"] else {
                Issue.record("no items")
                return
            }
            let episode = try #require(feedItems.first { $0["title"]?.stringValue?.hasPrefix("Episode 1:") == true })
            #expect(
                episode["attachments"]
                    == .array([
                        .object([
                            "url": .string("https://acme.sandbox.test/podcast/1.mp3"),
                            "mime_type": .string("audio/mpeg"),
                            "size_in_bytes": .int(1_000_000), "duration_in_seconds": .int(600),
                        ])
                    ]))
        }
    }

    /// An article's HTML reaches the export: `extra.content_html` in `json` (the HTML as the feed wrote it),
    /// `content_html` beside `content_text` in `jsonfeed`; an entry whose HTML is one paragraph has neither.
    @Test func anArticlesHTMLReachesTheExport() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let config = try sandbox.config(
                """
                sources:
                  - {name: news, type: feed, url: "SANDBOX/feeds/article.xml"}

                """)
            let run = try await Harness.run(["export", "--config", config, "--no-store"])
            #expect(run.status == 0, "\(run.stderr)")
            let items = try Harness.jsonArray(run.stdoutBytes)
            #expect(items.count == 2)
            let article = try #require(items.first { $0["title"]?.stringValue == "Reading with riffle" })
            #expect(article["extra"]?["content_html"]?.stringValue == SandboxArticle.html)
            #expect(article["extra"]?["content_html_cut"] == nil)
            #expect(article["summary"]?.stringValue == "How to read with riffle.")
            let note = try #require(items.first { $0["title"]?.stringValue == "A plain note" })
            #expect(note["extra"] == nil, "a lone <p> is no markup beyond the text")

            let feed = try await Harness.run(["export", "--config", config, "--no-store", "--format", "jsonfeed"])
            #expect(feed.status == 0, "\(feed.stderr)")
            let document = try JSONValue(parsing: feed.stdoutBytes)
            guard case .array(let feedItems)? = document["items"] else {
                Issue.record("no items")
                return
            }
            let entry = try #require(feedItems.first { $0["title"]?.stringValue == "Reading with riffle" })
            #expect(entry["content_html"]?.stringValue == SandboxArticle.html)
            #expect(entry["content_text"]?.stringValue == "How to read with riffle.")
            let plain = try #require(feedItems.first { $0["title"]?.stringValue == "A plain note" })
            #expect(plain["content_html"] == nil)
        }
    }

    @Test func aPageThatIsNotAFeedFailsItsSourceSayingWhatItWas() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let config = try sandbox.config(
                """
                sources:
                  - {name: rss, type: feed, url: "SANDBOX/feeds/rss.xml", retries: 0}
                  - {name: home, type: feed, url: "SANDBOX/feeds/page.html", retries: 0}
                  - {name: gone, type: feed, url: "SANDBOX/feeds/gone.xml", retries: 0}

                """)
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 2)
            let port = sandbox.url.split(separator: ":").last ?? ""
            #expect(
                run.stderr.contains(
                    "riffle: source home failed: HTTP 200 from 127.0.0.1:\(port): not a feed: an HTML page "
                        + "(title: Acme Rocket — Home)"), "\(run.stderr)")
            #expect(run.stderr.contains("riffle: source gone failed: 127.0.0.1 answered HTTP 404"), "\(run.stderr)")
            #expect(try Harness.jsonArray(run.stdoutBytes).count == 50)
            let sources = try await Harness.run(["sources", "--json", "--config", config])
            let list = try Harness.jsonArray(sources.stdoutBytes)
            #expect(list.map { $0["status"]?.stringValue } == ["ok", "error", "error"])
            #expect(list.map { $0["type"]?.stringValue } == ["feed", "feed", "feed"])
        }
    }

    /// The reader's `r` in one process: the second request for the feed is conditional, the sandbox
    /// answers 304, and nothing changes.
    @Test func refreshInTheReaderIsConditional() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let config = try sandbox.config(
                """
                reader: {lines: 10}
                sources:
                  - {name: rss, type: feed, url: "SANDBOX/feeds/rss.xml"}

                """)
            let transcript = try await Self.onTerminal(["--config", config, "--no-store"]) { input, screen in
                // The first page shown (the prompt gives its position), so the first load is over.
                guard await eventually({ screen().contains("1–10") }) else {
                    throw Harness.HarnessError("no first page: \(screen())")
                }
                input("r")
                guard await eventually({ screen().contains("nothing new") }) else {
                    throw Harness.HarnessError("no refresh: \(screen())")
                }
                input("q")
            }
            let requests = sandbox.server.requests().filter { $0.path == "/feeds/rss.xml" }
            #expect(requests.count == 2, "\(transcript)")
            #expect(requests.first?.headers["if-none-match"] == nil)
            let etag = requests.last?.headers["if-none-match"]
            #expect(etag?.hasPrefix("\"") == true, "the second request is conditional")
            #expect(requests.last?.headers["if-modified-since"]?.hasSuffix("GMT") == true)
        }
    }

    @Test func opmlRoundTrip() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let config = try sandbox.config(
                Self.feeds
                    + """
                      - {name: rocket, type: gitlab, url: "SANDBOX", project: sandbox/rocket}
                      - {name: Odd.name_1, type: feed, url: "SANDBOX/feeds/rss.xml?a=1&b=<2>"}

                    """)
            let exported = try await Harness.run(["sources", "--opml", "--config", config])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stdout.contains("title=\"Odd.name_1\""))
            #expect(exported.stdout.contains("xmlUrl=\"\(sandbox.url)/feeds/rss.xml?a=1&amp;b=&lt;2&gt;\""))
            #expect(!exported.stdout.contains("rocket"), "only feed sources")
            #expect(sandbox.server.requests().isEmpty, "--opml probes nothing")
            let opml = sandbox.directory.appendingPathComponent("feeds.opml")
            try exported.stdout.write(to: opml, atomically: true, encoding: .utf8)

            let imported = try await Harness.run(["import", "opml", opml.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(
                imported.stdout.contains("  - name: \"rss\"\n    type: feed\n    url: \"\(sandbox.url)/feeds/rss.xml\"")
            )
            let back = sandbox.directory.appendingPathComponent("imported.yaml")
            try imported.stdout.write(to: back, atomically: true, encoding: .utf8)
            let check = try await Harness.run(["check", "--config", back.path])
            #expect(check.status == 0, "\(check.stderr)\n\(imported.stdout)")
            let again = try await Harness.run(["sources", "--opml", "--config", back.path])
            #expect(again.stdout == exported.stdout, "the same sources come back")
        }
    }

    @Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
    func importOfARealSubscriptionList() async throws {
        let fixtures = URL(filePath: SharedFixtures.path("feeds"))
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (file, sources, skipped) in [
            ("real/Subs.opml", 207, nil), ("newsboat/example.opml", 7, nil),
            ("newsboat/piped.opml", 1, "skipped 1 outline whose xmlUrl is not an http or https URL"),
        ] {
            // Global options may stand before the command (and after it), as with every command.
            let run = try await Harness.run(["--no-color", "import", "opml", fixtures.appending(path: file).path, "-v"])
            #expect(run.status == 0, "\(file): \(run.stderr)")
            #expect(run.stdout.components(separatedBy: "    type: feed\n").count - 1 == sources, "\(file)")
            if let skipped { #expect(run.stderr.contains(skipped), "\(file): \(run.stderr)") }
            let config = directory.appending(path: "config.yaml")
            try run.stdout.write(to: config, atomically: true, encoding: .utf8)
            let check = try await Harness.run(["check", "--config", config.path])
            #expect(check.status == 0, "\(file): \(check.stderr)")
        }
        let broken = try await Harness.run([
            "import", "opml", fixtures.appending(path: "newsboat/body-element-missing.opml").path,
        ])
        #expect(broken.status == 1 && broken.stderr.contains("not OPML: no <body> element"), "\(broken.stderr)")
    }

    /// Runs riffle on a pseudo-terminal (util-linux `script`) whose keyboard is `input` and whose screen so
    /// far is `screen()`, while `drive` runs; returns the transcript.
    static func onTerminal(
        _ arguments: [String],
        drive: (_ input: (String) -> Void, _ screen: @escaping @Sendable () -> String) async throws -> Void
    ) async throws -> String {
        let command = ([try Harness.binary("riffle").path] + arguments).map(Harness.shellQuoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        let work = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        process.environment = [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm",
            "COLUMNS": "100",
            "LINES": "20",
            "XDG_STATE_HOME": work.appendingPathComponent("state").path,
        ]
        let transcript = work.appendingPathComponent("transcript")
        _ = FileManager.default.createFile(atPath: transcript.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: transcript)
        process.standardError = FileHandle.nullDevice
        let keyboard = Pipe()
        process.standardInput = keyboard
        let screen: @Sendable () -> String = {
            String(decoding: (try? Data(contentsOf: transcript)) ?? Data(), as: UTF8.self)
        }
        _ = try await process.runUntilExit {
            try await drive({ keys in keyboard.fileHandleForWriting.write(Data(keys.utf8)) }, screen)
        }
        return screen()
    }
}
