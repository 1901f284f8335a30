import Foundation
import Glibc
import RiffleConfig
import RiffleCore
import RiffleSources
import RiffleTestSupport
import Testing

@testable import RifflePlugins

/// A plugin that answers two pages, the second with one unusable item.
let wellBehaved = """
    #!/bin/sh
    if [ "$1" = "--describe" ]; then
      echo '{"description": "Two pages", "params": {"prefix": {"default": "n", "description": "a prefix"}}}'
      exit 0
    fi
    while read -r line; do
      case "$line" in
        *'"cursor":null'*) echo '{"items":[{"id":"1","time":"2026-01-02T00:00:00Z","title":"one","tags":["a"],"extra":{"k":1}},{"id":2,"time":1767225600,"title":"two"}],"cursor":"p2","has_more":true}' ;;
        *) echo '{"items":[{"id":"3","time":"2025-12-31T00:00:00Z","title":"three","url":"https://x.example/3"},{"id":"bad","title":"no time"}],"cursor":null,"has_more":false}' ;;
      esac
    done
    """

extension PluginTests {
    @Suite struct ProcessTests {
        /// A plugin's time limit where the test does not wait for it to pass: a hang guard, far above the
        /// time a script takes to start and answer on a loaded machine.
        static let generous = Duration.seconds(60)
        /// A time limit a plugin is made to pass (one that never answers): measured on a `SteppedClock` that
        /// the test moves past it once the plugin has done what comes first, so no busy machine can race it.
        static let patience = Duration.seconds(60)

        func source(
            _ directory: String, _ name: String, _ script: String, timeout: Duration = generous,
            clock: any Clock<Duration> = ContinuousClock()
        ) async throws -> ExecutablePluginSource {
            let path = try await writeScript(directory, name, script)
            return ExecutablePluginSource(
                executable: path, params: ["prefix": "n"], timeout: timeout,
                environment: ProcessInfo.processInfo.environment, clock: clock)
        }

        /// Merges `bad` with the well-behaved plugin; returns the bad source's error and the good one's items.
        func merge(bad: ExecutablePluginSource, directory: String) async throws -> (SourceError?, [String]) {
            let good = try await source(directory, "good.sh", wellBehaved)
            let feed = MergedFeed(sources: [
                MergeSource(name: "bad", pageable: bad, pageSize: 2),
                MergeSource(name: "good", pageable: good, pageSize: 2),
            ])
            let titles = try await feed.run { reader in
                var titles: [String] = []
                while let merged = try await reader.next() { titles.append(merged.item.title) }
                return titles
            }
            let statuses = feed.statuses
            #expect(statuses[1].state == .done)
            #expect(statuses[1].skippedItems == 1)
            #expect(good.processID == nil)
            return (statuses[0].lastError, titles)
        }

        @Test func wellBehavedPluginPagesToTheEnd() async throws {
            let directory = try temporaryDirectory()
            let plugin = try await source(directory, "good.sh", wellBehaved)
            let first = try await plugin.loadPage(after: nil, pageSize: 2)
            let pid = try #require(plugin.processID)
            #expect(first.items.map(\.id) == ["1", "2"])
            #expect(first.items[0].tags == ["a"] && first.items[0].extra == ["k": .int(1)])
            #expect(first.items[1].time == Timestamp(unixSeconds: 1_767_225_600))
            #expect(first.nextCursor == "p2" && first.hasMore)
            let second = try await plugin.loadPage(after: "p2", pageSize: 2)
            #expect(plugin.processID == pid || plugin.processID == nil)
            #expect(second.items.map(\.url) == ["https://x.example/3"])
            #expect(second.notes.skipped == 1 && second.notes.firstSkipReason == "item 2: no time")
            #expect(!second.hasMore)
            #expect(isGone(pid))
        }

        @Test func crashFailsOnlyThatSource() async throws {
            let directory = try temporaryDirectory()
            let bad = try await source(
                directory, "crash.sh", "#!/bin/sh\nprintf 'boom \\033[31mred\\033[0m\\n' >&2\nexit 3\n")
            let (error, titles) = try await merge(bad: bad, directory: directory)
            #expect(titles == ["one", "two", "three"])
            #expect(
                error?.message
                    == "plugin \(directory)/crash.sh exited without answering (exit status 3); "
                    + "stderr: boom \\x1b[31mred\\x1b[0m")
            #expect(bad.processID == nil)
        }

        @Test func hangIsKilledWithWhatItStarted() async throws {
            let directory = try temporaryDirectory()
            let script =
                "#!/bin/sh\nsleep 600 &\necho $! > \(directory)/child\necho waiting >&2\n: > \(directory)/ready\nwait\n"
            let clock = SteppedClock()
            let bad = try await source(directory, "hang.sh", script, timeout: Self.patience, clock: clock)
            async let merged = merge(bad: bad, directory: directory)
            // The plugin has printed its stderr line and riffle waits for its answer on the clock.
            #expect(
                await eventually {
                    FileManager.default.fileExists(atPath: directory + "/ready") && clock.sleepsWaiting == 1
                })
            // Just short of the limit nothing fires; at the limit it does.
            clock.advance(by: Self.patience - .seconds(1))
            #expect(clock.sleepsWaiting == 1, "the limit did not fire early")
            clock.advance(by: .seconds(1))
            let (error, titles) = try await merged
            // The message says the 60 s limit fired (the 600 s sleep would have ended in an answer or an exit).
            #expect(titles == ["one", "two", "three"])
            #expect(error?.message == "plugin \(directory)/hang.sh did not answer within 60s; stderr: waiting")
            let child = try #require(
                Int32(
                    try String(contentsOfFile: directory + "/child", encoding: .utf8).trimmingCharacters(
                        in: .whitespacesAndNewlines)))
            // SIGKILL to the group is sent before the error returns, but the orphaned `sleep` dies when the
            // kernel next runs it: on a loaded machine, later than this line. Waited for (120 s, well within
            // its 600 s sleep, so a child left running still fails the test).
            #expect(await eventually { isGone(child) }, "the plugin's own child was killed with it")
        }

        @Test func garbageFailsTheSource() async throws {
            let directory = try temporaryDirectory()
            let bad = try await source(
                directory, "garbage.sh", "#!/bin/sh\nread line\necho 'hello, not json'\nsleep 60\n")
            let (error, _) = try await merge(bad: bad, directory: directory)
            #expect(
                error?.message.hasPrefix(
                    "plugin \(directory)/garbage.sh answered with something that is not an answer: not JSON") == true)
        }

        @Test func endlessOutputIsCapped() async throws {
            let directory = try temporaryDirectory()
            let bad = try await source(
                directory, "endless.sh",
                "#!/bin/sh\nread line\nyes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | tr -d '\\n'\n",
                timeout: Self.generous)
            let (error, titles) = try await merge(bad: bad, directory: directory)
            #expect(titles.count == 3)
            #expect(error?.message == "plugin \(directory)/endless.sh printed a line longer than 8 MiB")
        }

        @Test func extraLinesAndReportedErrors() async throws {
            let directory = try temporaryDirectory()
            let chatty = try await source(
                directory, "chatty.sh",
                "#!/bin/sh\nread line\necho '{\"items\":[],\"has_more\":true,\"cursor\":\"c\"}'\nsleep 0.2\necho '{\"items\":[]}'\n"
                    + ": > \(directory)/printed\nsleep 60\n"
            )
            _ = try await chatty.loadPage(after: nil, pageSize: 5)
            let chattyPID = try #require(chatty.processID)
            // The extra line is printed and riffle has read it (the plugin's stdout pipe is empty again).
            #expect(
                await eventually {
                    FileManager.default.fileExists(atPath: directory + "/printed")
                        && unreadOutput(ofProcess: chattyPID) == 0
                })
            await #expect(
                throws: SourceError.pluginFailed(
                    executable: "\(directory)/chatty.sh", detail: "printed a line no request asked for")
            ) {
                try await chatty.loadPage(after: "c", pageSize: 5)
            }
            let reporting = try await source(
                directory, "reporting.sh",
                "#!/bin/sh\nwhile read line; do echo '{\"error\":\"rate limited\\u001b[2J\"}'; done\n")
            await #expect(
                throws: SourceError.pluginAnswer(
                    executable: "\(directory)/reporting.sh", message: "rate limited\\x1b[2J")
            ) {
                try await reporting.loadPage(after: nil, pageSize: 5)
            }
            let pid = try #require(reporting.processID)
            await reporting.stop()
            #expect(isGone(pid))
        }

        @Test func environmentIsMinimal() async throws {
            let directory = try temporaryDirectory()
            let path = try await writeScript(
                directory, "env.sh",
                """
                #!/bin/sh
                names=$(tr '\\0' '\\n' < /proc/$$/environ | cut -d= -f1 | sort | tr '\\n' ' ')
                read line
                echo "{\\"items\\":[{\\"id\\":\\"1\\",\\"time\\":\\"2026-01-01T00:00:00Z\\",\\"title\\":\\"$names\\"}],\\"has_more\\":false}"
                """)
            let plugin = ExecutablePluginSource(
                executable: path, params: ["token": "param-secret"], timeout: Self.generous,
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "GITHUB_TOKEN": "other-secret",
                    "RIFFLE_CONFIG": "x",
                ])
            let page = try await plugin.loadPage(after: nil, pageSize: 1)
            #expect(page.items.map(\.title) == ["HOME LANG PATH "])
        }

        @Test func describeIsListedAndDriven() async throws {
            let directory = try temporaryDirectory()
            try await writeScript(directory, "counts.sh", wellBehaved)
            try await writeScript(directory, "mute", "#!/bin/sh\nexit 4\n")
            try await writeScript(directory, "slow", "#!/bin/sh\nsleep 600\n")
            _ = try writeFile(directory, "README.md", "not a plugin")
            let clock = SteppedClock()
            async let discovered = PluginCatalog.discover(
                directories: [directory], environment: ProcessInfo.processInfo.environment, includeStandard: false,
                describeTimeout: Self.patience, clock: clock)
            // The three executables' --describe runs have begun, and only one (the slow one) still waits.
            #expect(await eventually { clock.sleepsBegun == 3 && clock.sleepsWaiting == 1 })
            clock.advance(by: Self.patience)
            let (catalog, problems) = await discovered
            #expect(
                problems.map(\.description) == [
                    "\(directory)/mute: --describe failed (exit status 4)",
                    "\(directory)/slow: --describe did not finish within 60s",
                ])
            let counts = try #require(catalog.adapterTypes.first { $0.name == "counts" })
            #expect(counts.description == "Two pages")
            #expect(counts.params.map(\.name) == ["prefix"] && counts.params[0].defaultValue == "n")
            #expect(counts.origin == .executable(file: directory + "/counts.sh"))

            let sources = try sources("sources:\n  - {name: c, type: counts, timeout: 60s}\n", catalog)
            let client = try HTTPClientFactory.make()
            let pageable = try SourceFactory.make(
                sources[0], client: client, plugins: catalog.makeSource(client: client))
            let plugin = try #require(pageable as? ExecutablePluginSource)
            #expect(plugin.params == ["prefix": "n"] && plugin.timeout == .seconds(60))
            #expect(try await pageToEnd(plugin, pageSize: 2).items.count == 3)
            await client.shutdown()
        }

        @Test func shutdownAllReapsEveryPlugin() async throws {
            let directory = try temporaryDirectory()
            let first = try await source(directory, "one.sh", wellBehaved)
            let second = try await source(
                directory, "two.sh",
                "#!/bin/sh\ntrap '' TERM\nread line\necho '{\"items\":[],\"cursor\":\"x\",\"has_more\":true}'\nwhile :; do sleep 1; done\n"
            )
            _ = try await first.loadPage(after: nil, pageSize: 2)
            _ = try await second.loadPage(after: nil, pageSize: 2)
            let pids = [first.processID, second.processID].compactMap { $0 }
            #expect(pids.count == 2)
            #expect(Set(PluginProcesses.running).isSuperset(of: pids))
            await PluginProcesses.shutdownAll(refusingNewProcesses: false)
            #expect(pids.allSatisfy(isGone))
            #expect(PluginProcesses.running.isEmpty)
        }
    }
}
