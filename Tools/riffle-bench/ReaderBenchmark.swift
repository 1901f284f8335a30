import Foundation
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleReaderStore
import RiffleSandbox
import RiffleSources
import RiffleStore
import RiffleStoreKit
import RiffleTerminal
import RiffleTestSupport

/// `riffle-bench reader [--turns N] [--interval-ms N] [--latency-ms N] [--page-size N] [--lines N] [--first-runs N]`:
/// the reader over 4 sandbox sources (or, with `--in-memory`, sleeping in-memory ones) at `latency` per request,
/// each reader with a sandbox and an HTTP client of its own. First the first screen alone — from the reader's
/// start to its first drawn page — `--first-runs` times (5) for each mode in turn; then turning a page every
/// `interval` (simulated reading) through its line-mode input, as a user would, the modes at once: how long
/// each turn waited, from the key to the drawn page, with the reader's prefetch on (default 2 pages), off (the
/// merge's own read-ahead only), and with no read-ahead at all. Goal: median < 20 ms.
enum ReaderBenchmark {
    /// Items on demand, newest first; every load sleeps `latency` first.
    struct SlowSource: Pageable {
        let index: Int
        let count: Int
        let latency: Duration

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            try await Task.sleep(for: latency)
            let start = cursor.flatMap { Int($0) } ?? 0
            let end = min(count, start + pageSize)
            let items = (start..<end).map { position in
                Item(
                    id: "\(index)-\(position)",
                    time: Timestamp(unixSeconds: 2_000_000_000 - Int64(position) * 60 - Int64(index) * 7),
                    title: "source \(index) item \(position)", url: "https://example.com/\(index)/\(position)")
            }
            return Page(items: items, nextCursor: String(end), hasMore: end < count)
        }
    }

    struct Mode: Sendable {
        var name: String
        var prefetchPages: Int
        var mergeThreshold: Int?
    }

    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let turns = options.int("--turns", default: 30)
        let interval = options.int("--interval-ms", default: 1000)
        let latency = options.int("--latency-ms", default: 300)
        let pageSize = options.int("--page-size", default: 50)
        let lines = options.int("--lines", default: 20)
        let firstRuns = options.int("--first-runs", default: 5)
        let prefetch = options.int("--prefetch", default: 2)
        let inMemory = arguments.contains("--in-memory")
        // `--store-marks`: read marks written to a store file at every turn (StoreReadMarks), as the reader
        // on a terminal with a store does; else in memory.
        let storeMarks = arguments.contains("--store-marks")
        // `--keys-from-start`: keys every interval from the reader's start, as before 2026-11-26 (the first may
        // come before the first screen); else from the first screen on, at reading speed.
        let schedule: KeySchedule = arguments.contains("--keys-from-start") ? .fromStart : .fromFirstScreen
        // `--trace`: when each source's pages were asked for and landed, in the first mode's turns run.
        let trace = arguments.contains("--trace")
        let marksDirectory = "/tmp/riffle-bench-marks-\(getpid())"
        let backend = Backend(inMemory: inMemory, latency: latency, pageSize: pageSize)
        print(
            "reader: 4 sources (\(inMemory ? "in memory, sleeping" : "riffle-sandbox through the real adapters: gitlab, spacex, 2 × graphql"))"
                + ", \(latency) ms per request, \(pageSize) items per page, \(lines) lines per screen;"
                + " \(turns) turns \(interval) ms apart; read marks \(storeMarks ? "in a store" : "in memory")"
                + "; keys \(schedule == .fromStart ? "from the reader's start" : "from the first screen on")"
                + "; each mode with its own sandbox and HTTP client; goal: median turn wait < 20 ms")
        let modes = [
            Mode(name: "prefetch \(prefetch)", prefetchPages: prefetch, mergeThreshold: nil),
            Mode(name: "prefetch 0", prefetchPages: 0, mergeThreshold: nil),
            Mode(name: "none", prefetchPages: 0, mergeThreshold: 1),
        ]
        // The first screen alone, the modes in turn (one reader at a time), `firstRuns` rounds.
        if firstRuns > 0 {
            var firsts: [Int: [Double]] = [:]
            for _ in 0..<firstRuns {
                for (index, mode) in modes.enumerated() {
                    let outcome = try await measure(
                        mode, backend: backend, turns: 0, interval: 0, lines: lines, marks: SessionReadMarks()
                    ).outcome
                    firsts[index, default: []].append(outcome.firstPageWait.map { $0.seconds * 1000 } ?? .nan)
                }
            }
            print("first screen, the modes in turn, \(firstRuns) rounds (one answer takes \(latency) ms):")
            print(row("mode", "median", "fastest", "slowest") + " each run (ms)")
            for (index, mode) in modes.enumerated() {
                let values = (firsts[index] ?? []).sorted()
                print(
                    row(
                        mode.name, format(median(values)), format(values.first ?? .nan), format(values.last ?? .nan))
                        + " "
                        + (firsts[index] ?? []).map { String(format: "%.0f", $0) }.joined(separator: " "))
            }
        }
        guard turns > 0 else { return }
        // The modes run at once: they mostly sleep, and it keeps the run at turns × interval.
        let results = try await withThrowingTaskGroup(of: (Int, Session).self) { group in
            for (index, mode) in modes.enumerated() {
                group.addTask {
                    let marks: any ReadMarks
                    if storeMarks {
                        let store = try await SQLiteStore.open(at: "\(marksDirectory)/mode-\(index).sqlite")
                        marks = StoreReadMarks(store: store, trouble: StoreTrouble { print("store: \($0)") })
                    } else {
                        marks = SessionReadMarks()
                    }
                    return (
                        index,
                        try await measure(
                            mode, backend: backend, turns: turns, interval: interval, lines: lines, marks: marks,
                            schedule: schedule, trace: trace && index == 0)
                    )
                }
            }
            var results: [Int: Session] = [:]
            for try await (index, outcome) in group { results[index] = outcome }
            return results
        }
        print("page turns, the modes at once (a turn pressed before its first screen is not counted: see below):")
        print(row("mode", "first page", "turns", "median", "p90", "worst", "waits > 20 ms", "waits (ms)"))
        for (index, mode) in modes.enumerated() {
            guard let session = results[index] else { continue }
            let outcome = session.outcome
            let early = session.turnsBeforeFirstScreen
            let inOrder = outcome.pageTurnWaits.map { $0.seconds * 1000 }
            let waits = inOrder.dropFirst(early).sorted()
            func percentile(_ p: Double) -> Double {
                waits.isEmpty ? .nan : waits[min(waits.count - 1, Int((Double(waits.count - 1) * p).rounded()))]
            }
            // Each wait over 20 ms, as "turn: ms".
            let long = inOrder.enumerated().dropFirst(early).filter { $0.element > 20 }.map {
                "\($0.offset + 1): \(String(format: "%.0f", $0.element))"
            }
            print(
                row(
                    mode.name, format(outcome.firstPageWait.map { $0.seconds * 1000 } ?? .nan), "\(waits.count)",
                    format(percentile(0.5)), format(percentile(0.9)), format(waits.last ?? .nan),
                    "\(long.count)", long.joined(separator: ", "))
                    + Self.pageWaits(outcome.turnsWaitingForPages.filter { $0 > early }))
            // A key before the first screen cannot be served before it: its page comes after the first one.
            for (turn, wait) in inOrder.prefix(early).enumerated() {
                let key = session.keys[turn]
                let drawn = key + Int(wait.rounded())
                print(
                    "  \(mode.name): turn \(turn + 1) pressed at \(key) ms, before the first screen (\(session.firstScreen ?? -1) ms):"
                        + " drawn at \(drawn) ms, \(drawn - (session.firstScreen ?? 0)) ms after the first screen")
            }
        }
        if let traced = results[0], !traced.trace.isEmpty {
            print(
                "trace of \(modes[0].name) (ms since the reader's start): first screen at \(traced.firstScreen ?? -1);")
            let drawn = zip(traced.keys, traced.outcome.pageTurnWaits).map { key, wait in
                "\(key) → \(key + Int((wait.seconds * 1000).rounded()))"
            }
            print("  keys → pages drawn: " + drawn.joined(separator: ", "))
            for line in traced.trace { print(line) }
        }
        print("prefetch N = reader keeps N pages pulled ahead; prefetch 0 = the merge's own read-ahead only;")
        print("none = no read-ahead anywhere (a source loads only when its buffer is empty)")
    }

    /// Where the four sources come from. Each reader gets a sandbox and an HTTP client of its own, as each
    /// riffle process has its own client: readers sharing one queued behind each other's requests at its
    /// per-origin limit (6), which put a second round trip before a first screen by chance.
    struct Backend: Sendable {
        var inMemory: Bool
        var latency: Int
        var pageSize: Int

        /// Runs `body` with the sources, and stops their sandbox after it.
        func withSources<R>(
            perSource: Int, _ body: ([MergeSource]) async throws -> R
        ) async throws -> R {
            if inMemory {
                let sources = (0..<4).map { index in
                    MergeSource(
                        name: "source\(index)",
                        pageable: SlowSource(index: index, count: perSource, latency: .milliseconds(latency)),
                        pageSize: pageSize)
                }
                return try await body(sources)
            }
            let server = SandboxServer(options: SandboxOptions(latency: .milliseconds(latency), itemsPerSource: 2_000))
            let port = try await server.start()
            do {
                let sources = try ReaderBenchmark.sandboxSources(
                    url: "http://127.0.0.1:\(port)", client: try HTTPClient(), pageSize: pageSize)
                let result = try await body(sources)
                await server.stop()
                return result
            } catch {
                await server.stop()
                throw error
            }
        }
    }

    /// The four sandbox sources, configured as a user would (the store benchmark's reader runs the built
    /// `riffle` on the same config).
    static func sandboxConfig(url: String, pageSize: Int) -> String {
        SandboxSourceKind.config(
            [(.gitlabRocket, "rocket"), (.spacex, "launches"), (.articles, "articles"), (.acmeRocket, "acme")],
            pageSize: pageSize, sandbox: url, timeout: "20s", retries: 1)
    }

    /// The four sandbox sources, built by riffle's own adapters.
    static func sandboxSources(url: String, client: HTTPClient, pageSize: Int) throws -> [MergeSource] {
        let yaml = sandboxConfig(url: url, pageSize: pageSize)
        let configuration = try Configuration.parse(
            text: yaml, file: "reader-bench.yaml", environment: [:], adapters: BuiltInAdapters.all)
        return try configuration.sources.map { source in
            SourceFactory.mergeSource(source, pageable: try SourceFactory.make(source, client: client))
        }
    }

    /// When the keys come: `interval` after the first screen and every `interval` after (a reader at reading
    /// speed, the default), or every `interval` from the reader's start (`--keys-from-start`: the first keys
    /// may come before the first screen, and are reported apart: no turn can come before it).
    enum KeySchedule: Sendable {
        case fromFirstScreen
        case fromStart
    }

    /// What one session gave: the reader's outcome, when each key was pressed and when the first screen was
    /// seen (both since the session's start), and the page trace when one was asked for.
    struct Session: Sendable {
        var outcome: ReaderOutcome
        var keys: [Int] = []
        var firstScreen: Int?
        var trace: [String] = []

        /// How many of the turns were pressed before the first screen appeared.
        var turnsBeforeFirstScreen: Int { keys.filter { $0 < (firstScreen ?? .max) }.count }
    }

    /// One reader session driven through a pipe, its output to a file that is polled for the first screen:
    /// `turns` page turns `interval` apart, then `q` (typed lines wait for the page on its way, so `q` never
    /// comes before the first screen). With `trace`, every source's page requests are timed.
    static func measure(
        _ mode: Mode, backend: Backend, turns: Int, interval: Int, lines: Int, marks: any ReadMarks,
        schedule: KeySchedule = .fromFirstScreen, trace: Bool = false
    ) async throws -> Session {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw BenchError("pipe failed") }
        let outputPath = "/tmp/riffle-bench-reader-\(getpid())-\(UUID().uuidString)"
        let outputFD = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(fds[0])
            close(outputFD)
            unlink(outputPath)
        }
        return try await backend.withSources(perSource: (turns + 4) * lines + 100) { sources in
            let start = ContinuousClock.now
            let pageTrace = trace ? PageTrace(start: start) : nil
            let reader = FeedReaderUI(
                sources: pageTrace?.wrap(sources) ?? sources,
                options: MergeOptions(prefetchThreshold: mode.mergeThreshold),
                settings: ReaderOptions(lines: lines, prefetchPages: mode.prefetchPages, color: .never),
                io: TerminalIO(
                    inputFD: fds[0], outputFD: outputFD, isInteractive: true, inputIsTerminal: false,
                    fixedSize: (columns: 100, rows: lines + 1)),
                readMarks: marks)
            let writeFD = fds[1]
            return try await withThrowingTaskGroup(of: Part.self) { group in
                group.addTask { .outcome(try await reader.run()) }
                group.addTask {
                    defer { close(writeFD) }
                    var session = Session(outcome: ReaderOutcome())
                    async let firstScreen = Self.firstScreen(in: outputPath, until: start + .seconds(60))
                    var base = start
                    if schedule == .fromFirstScreen, turns > 0 { base = try await firstScreen ?? start }
                    for turn in 0..<turns {
                        try await Task.sleep(until: base + .milliseconds((turn + 1) * interval))
                        _ = "\n".utf8CString.withUnsafeBytes { write(writeFD, $0.baseAddress, 1) }
                        session.keys.append(Self.milliseconds(from: start, to: .now))
                    }
                    try await Task.sleep(for: .milliseconds(interval))
                    session.firstScreen = try await firstScreen.map { Self.milliseconds(from: start, to: $0) }
                    _ = "q\n".utf8CString.withUnsafeBytes { write(writeFD, $0.baseAddress, 2) }
                    return .keys(session)
                }
                var session = Session(outcome: ReaderOutcome())
                var outcome = ReaderOutcome()
                for try await part in group {
                    switch part {
                    case .outcome(let result): outcome = result
                    case .keys(let result): session = result
                    }
                }
                session.outcome = outcome
                session.trace = pageTrace?.lines() ?? []
                return session
            }
        }
    }

    /// A session's two halves: the reader's outcome, and the keys pressed.
    enum Part: Sendable {
        case outcome(ReaderOutcome)
        case keys(Session)
    }

    /// The turns during which the merge waited for a page to land (`ReaderOutcome.turnsWaitingForPages`), a
    /// figure that does not depend on the machine's speed; empty when there were none.
    static func pageWaits(_ turns: [Int]) -> String {
        turns.isEmpty ? "" : "; waited for a page: turns " + turns.map(String.init).joined(separator: ", ")
    }

    /// Whole milliseconds from `start` to `instant`.
    static func milliseconds(from start: ContinuousClock.Instant, to instant: ContinuousClock.Instant) -> Int {
        Int(((instant - start) / .milliseconds(1)).rounded())
    }

    /// When the reader's first prompt (`1–N`) appeared in the file at `path`, polled every 2 ms; nil when it
    /// had not by `deadline`.
    static func firstScreen(
        in path: String, until deadline: ContinuousClock.Instant
    ) async throws -> ContinuousClock.Instant? {
        while ContinuousClock.now < deadline {
            if let data = FileManager.default.contents(atPath: path), ReaderFirstScreen.promptShown(Array(data)) {
                return .now
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// Columns padded to fixed widths; the last as it is.
    static func row(_ columns: String...) -> String {
        let widths = [12, 11, 9, 9, 9, 9, 14]
        return zip(columns, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
            + (columns.count > widths.count ? " " + columns[widths.count...].joined(separator: " ") : "")
    }

    static func format(_ milliseconds: Double) -> String {
        milliseconds.isNaN ? "-" : String(format: "%.1f ms", milliseconds)
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
