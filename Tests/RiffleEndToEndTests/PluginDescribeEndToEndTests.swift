import Foundation
import RiffleSandbox
import RiffleTestSupport
import Testing

/// A plugin that cannot describe itself fails only its own sources; its answer is kept between runs; the
/// limit on it is the configuration's; and a plugin directory the configuration names must be there.
@Suite(.serialized) struct PluginDescribeEndToEndTests {
    /// An executable plugin whose `--describe` runs `describe` (shell), and which answers one fixed page.
    static func plugin(describe: String) -> String {
        """
        #!/bin/sh
        if [ "$1" = "--describe" ]; then
        \(describe)
        fi
        while read -r line; do
          echo '{"items": [{"id": "1", "time": "2026-01-02T00:00:00Z", "title": "kept"}], "cursor": null, "has_more": false}'
        done

        """
    }

    static let goodDescribe = "  echo '{\"description\": \"one page\", \"params\": {}}'\n  exit 0"

    @Test func aPluginWhoseDescribeFailsFailsOnlyItsSources() async throws {
        try await Harness.withSandbox { sandbox in
            let config = try await SilentMistakeEndToEndTests.config(
                sandbox,
                plugins: [
                    "good.sh": Self.plugin(describe: Self.goodDescribe),
                    "broken.sh": Self.plugin(describe: "  echo 'cannot import requests' >&2\n  exit 1"),
                ],
                sources: "  - {name: fine, type: good}\n  - {name: bad, type: broken, region: eu}\n")
            let file = sandbox.directory.appendingPathComponent("my-plugins/broken.sh").path
            let why = "--describe failed (exit status 1); stderr: cannot import requests"
            let run = try await Harness.run(["export", "--no-store", "--config", config])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(try Harness.jsonArray(run.stdoutBytes).map { $0["title"] } == [.string("kept")])
            #expect(run.stderr.contains("riffle: warning: \(file): \(why)\n"), "\(run.stderr)")
            #expect(run.stderr.contains("riffle: source bad failed: plugin \(file) \(why)\n"), "\(run.stderr)")
            #expect(!run.stderr.contains("unknown type"))

            let check = try await Harness.run(["check", "--config", config])
            #expect(check.status == 78)
            #expect(check.stderr.contains("\(file): \(why)"), "\(check.stderr)")

            // A plugin that says what went wrong on stdout is quoted from there.
            let loud = sandbox.directory.appendingPathComponent("my-plugins/loud.sh").path
            try await ExecutableFile.write(Self.plugin(describe: "  echo 'usage: loud --region R'\n  exit 1"), to: loud)
            let other = try sandbox.config(
                "plugins: [./my-plugins]\nsources:\n  - {name: l, type: loud}\n", name: "loud.yaml")
            let told = try await Harness.run(["check", "--config", other])
            #expect(told.status == 78)
            #expect(
                told.stderr.contains("\(loud): --describe failed (exit status 1); it printed: usage: loud --region R"),
                "\(told.stderr)")
        }
    }

    @Test func describeAnswersAreKeptUntilThePluginChanges() async throws {
        try await Harness.withSandbox { sandbox in
            let counter = sandbox.directory.appendingPathComponent("described").path
            let describe = "  echo run >> \(counter)\n" + Self.goodDescribe
            let config = try await SilentMistakeEndToEndTests.config(
                sandbox, plugins: ["counted.sh": Self.plugin(describe: describe)],
                sources: "  - {name: one, type: counted}\n")
            let cache = ["XDG_CACHE_HOME": sandbox.directory.appendingPathComponent("cache").path]
            func runs() throws -> Int {
                try String(contentsOfFile: counter, encoding: .utf8).split(separator: "\n").count
            }
            for _ in 0..<3 {
                let check = try await Harness.run(["check", "--config", config], environment: cache)
                #expect(check.status == 0, "\(check.stderr)")
            }
            #expect(try runs() == 1, "described once, then taken from the cache")
            // A changed plugin is described again.
            let file = sandbox.directory.appendingPathComponent("my-plugins/counted.sh").path
            try await ExecutableFile.write(Self.plugin(describe: describe) + "# changed\n", to: file)
            let again = try await Harness.run(["check", "--config", config], environment: cache)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(try runs() == 2)
        }
    }

    @Test func theDescribeLimitIsTheConfigurations() async throws {
        try await Harness.withSandbox { sandbox in
            let directory = sandbox.directory.appendingPathComponent("my-plugins").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try await ExecutableFile.write(Self.plugin(describe: "  sleep 600"), to: directory + "/slow.sh")
            let config = try sandbox.config(
                "defaults: {describe_timeout: 300ms}\nplugins: [./my-plugins]\nsources:\n  - {name: s, type: slow}\n")
            let run = try await Harness.run(["export", "--no-store", "--config", config])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "riffle: source s failed: plugin \(directory)/slow.sh --describe did not finish within 300ms"),
                "\(run.stderr)")
        }
    }

    @Test func aScriptWithoutItsHashBangLineOrRunBitIsNamed() async throws {
        try await Harness.withSandbox { sandbox in
            let directory = sandbox.directory.appendingPathComponent("my-plugins").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let body = "import sys\nprint('{}')\n"
            try body.write(toFile: directory + "/plain.py", atomically: true, encoding: .utf8)
            try await ExecutableFile.write(body, to: directory + "/bare.py")
            let config = try sandbox.config("plugins: [./my-plugins]\nsources:\n  - {name: s, type: bare}\n")
            let check = try await Harness.run(["check", "--config", config])
            #expect(check.status == 78, "\(check.stderr)")
            #expect(
                check.stderr.contains(
                    "\(directory)/bare.py: has no #! line: make its first line #!/usr/bin/env python3 to use type bare"),
                "\(check.stderr)")
            // Unused, each is still a warning.
            let other = try sandbox.config(
                "plugins: [./my-plugins]\nsources:\n  - {name: news, type: feed, url: \"\(sandbox.url)/feeds/rss.xml\"}\n",
                name: "other.yaml")
            let run = try await Harness.run(["export", "--no-store", "--config", other])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "riffle: warning: \(directory)/plain.py: not executable and has no #! line: make its first line "
                        + "#!/usr/bin/env python3 and chmod +x it to use type plain"), "\(run.stderr)")
            #expect(run.stderr.contains("riffle: warning: \(directory)/bare.py: has no #! line"), "\(run.stderr)")
        }
    }

    /// An optional field's path and a `has_more` path that the answers never hold are said, once a run.
    @Test func pathsThatMatchNothingAreWarnings() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 45)) { sandbox in
            let manifest = SilentMistakeEndToEndTests.articlesManifest(hasMore: "data.articles.pageInfo.hasNext")
                .replacing("url: url}", with: "url: link}")
            let config = try await SilentMistakeEndToEndTests.config(
                sandbox, plugins: ["articles.yaml": manifest],
                sources: "  - {name: docs, type: articles, endpoint: \"\(sandbox.url)/graphql\"}\n")
            let run = try await Harness.run(["export", "--no-store", "--config", config])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stderr
                    == "riffle: warning: source docs: fields.url: link is on no item of a page; "
                    + "has_more: data.articles.pageInfo.hasNext is not in the answer (paging goes by the cursor)\n")
            #expect(try Harness.jsonArray(run.stdoutBytes).count == 45, "paging went on by the cursor")
        }
    }

    /// A time that cannot be read is quoted with the forms that are read, not told as "no time".
    @Test func anUnreadableTimeIsNamed() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 45)) { sandbox in
            let items =
                #"[{"id": "1", "time": "yesterday", "title": "a"}, {"id": "2", "time": 1767225600, "title": "b"}]"#
            let config = try await SilentMistakeEndToEndTests.config(
                sandbox,
                plugins: [
                    "fixed.sh": SilentMistakeEndToEndTests.plugin(items: items),
                    "articles.yaml": SilentMistakeEndToEndTests.articlesManifest(time: "headline"),
                ],
                sources: "  - {name: fixed, type: fixed}\n"
                    + "  - {name: docs, type: articles, endpoint: \"\(sandbox.url)/graphql\"}\n")
            let run = try await Harness.run(["export", "--no-store", "--config", config])
            #expect(run.status == 2, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "source fixed: 1 item skipped (first: item 1: time \"yesterday\" is not RFC 3339 / ISO 8601 text "
                        + "or Unix seconds)"), "\(run.stderr)")
            #expect(
                run.stderr.contains("at headline is not RFC 3339 / ISO 8601 text or Unix seconds"), "\(run.stderr)")
        }
    }

    @Test func aMissingPluginDirectoryIsAConfigurationError() async throws {
        try await Harness.withSandbox { sandbox in
            let config = try sandbox.config(
                "plugins:\n  - ./nothere\nsources:\n  - {name: news, type: feed, url: \"\(sandbox.url)/feeds/news.rss\"}\n"
            )
            let missing = sandbox.directory.appendingPathComponent("nothere").path
            for command in [["export", "--no-store"], ["check"]] {
                let run = try await Harness.run(command + ["--config", config])
                #expect(run.status == 78, "\(command): \(run.stderr)")
                #expect(
                    run.stderr.contains(
                        "\(config):2:5: plugins[0]: plugin directory \"./nothere\" (\(missing)) does not exist: "
                            + "create it, or remove it from plugins:"), "\(command): \(run.stderr)")
            }
        }
    }
}
