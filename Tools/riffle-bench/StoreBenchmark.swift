import Foundation
import RiffleSandbox
import RiffleStore
import RiffleStoreKit
import RiffleTestSupport

/// `riffle-bench store [--only screen|write|reader] [--runs N] [--write-runs N] [--reader-runs N] [--quick]
/// [--keep]`: the store's figures, each beside its baseline, through the built release `riffle`.
///
/// - screen: a store of 10,000 and of 200,000 items over 20 sources, written in this process page by page
///   as riffle writes them; `riffle read --offline --limit 50` into a pipe, timed from process start to the
///   50th line (median of `--runs`, 7). Goal ≤ 50 ms at 200,000 items, and flat (the 10,000-item figure).
/// - write: a 200,000-item export (20 sandbox sources × 10,000, no latency) with `--store` (a new file each
///   run) beside `--no-store` (median of `--write-runs`, 3): the walls and their ratio (goal ≤ 1.1×), items
///   written per second of extra wall and in this process, store bytes per item.
/// - reader: the reader on a pseudo-terminal (`script`) with the sandbox at 300 ms per answer, process
///   start to the first screen's prompt: from the store (filled by one export) beside the network
///   (`--no-store`), median of `--reader-runs`, 5.
///
/// `--quick` writes 2,000 and 40,000 items and exports 40,000. The sandbox runs in this process; riffle runs
/// as a child process.
enum StoreBenchmark {
    static let usage =
        "usage: riffle-bench store [--only screen|write|reader] [--runs N] [--write-runs N] [--reader-runs N] "
        + "[--quick] [--keep]"
    static let sources = 20
    static let screenLines = 50
    static let screenGoal = 0.050
    static let writeGoal = 1.1
    static let readerLatency = 300

    typealias Bench = ExportBenchmark

    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let only = options.value("--only")
        let runs = options.int("--runs", default: 7)
        let writeRuns = options.int("--write-runs", default: 3)
        let readerRuns = options.int("--reader-runs", default: 5)
        guard only.map({ ["screen", "write", "reader"].contains($0) }) ?? true,
            [runs, writeRuns, readerRuns].allSatisfy({ (1...51).contains($0) })
        else {
            print(usage)
            exit(64)
        }
        let quick = arguments.contains("--quick")
        let context = try ExportContext.make()
        let keep = arguments.contains("--keep")
        defer { if !keep { context.removeAll() } }
        if keep { print("--keep: configs and stores stay in \(context.temporary)") }
        print(
            "riffle-bench store: release riffle at \(context.riffle); sandbox in-process on 127.0.0.1; "
                + "\(quick ? "--quick sizes" : "full sizes")")
        print("")
        var written: StoreFill.Written?
        if only == nil || only == "screen" {
            written = try await screen(context, sizes: quick ? [2_000, 40_000] : [10_000, 200_000], runs: runs)
            print("")
        }
        if only == nil || only == "write" {
            try await write(context, perSource: quick ? 2_000 : 10_000, runs: writeRuns, inProcess: written)
            print("")
        }
        if only == nil || only == "reader" {
            try await reader(context, runs: readerRuns)
        }
    }

    // MARK: - screen

    /// The offline first screen at each size; returns how the largest store was written.
    static func screen(_ context: ExportContext, sizes: [Int], runs: Int) async throws -> StoreFill.Written? {
        let names = (1...sources).map { "feed-\($0)" }
        // `--offline` asks no one: any valid config naming the stored sources (with their adapter type) works.
        let yaml = names.map { "  - {name: \($0), type: feed, url: \"http://127.0.0.1:9/\($0)\"}\n" }
        let config = try context.write("screen.yaml", "sources:\n" + yaml.joined())
        print(
            "store screen: \(sources) feed sources, the store written in this process (Store.beginRun / "
                + "SourceRun.commit, pages of \(StoreFill.pageSize), nothing dropped); "
                + "`riffle read --offline --limit \(screenLines)` into a pipe, process start to the "
                + "\(screenLines)th line, median of \(runs)")
        let version = try await medianRun(runs) {
            try await TimedChild.run(context.riffle, ["--version"], environment: context.environment) { _ in false }
        }
        print(
            "process start alone (`riffle --version` to its exit): \(milliseconds(version.wall)); "
                + "goal: ≤ \(milliseconds(screenGoal)) at \(Bench.grouped(sizes.last ?? 0)) items, and flat")
        print("")
        print(
            Bench.pad("items", 10) + Bench.pad("write", 9) + Bench.pad("items/s", 10) + Bench.pad("bytes/item", 12)
                + Bench.pad("50th line", 11) + Bench.pad("(min–max)", 22) + Bench.pad("exit", 9)
                + "in-process open + first \(screenLines)")
        var figures: [(items: Int, reached: Double)] = []
        var largest: StoreFill.Written?
        for size in sizes {
            let store = context.path("screen-\(size).sqlite")
            let written = try await StoreFill.fill(path: store, total: size, sources: names, type: "feed")
            largest = written
            let arguments = [
                "read", "--offline", "--config", config, "--store", store, "--limit", String(screenLines),
            ]
            var reached: [Double] = []
            var walls: [Double] = []
            var problems: Set<String> = []
            for _ in 0..<runs {
                let run = try await TimedChild.run(context.riffle, arguments, environment: context.environment) {
                    lineCount($0) >= screenLines
                }
                if let time = run.reached { reached.append(time) } else { problems.insert("no \(screenLines)th line") }
                walls.append(run.wall)
                if run.status.exitCode != 0 { problems.insert("riffle ended \(run.status)") }
            }
            var inProcess: [Double] = []
            for _ in 0..<3 {
                let read = try await StoreFill.firstScreen(path: store, sources: names, count: screenLines)
                inProcess.append(read.seconds)
                if read.items != screenLines { problems.insert("in-process read gave \(read.items) items") }
            }
            let line = median(reached)
            figures.append((size, line))
            print(
                Bench.pad(Bench.grouped(written.items), 10) + Bench.pad(Bench.format(written.seconds), 9)
                    + Bench.pad(Bench.grouped(Int(Double(written.items) / written.seconds)), 10)
                    + Bench.pad(String(written.bytes / max(1, written.items)), 12)
                    + Bench.pad(milliseconds(line), 11)
                    + Bench.pad(
                        "(\(milliseconds(reached.min() ?? .nan))–\(milliseconds(reached.max() ?? .nan)))", 22)
                    + Bench.pad(milliseconds(median(walls)), 9) + milliseconds(median(inProcess)))
            for problem in problems.sorted() { print("  \(problem)") }
        }
        if let small = figures.first, let large = figures.last, figures.count > 1 {
            let flat = large.reached / small.reached
            print("")
            print(
                "50th line at \(Bench.grouped(large.items)) ÷ at \(Bench.grouped(small.items)) items = "
                    + "\(Bench.ratio(flat))×; goal ≤ \(milliseconds(screenGoal)) at \(Bench.grouped(large.items)) "
                    + "and flat (≤ 1.25×): " + (large.reached <= screenGoal && flat <= 1.25 ? "met" : "NOT met"))
        }
        print(
            "write and items/s: the in-process fill (open, \(sources) runs, close); bytes/item: the file and its "
                + "-wal after closing; exit: riffle's whole run (median); in-process: a fresh Store.open and the "
                + "first \(screenLines) of the merged view (median of 3), no process start")
        return largest
    }

    // MARK: - write

    /// The export with and without the store, over the same sandbox items.
    static func write(_ context: ExportContext, perSource: Int, runs: Int, inProcess: StoreFill.Written?)
        async throws
    {
        let pageSize = 100
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: perSource))
        let url = "http://127.0.0.1:\(try await server.start())"
        do {
            try await write(context, server: server, url: url, perSource: perSource, pageSize: pageSize, runs: runs)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
        let total = perSource * sources
        let fill: StoreFill.Written
        if let inProcess {
            fill = inProcess
        } else {
            fill = try await StoreFill.fill(
                path: context.path("write-in-process.sqlite"), total: total,
                sources: (1...sources).map { "source-\($0)" }, type: "gitlab")
        }
        print(
            "in this process (Store.beginRun / SourceRun.commit, pages of \(StoreFill.pageSize), no export around it): "
                + "\(Bench.grouped(fill.items)) items in \(Bench.format(fill.seconds)) = "
                + "\(Bench.grouped(Int(Double(fill.items) / fill.seconds))) items/s, "
                + "\(fill.bytes / max(1, fill.items)) bytes/item")
    }

    static func write(
        _ context: ExportContext, server: SandboxServer, url: String, perSource: Int, pageSize: Int, runs: Int
    ) async throws {
        let config = try context.write(
            "write.yaml",
            SandboxSourceKind.config(
                SandboxSourceKind.scaleSet(sources), pageSize: pageSize, sandbox: url,
                token: SandboxOptions.defaultToken))
        print(
            "store write: `riffle export --format ndjson > file` over \(sources) sandbox sources × "
                + "\(Bench.grouped(perSource)) items (the export scale set, page_size \(pageSize), no latency), "
                + "`--store` (a new file each run) beside `--no-store`, in turn after one warm-up; median of \(runs)")
        _ = try await context.export(config, server: server, options: ["--no-store"])
        var without: [ExportMeasurement] = []
        var with: [ExportMeasurement] = []
        var stores: [(bytes: Int, items: Int)] = []
        for index in 0..<runs {
            without.append(try await context.export(config, server: server, options: ["--no-store"]))
            let store = context.path("write-\(index).sqlite")
            with.append(try await context.export(config, server: server, options: ["--store", store]))
            let bytes = StoreFill.fileBytes(store)
            let opened = try await SQLiteStore.open(at: store)
            let items = try await opened.summaries().reduce(0) { $0 + $1.itemCount }
            try opened.close()
            stores.append((bytes, items))
            if index + 1 < runs { removeStore(store) }
        }
        let plain = FaultsBenchmark.median(without)
        let stored = FaultsBenchmark.median(with)
        print("")
        print(
            Bench.pad("", 16) + Bench.pad("wall", 9) + Bench.pad("× no-store", 12) + Bench.pad("items", 10)
                + Bench.pad("CPU", 9) + Bench.pad("CPU/item", 10) + Bench.pad("peak RSS", 10) + "sandbox CPU")
        for (name, result) in [("--no-store", plain), ("--store", stored)] {
            print(
                Bench.pad(name, 16) + Bench.pad(Bench.format(result.run.wall), 9)
                    + Bench.pad(Bench.ratio(result.run.wall / plain.run.wall), 12)
                    + Bench.pad(Bench.grouped(result.items), 10) + Bench.pad(Bench.format(result.run.cpu), 9)
                    + Bench.pad(Bench.micro(result.run.cpu / Double(max(1, result.items))), 10)
                    + Bench.pad(Bench.megabytes(result.run.peakRSSBytes), 10) + Bench.format(result.sandboxCPU))
        }
        print("")
        print("walls: --no-store " + walls(without) + "; --store " + walls(with))
        for failed in without + with where !failed.run.succeeded {
            print("  a run exited \(failed.run.status): \(failed.run.stderr.prefix(400))")
        }
        let ratio = stored.run.wall / plain.run.wall
        let extra = stored.run.wall - plain.run.wall
        let items = stored.items
        print(
            "--store ÷ --no-store = \(Bench.ratio(ratio))×; goal ≤ \(Bench.ratio(writeGoal))×: "
                + (ratio <= writeGoal && stored.run.succeeded ? "met" : "NOT met"))
        print(
            "items written per second of extra wall: "
                + (extra > 0
                    ? "\(Bench.grouped(Int(Double(items) / extra))) (\(Bench.format(extra)) extra for "
                        + "\(Bench.grouped(items)) items)"
                    : "the store cost no wall time in this run (\(Bench.format(extra)))")
                + "; extra CPU \(Bench.micro((stored.run.cpu - plain.run.cpu) / Double(max(1, items)))) per item")
        let store = stores.sorted { $0.bytes < $1.bytes }[stores.count / 2]
        print(
            "store after the export: \(Bench.megabytes(store.bytes)) (file and -wal) for \(Bench.grouped(store.items)) "
                + "items stored = \(store.bytes / max(1, store.items)) bytes/item (median of \(stores.count))")
    }

    // MARK: - reader

    /// The reader's first screen on a pseudo-terminal, from the store and from the network.
    static func reader(_ context: ExportContext, runs: Int) async throws {
        let screen = try ReaderFirstScreen(context)
        let server = SandboxServer(
            options: SandboxOptions(latency: .milliseconds(readerLatency), itemsPerSource: 500))
        let url = "http://127.0.0.1:\(try await server.start())"
        do {
            try await reader(context, screen: screen, server: server, url: url, runs: runs)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    static func reader(
        _ context: ExportContext, screen: ReaderFirstScreen, server: SandboxServer, url: String, runs: Int
    ) async throws {
        let config = try context.write("reader.yaml", ReaderBenchmark.sandboxConfig(url: url, pageSize: 50))
        let store = context.path("reader.sqlite")
        let filled = try await context.export(config, server: server, options: ["--store", store])
        print(
            "store reader: `riffle read` on a pseudo-terminal (script -q -e -c, 100 × 20, stdin a pipe) over the "
                + "reader benchmark's 4 sandbox sources at \(readerLatency) ms per answer; process start to the "
                + "first screen's prompt (`1–19`), then q; median of \(runs), in turn; `a hung host` adds a fifth "
                + "source on a host that accepts and never answers (--no-store; goal: under 2 s)")
        print(
            "the store: one export before (\(Bench.grouped(filled.items)) items, \(Bench.format(filled.run.wall))); "
                + "baseline: the same reader with --no-store, which waits for each source's first answer")
        // A fifth source on a host that accepts and never answers (20 s a try, 4 tries): the screen comes
        // from the four that answer.
        let hung = try RawSocketServer(behaviour: .neverAnswer)
        defer { hung.stop() }
        let hungConfig = try context.write(
            "reader-hung.yaml",
            ReaderBenchmark.sandboxConfig(url: url, pageSize: 50)
                + SandboxSourceKind.articles.yaml(name: "news", sandbox: hung.baseURL))
        let modes = [
            ("from the store", ["read", "--config", config, "--store", store]),
            ("--no-store", ["read", "--config", config, "--no-store"]),
            ("a hung host", ["read", "--config", hungConfig, "--no-store"]),
        ]
        var times = [[Double]](repeating: [], count: modes.count)
        var problems: Set<String> = []
        for _ in 0..<runs {
            for (index, mode) in modes.enumerated() {
                let run = try await screen.measure(mode.1)
                if let reached = run.reached { times[index].append(reached) }
                if let problem = run.problem { problems.insert("\(mode.0): \(problem)") }
            }
        }
        print("")
        print(Bench.pad("", 16) + Bench.pad("first screen", 14) + "(min–max)")
        for (index, mode) in modes.enumerated() {
            print(
                Bench.pad(mode.0, 16) + Bench.pad(milliseconds(median(times[index])), 14)
                    + "(\(milliseconds(times[index].min() ?? .nan))–\(milliseconds(times[index].max() ?? .nan)))")
        }
        print(Bench.pad("one answer", 16) + milliseconds(Double(readerLatency) / 1000))
        for problem in problems.sorted() { print("  \(problem)") }
    }

    // MARK: - helpers

    /// Runs `body` `runs` times and returns the run of median wall time.
    static func medianRun(_ runs: Int, _ body: () async throws -> TimedChildRun) async throws -> TimedChildRun {
        var all: [TimedChildRun] = []
        for _ in 0..<runs { all.append(try await body()) }
        return all.sorted { $0.wall < $1.wall }[all.count / 2]
    }

    /// Newline bytes in `bytes`.
    @Sendable static func lineCount(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }

    static func walls(_ runs: [ExportMeasurement]) -> String {
        runs.map { Bench.format($0.run.wall) }.joined(separator: ", ")
    }

    static func milliseconds(_ seconds: Double) -> String {
        seconds.isNaN ? "-" : String(format: "%.1f ms", seconds * 1000)
    }

    /// Removes a store file and the files SQLite keeps beside it.
    static func removeStore(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
    }
}
