import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

@Suite(.serialized) struct ExportEndToEndTests {
    @Test func everyFormatIsValidOrderedAndComplete() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let json = try await Harness.run(["export", "--config", config])
            #expect(json.status == 0, "\(json.stderr)")
            let items = try Harness.jsonArray(json.stdoutBytes)
            #expect(Set(items.compactMap { $0["source"]?.stringValue }) == ["rocket", "launches", "articles"])
            let times = items.compactMap { $0["time"]?.stringValue.flatMap { Timestamp(rfc3339: $0) } }
            #expect(times.count == items.count)
            #expect(times == times.sorted(by: >), "newest first")
            let keys = Set(items.map { "\($0["source"]?.stringValue ?? "")/\($0["id"]?.stringValue ?? "")" })
            #expect(keys.count == items.count, "no item twice")
            for item in items {
                #expect(item["title"]?.stringValue != nil && item["cursor"]?.stringValue != nil)
                #expect(item["time"]?.stringValue?.hasSuffix("Z") == true, "RFC 3339 in UTC")
            }

            let ndjson = try await Harness.run(["export", "--config", config, "--format", "ndjson"])
            let lines = ndjson.stdout.split(separator: "\n")
            #expect(lines.count == items.count)
            #expect(try lines.map { try JSONValue(parsing: String($0)) } == items, "ndjson carries the same items")

            let feed = try await Harness.run(["export", "--format", "jsonfeed", "--config", config])
            let document = try JSONValue(parsing: feed.stdoutBytes)
            #expect(document["version"] == .string("https://jsonfeed.org/version/1.1"))
            guard case .array(let feedItems)? = document["items"] else {
                Issue.record("no items")
                return
            }
            #expect(feedItems.count == items.count)
            for item in feedItems {
                #expect(item["id"]?.stringValue != nil)
                #expect(item["content_text"]?.stringValue != nil)
                #expect(item["date_published"]?.stringValue.flatMap { Timestamp(rfc3339: $0) } != nil)
            }
        }
    }

    @Test func sameDataSameBytesAndResumeEqualsOneRun() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let whole = try await Harness.run(["export", "--config", config, "--format", "ndjson", "--limit", "200"])
            let again = try await Harness.run(["export", "--config", config, "--format", "ndjson", "--limit", "200"])
            #expect(whole.status == 0 && whole.stdoutBytes == again.stdoutBytes, "same data in, same bytes out")
            let first = try await Harness.run(["export", "--config", config, "--format", "ndjson", "--limit", "100"])
            let last = try JSONValue(parsing: String(try #require(first.stdout.split(separator: "\n").last)))
            let token = try #require(last["cursor"]?.stringValue)
            let rest = try await Harness.run([
                "--config", config, "export", "--format", "ndjson", "--limit", "100", "--after", token,
            ])
            #expect(rest.status == 0, "\(rest.stderr)")
            #expect(first.stdout + rest.stdout == whole.stdout, "items 1–100 then 101–200 equal items 1–200")
        }
    }

    /// `--after` with long source names: every token is under 200 bytes, and resuming after an
    /// item gives exactly the rest of the stream, the same bytes, asking only the sources that still have
    /// items (one request each, for their single page), never those that had ended.
    @Test func longSourceNamesResumeExactlyAndAskOnlyUnfinishedSources() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 8)) { sandbox in
            let names = ["rocket", "launches", "articles"].map { $0 + "-" + String(repeating: "n", count: 180) }
            let config = try sandbox.config(
                SandboxSourceKind.config(
                    [(.gitlabRocket, names[0]), (.spacex, names[1]), (.articles, names[2])], pageSize: 20,
                    sandbox: "SANDBOX", timeout: "60s", retries: 1))
            let export = ["export", "--config", config, "--format", "ndjson", "--no-store"]
            let whole = try await Harness.run(export)
            let lines = whole.stdout.split(separator: "\n").map(String.init)
            #expect(whole.status == 0 && lines.count == 24, "\(whole.stderr)")
            let items = try lines.map { try JSONValue(parsing: $0) }
            let tokens = items.compactMap { $0["cursor"]?.stringValue }
            #expect(tokens.count == items.count)
            #expect(tokens.allSatisfy { $0.utf8.count < 200 }, "largest: \(tokens.map(\.utf8.count).max() ?? 0) bytes")
            var fewest = Int.max
            for index in [0, 5, 11, 17, 22] where index < tokens.count {
                sandbox.server.resetRecord()
                let rest = try await Harness.run(export + ["--after", tokens[index]])
                #expect(rest.status == 0, "\(rest.stderr)")
                #expect(rest.stdout == lines[(index + 1)...].map { $0 + "\n" }.joined(), "resume after item \(index)")
                let unfinished = Set(items[(index + 1)...].compactMap { $0["source"]?.stringValue })
                #expect(sandbox.server.requests().count == unfinished.count, "after item \(index)")
                fewest = min(fewest, unfinished.count)
            }
            #expect(fewest < names.count, "some resume comes after a source ended")
        }
    }

    @Test func sinceAsksNoPageOlderThanTheBoundary() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 300)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let all = try Harness.jsonArray(try await Harness.run(["export", "--config", config]).stdoutBytes)
            let boundaryText = try #require(all[all.count / 4]["time"]?.stringValue)
            let boundary = try #require(Timestamp(rfc3339: boundaryText))
            sandbox.server.resetRecord()
            let run = try await Harness.run(["export", "--config", config, "--since", boundaryText])
            #expect(run.status == 0, "\(run.stderr)")
            let items = try Harness.jsonArray(run.stdoutBytes)
            #expect(!items.isEmpty)
            #expect(
                items.allSatisfy {
                    ($0["time"]?.stringValue).flatMap { Timestamp(rfc3339: $0) }.map { $0 >= boundary } ?? false
                })
            let gitlab = sandbox.server.requests().filter { $0.endpoint == .gitlab }
            #expect(
                !gitlab.isEmpty && gitlab.allSatisfy { $0.bodyText.contains("updatedAfter") },
                "the server filters GitLab")
            // Each source stops at the first page that reaches the boundary: far fewer pages than a full run.
            let pages = sandbox.server.requests().count
            #expect(pages < 300 * 3 / 20 / 2, "paging stopped at --since (\(pages) requests)")
        }
    }

    @Test func aFailedSourceGivesExitTwoAndAValidFile() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
            let broken = Harness.threeSources.replacingOccurrences(
                of: "SANDBOX/graphql", with: "http://127.0.0.1:1/graphql")
            let config = try sandbox.config(broken)
            let output = sandbox.directory.appendingPathComponent("feed.json").path
            let run = try await Harness.run(["export", "--config", config, "--output", output])
            #expect(run.status == 2)
            #expect(run.stderr.contains("riffle: source articles failed: "))
            let items = try Harness.jsonArray(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            let others = try await Harness.run([
                "export", "--config", config, "--source", "rocket", "--source", "launches",
            ])
            #expect(others.status == 0)
            func withoutCursor(_ items: [JSONValue]) -> [JSONValue] {
                items.map { item in
                    guard case .object(var members) = item else { return item }
                    members["cursor"] = nil
                    return .object(members)
                }
            }
            #expect(
                withoutCursor(items) == withoutCursor(try Harness.jsonArray(others.stdoutBytes)),
                "the other sources are all there")
            #expect(items.count > 40)
        }
    }

    @Test func anInterruptedExportLeavesThePreviousFileAlone() async throws {
        try await Harness.withSandbox(SandboxOptions(latency: .milliseconds(400), itemsPerSource: 200)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let output = sandbox.directory.appendingPathComponent("feed.json")
            try Data("previous".utf8).write(to: output)
            func temporaryFiles() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path)) ?? []).filter {
                    $0.contains(".tmp")
                }
            }
            // Interrupted in the middle: the temporary file is there and pages are being fetched.
            let run = try await Harness.run(["export", "--config", config, "--output", output.path]) {
                !temporaryFiles().isEmpty && !sandbox.server.requests().isEmpty
            }
            #expect(run.status == 130, "\(run.stderr)")
            #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter {
                $0.contains(".tmp")
            }
            #expect(leftovers.isEmpty, "no temporary file left: \(leftovers)")
        }
    }

    @Test func verboseLogsRequestsWithTheTokenMasked() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 10)) { sandbox in
            let yaml = """
                sources:
                  - name: vault
                    type: gitlab
                    url: SANDBOX
                    project: sandbox/vault
                    state: all
                    token: ${VAULT_TOKEN}
                """
            let config = try sandbox.config(yaml)
            let run = try await Harness.run(
                ["-v", "export", "--config", config], environment: ["VAULT_TOKEN": "sandbox-token"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("POST \(sandbox.url)/api/graphql"))
            #expect(!run.stderr.contains("sandbox-token") && !run.stdout.contains("sandbox-token"))
            let items = try Harness.jsonArray(run.stdoutBytes)
            #expect(
                items.count >= 9 && items.allSatisfy { $0["url"]?.stringValue?.contains("sandbox/vault") == true },
                "the private project is visible with the token")
        }
    }
}

@Suite struct CommandEndToEndTests {
    @Test func configurationErrorsNameFileLineColumnAndKey() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.yaml").path
        try "sources:\n  - name: a\n    type: gitlab\n    projct: x/y\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        for command in [["export"], ["check"], ["read"], ["sources"]] {
            let run = try await Harness.run(command + ["--config", path])
            #expect(run.status == 78, "\(command)")
            #expect(
                run.stderr.contains("riffle: \(path):4:5: sources[0].projct: unknown key; did you mean \"project\"?"))
        }
    }

    @Test func usageErrorsExit64() async throws {
        #expect(try await Harness.run(["export", "--format", "xml"]).status == 64)
        #expect(try await Harness.run(["--no-such-flag"]).status == 64)
        #expect(try await Harness.run(["export", "--after", "garbage"]).status == 64)
        #expect(try await Harness.run(["export", "--since", "yesterday"]).status == 64)
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let before = try await Harness.run(["--config", config, "--source", "rocket", "export"])
            let after = try await Harness.run(["export", "--source", "rocket", "--config", config])
            #expect(before.status == 0 && before.stdout == after.stdout)
            #expect(try Harness.jsonArray(before.stdoutBytes).allSatisfy { $0["source"] == .string("rocket") })
            let unknown = try await Harness.run(["--config", config, "export", "--source", "rockt"])
            #expect(unknown.status == 64 && unknown.stderr.contains("did you mean \"rocket\"?"))
        }
    }

    /// Contract section 1 (changed): `--config`, `$RIFFLE_CONFIG`, then the XDG path; a `config.yaml` in
    /// the working directory is never read (it used to be, before the XDG path).
    @Test func theConfigIsFoundByFlagEnvironmentThenXDGNeverTheWorkingDirectory() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let xdg = sandbox.directory.appendingPathComponent("xdg")
            let empty = ["XDG_CONFIG_HOME": xdg.path]
            let byEnvironment = try await Harness.run(
                ["export", "--limit", "1"], environment: empty.merging(["RIFFLE_CONFIG": config]) { $1 })
            #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")

            let inDirectory = try await Harness.run(
                ["export", "--limit", "1"], environment: empty, in: sandbox.directory)
            let expected =
                "riffle: no configuration found: no --config, no $RIFFLE_CONFIG, and no \(xdg.path)/riffle/config.yaml; "
                + "\"riffle init\" writes one there (or pass --config FILE)\n"
            #expect(inDirectory.status == 78, "./config.yaml is not read")
            #expect(inDirectory.stderr == expected)

            try FileManager.default.createDirectory(
                at: xdg.appendingPathComponent("riffle"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: config, toPath: xdg.path + "/riffle/config.yaml")
            let byXDG = try await Harness.run(["export", "--limit", "1"], environment: empty)
            #expect(byXDG.status == 0, "\(byXDG.stderr)")
            #expect(try Harness.jsonArray(byXDG.stdoutBytes).count == 1)
        }
    }

    @Test func sourcesProbesEachSourceAndCheckFetchesNothing() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 5)) { sandbox in
            let config = try sandbox.config(
                Harness.threeSources.replacingOccurrences(
                    of: "project: sandbox/rocket", with: "project: sandbox/missing"))
            let sources = try await Harness.run(["sources", "--json", "--config", config])
            #expect(sources.status == 2)
            let list = try Harness.jsonArray(sources.stdoutBytes)
            #expect(list.map { $0["status"]?.stringValue } == ["error", "ok", "ok"])
            #expect(
                list[0]["error"]?.stringValue?.contains(
                    "project sandbox/missing not found or not visible without a token") == true)
            sandbox.server.resetRecord()
            let check = try await Harness.run(["check", "--config", config])
            #expect(check.status == 0)
            #expect(check.stdout.split(separator: "\n").count == 4)
            #expect(sandbox.server.requests().isEmpty, "check fetches nothing")
        }
    }

    @Test func readPrintsPlainLinesWhenNotATerminal() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 20)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let run = try await Harness.run(["--config", config, "--limit", "7"])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.count == 7)
            #expect(!run.stdout.contains("\u{1B}"), "no colour, no raw escape sequences")
        }
    }
}
