import Foundation
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// "A mistake must never be silent": each way riffle used to lose items without a word now
/// speaks, with its exact stderr line and exit code (contract sections 3 and 5).
@Suite(.serialized) struct SilentMistakeEndToEndTests {
    /// A manifest over the sandbox's `articles` connection; `fields`, `cursor` and `hasMore` are the
    /// parts a user might get wrong.
    static func articlesManifest(
        time: String = "publishedAt", cursor: String = "data.articles.pageInfo.endCursor",
        hasMore: String? = "data.articles.pageInfo.hasNextPage"
    ) -> String {
        """
        description: Sandbox articles, newest first
        params:
          endpoint: {required: true, description: the GraphQL endpoint}
        source:
          endpoint: ${param.endpoint}
          query: |
            query($first: Int!, $after: String) {
              articles(first: $first, after: $after) { nodes { id headline publishedAt url } pageInfo { endCursor hasNextPage } }
            }
          items: data.articles.nodes
          cursor: \(cursor)
        """ + (hasMore.map { "\n  has_more: \($0)" } ?? "") + """

              fields: {id: id, time: \(time), title: headline, url: url}

            """
    }

    /// A config whose plugin directory (`my-plugins`, beside it) holds `plugins` (file name → text;
    /// names without `.yaml` are written executable), and whose `sources` follow.
    static func config(
        _ sandbox: Harness.Sandbox, plugins: [String: String], sources: String, pageSize: Int = 20
    ) async throws -> String {
        let directory = sandbox.directory.appendingPathComponent("my-plugins").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (name, text) in plugins {
            let path = directory + "/" + name
            if name.hasSuffix(".yaml") {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            } else {
                try await ExecutableFile.write(text, to: path)
            }
        }
        return try sandbox.config(
            "defaults: {page_size: \(pageSize), timeout: 60s, retries: 0}\nplugins:\n  - ./my-plugins\nsources:\n"
                + sources)
    }

    /// An executable plugin that answers every request with one page of `items` (JSON), and writes
    /// `request seen` to stderr first.
    static func plugin(items: String) -> String {
        """
        #!/bin/sh
        if [ "$1" = "--describe" ]; then
          echo '{"description": "one fixed page", "params": {}}'
          exit 0
        fi
        while read -r line; do
          echo "request seen" >&2
          echo '{"items": \(items), "cursor": null, "has_more": false}'
        done

        """
    }

    @Test func aWrongTimePathFailsTheSourceNamingThePath() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 45)) { sandbox in
            let config = try await Self.config(
                sandbox, plugins: ["articles.yaml": Self.articlesManifest(time: "published_at")],
                sources: "  - {name: docs, type: articles, endpoint: \"\(sandbox.url)/graphql\"}\n")
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 2)
            #expect(
                run.stderr
                    == "riffle: source docs failed: page 1: all 20 items skipped: no time at published_at\n"
                    + "riffle: wrote 0 items: the only source failed\n")
            #expect(try Harness.jsonArray(run.stdoutBytes).isEmpty, "still one valid document")

            let sources = try await Harness.run(["sources", "--json", "--config", config])
            #expect(sources.status == 2)
            let probe = try #require(try Harness.jsonArray(sources.stdoutBytes).first)
            #expect(probe["status"] == .string("error"))
            #expect(probe["error"] == .string("page 1: all 10 items skipped: no time at published_at"))
            #expect(probe["skipped"] == .int(10) && probe["items"] == .int(0))
            #expect(probe["skip_reason"] == .string("item 1: no time at published_at"))
        }
    }

    @Test func aWrongCursorPathWarnsAndExitsZero() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 45)) { sandbox in
            let config = try await Self.config(
                sandbox,
                plugins: [
                    "articles.yaml": Self.articlesManifest(cursor: "data.articles.pageInfo.endCurser"),
                    "bare.yaml": Self.articlesManifest(cursor: "data.articles.pageInfo.endCurser", hasMore: nil),
                ],
                sources: """
                      - {name: docs, type: articles, endpoint: "\(sandbox.url)/graphql"}
                      - {name: bare, type: bare, endpoint: "\(sandbox.url)/graphql"}

                    """)
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 0)
            #expect(
                run.stderr
                    == "riffle: warning: source docs: stopped early: has_more was true but "
                    + "data.articles.pageInfo.endCurser is missing\n"
                    + "riffle: warning: source bare: stopped early: no value at data.articles.pageInfo.endCurser "
                    + "after a full page of 20 items\n")
            #expect(try Harness.jsonArray(run.stdoutBytes).count == 40, "one page of each")

            let sources = try await Harness.run(["sources", "--json", "--config", config])
            #expect(sources.status == 0)
            let probes = try Harness.jsonArray(sources.stdoutBytes)
            #expect(probes.map { $0["status"] } == [.string("ok"), .string("ok")])
            #expect(probes.map { $0["items"] } == [.int(10), .int(10)])
            #expect(
                probes[0]["stopped_early"]
                    == .string("has_more was true but data.articles.pageInfo.endCurser is missing"))
            let text = try await Harness.run(["sources", "--config", config])
            #expect(
                text.stdout.contains(
                    "ok; warning: stopped early: has_more was true but data.articles.pageInfo.endCurser is missing"))
        }
    }

    @Test func aDateOnlyTimeIsItsMidnightUTC() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let items =
                #"[{"id": "a", "time": "2026-11-02T10:00:00Z", "title": "A"}, "#
                + #"{"id": "b", "time": "2026-11-01", "title": "B"}]"#
            let config = try await Self.config(
                sandbox, plugins: ["dated": Self.plugin(items: items)], sources: "  - {name: plug, type: dated}\n")
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let exported = try Harness.jsonArray(run.stdoutBytes)
            #expect(exported.map { $0["id"] } == [.string("a"), .string("b")])
            #expect(exported.last?["time"] == .string("2026-11-01T00:00:00Z"))
        }
    }

    @Test func anUnsortedPluginsItemsAreCountedLate() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let items =
                #"[{"id": "x", "time": "2026-11-02T00:00:00Z", "title": "X"}, "#
                + #"{"id": "y", "time": "2026-11-03T00:00:00Z", "title": "Y"}, "#
                + #"{"id": "z", "time": "2026-11-01T00:00:00Z", "title": "Z"}]"#
            let config = try await Self.config(
                sandbox, plugins: ["unsorted": Self.plugin(items: items)],
                sources: "  - {name: plug, type: unsorted}\n")
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 0)
            #expect(
                run.stderr
                    == "riffle: warning: source plug: 1 item out of order "
                    + "(first: id y at 2026-11-03T00:00:00Z came after 2026-11-02T00:00:00Z)\n")
            #expect(
                try Harness.jsonArray(run.stdoutBytes).map { $0["id"] } == [.string("x"), .string("y"), .string("z")])

            let sources = try await Harness.run(["sources", "--json", "--config", config])
            let probe = try #require(try Harness.jsonArray(sources.stdoutBytes).first)
            #expect(probe["late"] == .int(1) && probe["items"] == .int(3) && probe["status"] == .string("ok"))
        }
    }

    @Test func verboseNamesTheSourceShowsHostsAndPassesPluginStderr() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let items = #"[{"id": "a", "time": "2026-11-02T10:00:00Z", "title": "A"}]"#
            let config = try await Self.config(
                sandbox, plugins: ["dated": Self.plugin(items: items)],
                sources: """
                      - {name: plug, type: dated}
                      - name: articles
                        type: graphql
                        endpoint: ${RIFFLE_BASE}/graphql
                        headers: {Authorization: "Bearer ${ARTICLES_TOKEN}"}
                        query: "query($first: Int!, $after: String) { articles(first: $first, after: $after) { nodes { id headline publishedAt } pageInfo { endCursor hasNextPage } } }"
                        items: data.articles.nodes
                        cursor: data.articles.pageInfo.endCursor
                        has_more: data.articles.pageInfo.hasNextPage
                        fields: {id: id, time: publishedAt, title: headline}

                    """)
            let run = try await Harness.run(
                ["-v", "export", "--config", config],
                environment: ["RIFFLE_BASE": sandbox.url, "ARTICLES_TOKEN": "sandbox-token"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stderr.split(separator: "\n").map(String.init)
            #expect(
                lines.allSatisfy { $0.hasPrefix("riffle: plug: ") || $0.hasPrefix("riffle: articles: ") },
                "every -v line names its source: \(lines)")
            #expect(
                lines.contains { $0.hasPrefix("riffle: articles: POST \(sandbox.url)/graphql → 200, ") },
                "a URL from the environment still shows its host: \(lines)")
            #expect(lines.contains("riffle: plug: stderr: request seen"))
            #expect(
                lines.contains { $0.hasPrefix("riffle: plug: plugin dated: cursor null, page_size 20 → 1 item, end, ") }
            )
            #expect(!run.stderr.contains("sandbox-token") && !run.stderr.contains("***/graphql"))
        }
    }

    @Test func aNullSuccessIsAbsentFromTheExport() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 40)) { sandbox in
            let config = try sandbox.config(
                SandboxSourceKind.config([(.spacex, "launches")], pageSize: 50, sandbox: "SANDBOX"))
            let run = try await Harness.run(["export", "--config", config])
            #expect(run.status == 0, "\(run.stderr)")
            let extras = try Harness.jsonArray(run.stdoutBytes).compactMap { $0["extra"] }
            #expect(!extras.isEmpty)
            #expect(!run.stdout.contains(":null") && !run.stdout.contains(": null"), "absent fields are omitted")
            let upcoming = extras.filter { $0["upcoming"] == .bool(true) }
            #expect(!upcoming.isEmpty, "the sandbox has upcoming launches, whose success is null")
            #expect(upcoming.allSatisfy { $0["success"] == nil })
            #expect(extras.contains { $0["success"] == .bool(true) }, "a known success is kept")
        }
    }
}
