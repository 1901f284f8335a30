import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Synchronization
import Testing

/// Contract section 6: the real `riffle` binary with a real store file, against the sandbox
/// and against a loopback GraphQL list whose items the test changes between runs.
@Suite(.serialized) struct StoreEndToEndTests {
    /// A GraphQL endpoint on loopback serving `items` newest first, `first`/`after` paging (the cursor is
    /// an offset), for the generic adapter. The test edits the list between runs.
    final class MutableList: Sendable {
        struct Entry: Sendable {
            var id: String
            var seconds: Int64
            var title: String
        }
        let entries: Mutex<[Entry]>
        /// How long each answer waits before it is sent.
        let delay = Mutex<Duration>(.zero)
        /// How many requests reached the list.
        let served = Mutex(0)
        /// While set, every answer waits (after its delay) until it is cleared: a test holds the network's
        /// answers back until it has seen what came before them.
        let held = Mutex(false)
        /// How many answers were sent.
        let answered = Mutex(0)
        let server: LoopbackServer

        private init(entries: [Entry], server: LoopbackServer) {
            self.entries = Mutex(entries)
            self.server = server
        }

        static func start(count: Int) async throws -> MutableList {
            let initial = (0..<count).map {
                Entry(id: "item-\($0)", seconds: 1_700_000_000 - Int64($0) * 60, title: "Item \($0)")
            }
            let box = Mutex<MutableList?>(nil)
            let server = try await LoopbackServer.start(routes: [
                (
                    "/graphql",
                    { request in
                        guard let list = box.withLock({ $0 }) else { return LoopbackServer.Reply(status: 503) }
                        list.served.withLock { $0 += 1 }
                        try? await Task.sleep(for: list.delay.withLock { $0 })
                        // A hang guard, not a measure: the test that holds answers clears it within seconds.
                        _ = await eventually(timeout: .seconds(120)) { !list.held.withLock { $0 } }
                        defer { list.answered.withLock { $0 += 1 } }
                        return list.answer(request)
                    }
                )
            ])
            let list = MutableList(entries: initial, server: server)
            box.withLock { $0 = list }
            return list
        }

        /// Runs `body` with a list of `count` items being served, a temporary directory (gone afterwards), a
        /// config naming the list in it and a store path beside it; the server stops when `body` ends.
        static func withStore(
            count: Int, _ body: (MutableList, _ directory: URL, _ config: String, _ store: String) async throws -> Void
        ) async throws {
            let list = try await start(count: count)
            try await withResource(list.server, stop: { await $0.stop() }) { _ in
                let directory = try Harness.temporaryDirectory()
                defer { try? FileManager.default.removeItem(at: directory) }
                let config = try list.config(in: directory)
                try await body(list, directory, config, directory.appendingPathComponent("store.sqlite").path)
            }
        }

        func answer(_ request: RecordedRequest) -> LoopbackServer.Reply {
            let variables = (try? JSONValue(parsing: request.body))?["variables"]
            let first = Int(variables?["first"]?.scalarText ?? "") ?? 10
            let offset = Int(variables?["after"]?.stringValue ?? "") ?? 0
            let all = entries.withLock { $0 }.sorted { $0.seconds > $1.seconds }
            let page = all.dropFirst(offset).prefix(first)
            let nodes = page.map { entry in
                JSONValue.object([
                    "id": .string(entry.id), "title": .string(entry.title),
                    "updatedAt": .string(Timestamp(microseconds: entry.seconds * 1_000_000).rfc3339),
                ])
            }
            let end = offset + page.count
            let body = JSONValue.object([
                "data": .object([
                    "list": .object([
                        "nodes": .array(Array(nodes)),
                        "pageInfo": .object([
                            "endCursor": .string(String(end)), "hasNextPage": .bool(end < all.count),
                        ]),
                    ])
                ])
            ])
            return LoopbackServer.Reply(headers: [("Content-Type", "application/json")], text: body.jsonText)
        }

        func config(in directory: URL, pageSize: Int = 7) throws -> String {
            let path = directory.appendingPathComponent("config.yaml").path
            try """
            defaults: {page_size: \(pageSize), timeout: 60s, retries: 0}
            sources:
              - name: list
                type: graphql
                endpoint: \(server.url("/graphql"))
                query: |
                  query($first: Int!, $after: String) { list(first: $first, after: $after) { nodes { id title updatedAt } pageInfo { endCursor hasNextPage } } }
                items: data.list.nodes
                cursor: data.list.pageInfo.endCursor
                has_more: data.list.pageInfo.hasNextPage
                fields: {id: id, time: updatedAt, title: title}

            """.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    /// `(source, id, time, title)` of each exported item, in order: what must match between the network
    /// view and the offline view (the `cursor` tokens differ: they name positions in different pagings).
    static func identities(_ run: RiffleRun) throws -> [String] {
        try Harness.jsonArray(run.stdoutBytes).map { item in
            ["source", "id", "time", "title"].map { item[$0]?.scalarText ?? "-" }.joined(separator: "|")
        }
    }

    static func ndjsonIDs(_ run: RiffleRun) -> [String] {
        run.stdout.split(separator: "\n").compactMap { line in
            (try? JSONValue(parsing: Array(line.utf8)))?["id"]?.stringValue
        }
    }

    @Test func theOfflineViewIsTheNetworkViewWithTheServerStopped() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("state/store.sqlite").path
        // A directory named with --store must exist: riffle makes only its default location's.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("state"), withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config.yaml").path
        let (online, withoutStore) = try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60)) { sandbox in
            try Harness.threeSources.replacingOccurrences(of: "SANDBOX", with: sandbox.url).write(
                toFile: config, atomically: true, encoding: .utf8)
            let online = try await Harness.run(["export", "--config", config, "--store", store])
            let withoutStore = try await Harness.run(["export", "--config", config, "--no-store"])
            return (online, withoutStore)
        }
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stderr.isEmpty)
        // The network view is the same bytes with and without a store.
        #expect(online.stdoutBytes == withoutStore.stdoutBytes)
        let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        let expected = try Self.identities(online)
        #expect(expected.count > 150)
        #expect(try Self.identities(offline) == expected)
        // `read --offline` into a pipe: the same items as plain lines, newest first.
        let lines = try await Harness.run(["read", "--config", config, "--store", store, "--offline", "--limit", "50"])
        #expect(lines.status == 0, "\(lines.stderr)")
        #expect(lines.stdout.split(separator: "\n").count == 50)
    }

    @Test func unreadAndMarkReadGiveEveryItemExactlyOnce() async throws {
        try await MutableList.withStore(count: 30) { list, directory, config, store in
            let arguments = [
                "export", "--config", config, "--store", store, "--format", "ndjson", "--unread", "--mark-read",
            ]
            var seen: [String] = []
            let first = try await Harness.run(arguments)
            #expect(first.status == 0, "\(first.stderr)")
            seen += Self.ndjsonIDs(first)
            #expect(seen.count == 30)
            for round in 1...2 {
                list.entries.withLock { entries in
                    for index in 0..<(round * 3) {
                        entries.append(
                            .init(
                                id: "new-\(round)-\(index)", seconds: 1_800_000_000 + Int64(round * 100 + index),
                                title: "New"))
                    }
                }
                let run = try await Harness.run(arguments)
                #expect(run.status == 0, "\(run.stderr)")
                let ids = Self.ndjsonIDs(run)
                #expect(ids.count == round * 3, "round \(round): \(ids)")
                seen += ids
            }
            let again = try await Harness.run(arguments)
            #expect(Self.ndjsonIDs(again).isEmpty)
            #expect(seen.count == 39)
            #expect(Set(seen).count == seen.count)
            // `--unread` alone marks nothing: the item comes again until an export marks it.
            list.entries.withLock { $0.append(.init(id: "late", seconds: 1_900_000_000, title: "Late")) }
            let unmarked = try await Harness.run([
                "export", "--config", config, "--store", store, "--format", "ndjson", "--unread",
            ])
            #expect(Self.ndjsonIDs(unmarked) == ["late"])
            let marked = try await Harness.run(arguments)
            #expect(Self.ndjsonIDs(marked) == ["late"])
        }
    }

    @Test func anItemTheServerNoLongerListsLeavesTheStore() async throws {
        try await MutableList.withStore(count: 20) { list, directory, config, store in
            let first = try await Harness.run(["export", "--config", config, "--store", store])
            #expect(first.status == 0, "\(first.stderr)")
            list.entries.withLock { entries in entries.removeAll { $0.id == "item-9" } }
            let second = try await Harness.run(["export", "--config", config, "--store", store])
            #expect(second.status == 0)
            let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
            let ids = try Harness.jsonArray(offline.stdoutBytes).compactMap { $0["id"]?.stringValue }
            #expect(ids.count == 19)
            #expect(!ids.contains("item-9"))
            // `riffle sources` says what the store holds.
            let sources = try await Harness.run(["sources", "--config", config, "--store", store, "--json"])
            let entry = try Harness.jsonArray(sources.stdoutBytes).first
            #expect(entry?["stored"]?.scalarText == "19")
            #expect(entry?["unread"]?.scalarText == "19")
            #expect(entry?["last_refresh_status"]?.stringValue == "ok")
            let text = try await Harness.run(["sources", "--config", config, "--store", store])
            #expect(text.stdout.contains("stored 19, 19 unread, refreshed"))
        }
    }

    /// A refresh that fails is what `riffle sources` shows for the source (text and `--json`), and the items
    /// stored before it stay.
    @Test func aFailedRefreshIsShownBySourcesAndTheStoredItemsStay() async throws {
        let list = try await MutableList.start(count: 20)
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = try list.config(in: directory)
        let store = directory.appendingPathComponent("store.sqlite").path
        try await withResource(list.server, stop: { await $0.stop() }) { _ in
            let first = try await Harness.run(["export", "--config", config, "--store", store])
            #expect(first.status == 0, "\(first.stderr)")
        }
        // The server is gone: the next refresh fails.
        let failed = try await Harness.run(["export", "--config", config, "--store", store])
        #expect(failed.status == 2, "\(failed.stderr)")
        let sources = try await Harness.run(["sources", "--config", config, "--store", store, "--json"])
        let entry = try Harness.jsonArray(sources.stdoutBytes).first
        #expect(entry?["stored"]?.scalarText == "20")
        #expect(entry?["last_refresh_status"]?.stringValue == "failed")
        #expect(entry?["last_refresh_error"]?.stringValue?.isEmpty == false)
        let text = try await Harness.run(["sources", "--config", config, "--store", store])
        #expect(text.stdout.contains("stored 20, 20 unread, refreshed"), "\(text.stdout)")
        // The probe meets the refresh's error again: the line says it once.
        let error = try #require(entry?["error"]?.stringValue)
        #expect(text.stdout.components(separatedBy: error).count == 2, "\(text.stdout)")
        #expect(text.stdout.contains(": failed with the same error"), "\(text.stdout)")
        // `--offline` probes nothing, and says so instead of `ok`.
        let offline = try await Harness.run(["sources", "--config", config, "--store", store, "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("not probed (offline)  stored 20, 20 unread"), "\(offline.stdout)")
        #expect(offline.stdout.contains(": failed: \(error)"), "\(offline.stdout)")
        let offlineJSON = try await Harness.run([
            "sources", "--config", config, "--store", store, "--offline", "--json",
        ])
        #expect(try Harness.jsonArray(offlineJSON.stdoutBytes).first?["status"]?.stringValue == "not probed")
    }

    /// `--after` with a store: the pages the resume needs that the store holds fresh (read by
    /// the export it continues) come from the store and cost no request; the output is the same bytes as
    /// the resume without the store, and the export it continues followed by it is the whole stream.
    @Test func aResumeTakesTheStoredPagesItNeedsAndGivesTheSameBytes() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 120)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let export = ["export", "--config", config, "--format", "ndjson"]
            let whole = try await Harness.run(export + ["--no-store"])
            let lines = whole.stdout.split(separator: "\n").map(String.init)
            #expect(whole.status == 0 && lines.count > 250, "\(whole.stderr)")
            func token(_ line: String) throws -> String {
                try #require(try JSONValue(parsing: line)["cursor"]?.stringValue)
            }
            /// The resume after `line` (1-based) for 100 items, with `store` (or none): the run and its requests.
            func resume(after line: Int, store: String?) async throws -> (run: RiffleRun, requests: Int) {
                // Only this run's requests: the previous run's late read-ahead is let in first.
                try await sandbox.resetRecordWhenQuiet()
                let run = try await Harness.run(
                    export + ["--limit", "100", "--after", try token(lines[line - 1])]
                        + (store.map { ["--store", $0] } ?? ["--no-store"]))
                #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
                return (run, sandbox.server.requests().count)
            }
            let expected = lines[100..<200].map { $0 + "\n" }.joined()

            // A store that holds every page: one export read the whole stream.
            let full = sandbox.directory.appendingPathComponent("full.sqlite").path
            let stored = try await Harness.run(export + ["--store", full])
            #expect(stored.stdoutBytes == whole.stdoutBytes)
            let network = try await resume(after: 100, store: nil)
            let fromStore = try await resume(after: 100, store: full)
            #expect(network.run.stdout == expected)
            #expect(fromStore.run.stdoutBytes == network.run.stdoutBytes)
            #expect(network.requests > 0)
            #expect(fromStore.requests == 0, "every page the resume needs is stored")

            // A store that holds the pages the first 100 items took: the rest comes from the network.
            let part = sandbox.directory.appendingPathComponent("part.sqlite").path
            let first = try await Harness.run(export + ["--limit", "100", "--store", part])
            #expect(first.stdout == lines[0..<100].map { $0 + "\n" }.joined())
            let partly = try await resume(after: 100, store: part)
            #expect(partly.run.stdoutBytes == network.run.stdoutBytes)
            #expect(
                partly.requests > 0 && partly.requests < network.requests, "\(partly.requests) vs \(network.requests)")
        }
    }

    @Test func twoExportsAndAReaderShareOneStore() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let config = directory.appendingPathComponent("config.yaml").path
        let exported = try await Harness.withSandbox(SandboxOptions(itemsPerSource: 200)) { sandbox in
            try Harness.threeSources.replacingOccurrences(of: "SANDBOX", with: sandbox.url).write(
                toFile: config, atomically: true, encoding: .utf8)
            async let first = Harness.run(["export", "--config", config, "--store", store])
            async let second = Harness.run(["export", "--config", config, "--store", store, "--format", "ndjson"])
            async let reader = Harness.run(["read", "--config", config, "--store", store])
            let runs = try await [first, second, reader]
            for run in runs {
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stderr.isEmpty)
            }
            return try Harness.jsonArray(runs[0].stdoutBytes).count
        }
        #expect(exported > 500)
        let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
        #expect(try Harness.jsonArray(offline.stdoutBytes).count == exported)
    }

    @Test func killedAtRandomMomentsTheStoreStillOpens() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("store.sqlite").path
        let config = directory.appendingPathComponent("config.yaml").path
        try await Harness.withSandbox(SandboxOptions(latency: .milliseconds(5), itemsPerSource: 1500)) { sandbox in
            try Harness.threeSources.replacingOccurrences(of: "SANDBOX", with: sandbox.url).write(
                toFile: config, atomically: true, encoding: .utf8)
            var random = SplitMix64(seed: 13)
            var lastCount = 0
            for round in 0..<20 {
                let process = Process()
                process.executableURL = try Harness.binary("riffle")
                process.arguments = [
                    "export", "--config", config, "--store", store, "--output", directory.path + "/out.json",
                ]
                process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
                process.standardError = FileHandle.nullDevice
                try process.run()
                // From before the first commit (start-up takes a few hundred milliseconds) to deep in the run.
                try await Task.sleep(for: .milliseconds(Int(random.next() % 1500) + 100))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
                #expect(offline.status == 0, "round \(round): \(offline.stderr)")
                #expect(offline.stderr.isEmpty, "round \(round): \(offline.stderr)")
                let count = try Harness.jsonArray(offline.stdoutBytes).count
                // Nothing is removed from these sources, so what was committed stays: the count never falls.
                #expect(count >= lastCount, "round \(round): \(count) < \(lastCount)")
                lastCount = count
            }
            #expect(lastCount > 0)
        }
    }

    /// Contract section 6: `--mark-read` marks only once the output is committed. An interrupted export marks
    /// nothing: the next `--unread` gives every item.
    @Test func anInterruptedExportMarksNothing() async throws {
        try await MutableList.withStore(count: 30) { list, directory, config, store in
            let unread = ["export", "--config", config, "--store", store, "--format", "ndjson", "--unread"]
            // Each answer waits, so that the run is mid-stream (5 pages of 7) when it is interrupted.
            list.delay.withLock { $0 = .milliseconds(400) }
            let interrupted = try await Harness.run(
                unread + ["--mark-read"], interruptWhen: { list.served.withLock { $0 } >= 2 })
            #expect(interrupted.status == 130, "\(interrupted.stderr)")
            list.delay.withLock { $0 = .zero }
            let after = try await Harness.run(unread)
            #expect(after.status == 0, "\(after.stderr)")
            #expect(Self.ndjsonIDs(after).count == 30, "the interrupted run marked items")
        }
    }

    /// Contract section 6: an export whose reader goes away (a broken pipe: `| head -c 1`) marks nothing.
    @Test func anExportIntoABrokenPipeMarksNothing() async throws {
        try await MutableList.withStore(count: 1_500) { list, directory, _, store in
            // The export writes in 64 KiB blocks: 1,500 items make several, and pages of 100 items, each
            // answer after 50 ms, leave `head` time to go after the first block.
            let config = try list.config(in: directory, pageSize: 100)
            let unread = ["export", "--config", config, "--store", store, "--format", "ndjson", "--unread"]
            list.delay.withLock { $0 = .milliseconds(50) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let command = ([try Harness.binary("riffle").path] + unread + ["--mark-read"]).map(SmallFileSystem.quoted)
            process.arguments = ["-c", command.joined(separator: " ") + " | head -c 1 >/dev/null"]
            process.environment = Harness.environment(stateIn: directory)
            process.standardInput = FileHandle.nullDevice
            #expect(try await process.runUntilExit() == 0)
            #expect(list.served.withLock { $0 } >= 4, "the export ended before the pipe broke")
            list.delay.withLock { $0 = .zero }
            let after = try await Harness.run(unread)
            #expect(after.status == 0, "\(after.stderr)")
            #expect(Self.ndjsonIDs(after).count == 1_500, "the export into a broken pipe marked items")
        }
    }

    /// A store whose pages are damaged (a real store, damaged past its schema) gives one warning
    /// naming the file and the run goes on; the commands that need it exit 1; neither reading it nor a run
    /// that would write it (export, read) changes its bytes or leaves a log beside it.
    @Test func aDamagedStoreIsOneWarningAndIsLeftAsItWas() async throws {
        try await MutableList.withStore(count: 20) { list, directory, config, store in
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: try BuiltProducts.path(of: "riffle-store-probe"))
            probe.arguments = [store, "list", "20", "100"]
            probe.standardOutput = FileHandle.nullDevice
            try probe.run()
            probe.waitUntilExit()
            #expect(probe.terminationStatus == 0)
            // The probe closed the store: everything is in the file. Damage the pages after the schema's.
            try? FileManager.default.removeItem(atPath: store + "-wal")
            try? FileManager.default.removeItem(atPath: store + "-shm")
            var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: store)))
            try #require(bytes.count > 100_000)
            for index in 16_384..<bytes.count - 4_096 where index % 7 != 0 { bytes[index] = 0xFF }
            try Data(bytes).write(to: URL(fileURLWithPath: store))
            // What only reads the store: `sources` (what it holds per source) and `--offline` (which needs
            // the store: exit 1, saying so).
            let sources = try await Harness.run(["sources", "--config", config, "--store", store])
            #expect(sources.status == 0, "\(sources.stderr)")
            #expect(Self.oneWarning(sources, store: store), "\(sources.stderr)")
            let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
            #expect(offline.status == 1, "\(offline.stderr)")
            #expect(offline.stderr.contains("\(store): store is damaged"), "\(offline.stderr)")
            #expect(offline.stderr.contains("(--offline needs the store)"), "\(offline.stderr)")
            let offlineRead = try await Harness.run(["read", "--config", config, "--store", store, "--offline"])
            #expect(offlineRead.status == 1, "\(offlineRead.stderr)")
            #expect(offlineRead.stderr.contains("(--offline needs the store)"), "\(offlineRead.stderr)")
            let unchanged = Array(try Data(contentsOf: URL(fileURLWithPath: store))) == bytes
            #expect(unchanged, "reading the damaged store changed it")
            // The network view goes on without it, the same bytes as without a store.
            let reference = try await Harness.run(["export", "--config", config, "--no-store"])
            for arguments in [["export"], ["read", "--limit", "100"]] {
                let run = try await Harness.run(arguments + ["--config", config, "--store", store])
                #expect(run.status == 0, "\(arguments): \(run.stderr)")
                #expect(Self.oneWarning(run, store: store), "\(arguments): \(run.stderr)")
                if arguments == ["export"] { #expect(run.stdoutBytes == reference.stdoutBytes) }
                let same = Array(try Data(contentsOf: URL(fileURLWithPath: store))) == bytes
                #expect(same, "\(arguments) changed the damaged store")
                let log = (try? FileManager.default.attributesOfItem(atPath: store + "-wal"))?[.size] as? Int
                #expect((log ?? 0) == 0, "\(arguments) wrote \(log ?? 0) bytes of log beside the damaged store")
            }
        }
    }

    /// Whether `run` printed exactly one line on stderr, the warning that it goes on without `store`.
    static func oneWarning(_ run: RiffleRun, store: String) -> Bool {
        let lines = run.stderr.split(separator: "\n")
        guard lines.count == 1, let line = lines.first else { return false }
        return line.hasPrefix("riffle: warning: \(store): ") && line.hasSuffix("; going on without the store")
    }

    @Test func aStoreThatCannotBeUsedIsOneWarningAndTheRunGoesOn() async throws {
        let directory = try Harness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.yaml").path
        let garbage = directory.appendingPathComponent("garbage.sqlite").path
        let junk = Array("this is not a database, and it must stay exactly as it is\n".utf8)
        try Data(junk).write(to: URL(fileURLWithPath: garbage))
        let blocker = directory.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 30)) { sandbox in
            try Harness.threeSources.replacingOccurrences(of: "SANDBOX", with: sandbox.url).write(
                toFile: config, atomically: true, encoding: .utf8)
            let reference = try await Harness.run(["export", "--config", config, "--no-store"])
            for store in [garbage, blocker + "/store.sqlite"] {
                let run = try await Harness.run(["export", "--config", config, "--store", store])
                #expect(run.status == 0)
                #expect(run.stdoutBytes == reference.stdoutBytes)
                let lines = run.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(run.stderr)")
                #expect(lines.first?.hasPrefix("riffle: warning: \(store): ") == true, "\(run.stderr)")
                #expect(lines.first?.hasSuffix("; going on without the store") == true, "\(run.stderr)")
                for needs in [["--offline"], ["--unread"], ["--mark-read"]] {
                    let refused = try await Harness.run(["export", "--config", config, "--store", store] + needs)
                    #expect(refused.status == 1, "\(needs): \(refused.stderr)")
                    #expect(refused.stderr.contains("\(needs[0]) needs the store"), "\(refused.stderr)")
                }
            }
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: garbage))) == junk)
            // A read-only directory. Root ignores modes, so as root riffle runs as `nobody`, for whom the
            // directory (root's, mode 555) is read-only too.
            let asNobody = geteuid() == 0
            if asNobody, let reason = try Harness.nobodyCannotRunRiffle() {
                print("StoreEndToEndTests: read-only directory case skipped: \(reason)")
            } else {
                let locked = directory.appendingPathComponent("locked")
                try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
                chmod(directory.path, 0o755)
                chmod(config, 0o644)
                chmod(locked.path, 0o555)
                defer { chmod(locked.path, 0o755) }
                let run = try await Harness.run(
                    ["export", "--config", config, "--store", locked.path + "/store.sqlite"], asNobody: asNobody)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(run.stdoutBytes == reference.stdoutBytes)
                #expect(run.stderr.contains("store cannot be written"), "\(run.stderr)")
            }
        }
    }

    /// A full disk. The store lives on a 256 KiB file system that fills during the export: one
    /// warning naming the file and "disk full", the same bytes as without a store, and afterwards the store
    /// opens holding what was committed before it filled; `--mark-read` exits 1 saying its marks were lost.
    @Test func aFullDiskIsOneWarningAndTheStoreKeepsWhatWasCommitted() async throws {
        if let reason = SmallFileSystem.unavailable() {
            print("StoreEndToEndTests: full-disk case skipped: \(reason)")
            return
        }
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 400)) { sandbox in
            let config = try sandbox.config(Harness.threeSources)
            let small = sandbox.directory.appendingPathComponent("small")
            try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
            let store = small.appendingPathComponent("store.sqlite").path
            let reference = try await Harness.run(["export", "--config", config, "--no-store"])
            #expect(reference.status == 0, "\(reference.stderr)")
            let outcome = try await SmallFileSystem.run(
                size: "256k", at: small,
                [
                    ["export", "--config", config, "--store", store],
                    ["export", "--config", config, "--store", store, "--offline"],
                    ["sources", "--config", config, "--store", store, "--json"],
                    ["export", "--config", config, "--store", store, "--unread", "--mark-read"],
                ])
            if let refused = outcome.refused {
                print("StoreEndToEndTests: full-disk case skipped: \(refused)")
                return
            }
            let runs = outcome.runs
            try #require(runs.count == 4)
            let export = runs[0]
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdoutBytes == reference.stdoutBytes)
            #expect(Self.oneWarning(export, store: store), "\(export.stderr)")
            #expect(export.stderr.contains("(disk full)"), "\(export.stderr)")
            // What was committed before the disk filled: some of the items, each one the network gave.
            let offline = runs[1]
            #expect(offline.status == 0, "\(offline.stderr)")
            let everything = Set(try Self.identities(reference))
            let kept = try Self.identities(offline)
            #expect(!kept.isEmpty && kept.count < everything.count, "kept \(kept.count) of \(everything.count)")
            #expect(kept.allSatisfy(everything.contains))
            let sources = try Harness.jsonArray(runs[2].stdoutBytes)
            #expect(runs[2].status == 0, "\(runs[2].stderr)")
            let stored = sources.compactMap { Int($0["stored"]?.scalarText ?? "") }.reduce(0, +)
            #expect(stored == kept.count)
            // The output is written, but its marks cannot be: exit 1, saying so.
            let marking = runs[3]
            #expect(marking.status == 1, "\(marking.stderr)")
            #expect(marking.stdoutBytes == reference.stdoutBytes)
            #expect(marking.stderr.contains("\(store): store cannot be written (disk full)"), "\(marking.stderr)")
            #expect(marking.stderr.contains("were not marked read"), "\(marking.stderr)")
        }
    }

    @Test func theReaderShowsTheStoreFirstAndAnnouncesWhatTheRefreshFinds() async throws {
        try await MutableList.withStore(count: 30) { list, directory, config, store in
            let first = try await Harness.run(["export", "--config", config, "--store", store])
            #expect(first.status == 0, "\(first.stderr)")
            // Two newer items on the server, whose answers are held back until the first screen is seen.
            list.entries.withLock { entries in
                entries.append(.init(id: "fresh-1", seconds: 1_800_000_000, title: "Fresh one"))
                entries.append(.init(id: "fresh-2", seconds: 1_800_000_060, title: "Fresh two"))
            }
            let answeredBefore = list.answered.withLock { $0 }
            list.held.withLock { $0 = true }
            let transcript = try await FeedEndToEndTests.onTerminal(["--config", config, "--store", store]) {
                input, screen in
                defer { list.held.withLock { $0 = false } }
                // The first screen, from the store, while the refresh is still unanswered.
                guard await eventually(timeout: .seconds(120), { screen().contains("Item 0") }) else {
                    throw Harness.HarnessError("no first screen: \(screen())")
                }
                #expect(
                    list.answered.withLock { $0 } == answeredBefore, "the first screen came before any answer")
                #expect(!screen().contains("Fresh"), "new items are not pushed into the page")
                list.held.withLock { $0 = false }
                guard await eventually(timeout: .seconds(120), { screen().contains("2 new") }) else {
                    throw Harness.HarnessError("no new-items notice: \(screen())")
                }
                input("g")
                guard await eventually(timeout: .seconds(120), { screen().contains("Fresh two") }) else {
                    throw Harness.HarnessError("g did not show the new items: \(screen())")
                }
                input("q")
            }
            #expect(transcript.contains("Fresh one"))
            // The refresh was written to the store.
            let offline = try await Harness.run(["export", "--config", config, "--store", store, "--offline"])
            #expect(try Harness.jsonArray(offline.stdoutBytes).count == 32)
        }
    }
}
