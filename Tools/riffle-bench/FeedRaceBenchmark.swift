import Foundation
import Glibc
import RiffleCore
import RiffleSandbox

/// `riffle-bench feedrace [--latency-ms 200] [--runs 3] [--only 6x1,6x6,24x1,24x6] [--reader 24x6|all|none]
/// [--no-newsboat] [--riffle PATH]`: riffle and newsboat over the same feeds on loopback — the sandbox's RSS
/// 2.0 feed (50 items) answering after `--latency-ms`, 6 and 24 feeds, on one origin and spread over 6
/// origins (6 sandboxes on 6 ports).
///
/// riffle's `riffle export -v` three ways, in turn, `--runs` times: `--no-store`; a first run with a new store
/// (`--store`, a new file each time); and a second run on that same store, whose requests are conditional
/// (`If-None-Match`, `If-Modified-Since`) and answered `304` — counted on the sandboxes' side and in riffle's
/// request log. Walls (median, min–max), riffle's CPU, and the ratios to the ideal (one answer's latency, or
/// for one origin the per-origin limit's own: ⌈feeds ÷ 6⌉ answers) and to newsboat's `-x reload`, at its
/// default `reload-threads 1` and with one thread per feed, first run (empty cache) and second (conditional).
/// With `--reader`, also the reader's first screen on a pseudo-terminal (``ReaderFirstScreen``): without a
/// store, with a new store, and on the second run (the store an export filled). Reports; asserts nothing.
enum FeedRaceBenchmark {
    static let usage =
        "usage: riffle-bench feedrace [--latency-ms 200] [--runs 3] [--only 6x1,6x6,24x1,24x6] "
        + "[--reader 24x6|all|none] [--no-newsboat] [--riffle PATH]"
    static let origins = 6
    static let perOriginLimit = 6
    static let idealGoal = 1.3

    typealias Bench = ExportBenchmark

    /// One race: `feeds` feeds spread round-robin over `origins` sandboxes.
    struct Race {
        var feeds: Int
        var origins: Int
        var name: String { "\(feeds)x\(origins)" }
        var title: String { "\(feeds) feeds, \(Counted(origins, "origin"))" }

        /// One answer's latency per round of the per-origin limit on the busiest origin.
        func ideal(latency: Double) -> Double {
            let perOrigin = (feeds + origins - 1) / origins
            return latency * Double((perOrigin + perOriginLimit - 1) / perOriginLimit)
        }
    }

    /// One `riffle export` run and what the sandboxes saw of it.
    struct RiffleRun {
        var run: ExportChildRun
        var items: Int
        var requests: Int
        /// Requests that carried `If-None-Match` / `If-Modified-Since`.
        var ifNoneMatch: Int
        var ifModifiedSince: Int
        /// `304` answers in riffle's request log (`-v`).
        var notModified: Int
        /// CPU seconds the sandboxes (this process) spent during the run: they make each answer after its
        /// latency, on the same two cores riffle parses on.
        var sandboxCPU: Double
        /// Seconds from riffle's start to the first and to the last request's arrival at a sandbox (the
        /// start is the bench's return less the measured wall: within a millisecond or so).
        var firstArrival: Double
        var lastArrival: Double
    }

    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let latency = Double(options.int("--latency-ms", default: 200)) / 1000
        let runs = options.int("--runs", default: 3)
        let all = [
            Race(feeds: 6, origins: 1), Race(feeds: 6, origins: 6), Race(feeds: 24, origins: 1),
            Race(feeds: 24, origins: 6),
        ]
        let only = options.value("--only").map { $0.split(separator: ",").map(String.init) }
        let races = all.filter { only?.contains($0.name) ?? true }
        let readerChoice = options.value("--reader") ?? "24x6"
        guard (1...51).contains(runs), !races.isEmpty,
            readerChoice == "all" || readerChoice == "none" || all.contains(where: { $0.name == readerChoice })
        else {
            print(usage)
            exit(64)
        }
        let context = try ExportContext.make()
        defer { context.removeAll() }
        let riffle = options.value("--riffle") ?? context.riffle
        let screen = readerChoice == "none" ? nil : try ReaderFirstScreen(context)
        var newsboat = arguments.contains("--no-newsboat") ? nil : try? context.which("newsboat")
        if newsboat == nil, !arguments.contains("--no-newsboat") {
            print("newsboat is not installed (apt-get install -y newsboat): riffle only")
            newsboat = nil
        }
        var servers: [(server: SandboxServer, url: String)] = []
        for _ in 0..<origins {
            let server = SandboxServer(
                options: SandboxOptions(
                    latency: .milliseconds(Int(latency * 1000)), itemsPerSource: 60, includeHostileTitles: false))
            servers.append((server, "http://127.0.0.1:\(try await server.start())"))
        }
        defer { for (server, _) in servers { Task { await server.stop() } } }
        print(
            "feedrace: RSS feeds of 50 items, \(Int(latency * 1000)) ms per answer, \(origins) sandboxes in this "
                + "process; riffle: \(riffle)")
        print(
            "riffle `export -v` --no-store, then a first run with a new store and a second (conditional) run on it, "
                + "in turn, \(Counted(runs, "time")); wall: median (min–max) seconds; CPU: riffle's, median")
        for race in races {
            let urls = (0..<race.feeds).map { index in
                "\(servers[index % race.origins].url)/feeds/rss.xml?feed=\(index)"
            }
            let config = try context.write(
                "feedrace-\(race.name).yaml",
                "defaults: {timeout: 20s, retries: 0}\nsources:\n"
                    + urls.enumerated().map { "  - {name: f\($0.offset), type: feed, url: \"\($0.element)\"}\n" }
                    .joined())
            var noStore: [RiffleRun] = []
            var first: [RiffleRun] = []
            var second: [RiffleRun] = []
            var filled = ""
            for index in 0..<runs {
                noStore.append(try await riffleRun(context, riffle, config, ["--no-store"], servers: servers))
                filled = context.path("feedrace-\(race.name)-\(index).sqlite")
                first.append(try await riffleRun(context, riffle, config, ["--store", filled], servers: servers))
                second.append(try await riffleRun(context, riffle, config, ["--store", filled], servers: servers))
            }
            let ideal = race.ideal(latency: latency)
            print("")
            print("\(race.title): ideal \(format(ideal)) s")
            let columns: [(String, Int)] = [
                ("", 26), ("wall (min–max)", 20), ("× ideal", 9), ("CPU", 7), ("items", 7), ("requests", 10),
                ("If-None-Match", 15), ("If-Modified-Since", 19), ("304", 5), ("sandbox CPU", 13),
                ("1st / last request, after the last answer", 0),
            ]
            func line(_ cells: [String]) -> String {
                zip(cells, columns).map { Bench.pad($0, $1.1) }.joined()
            }
            print(line(columns.map(\.0)))
            let rows = [
                ("riffle --no-store", noStore), ("riffle 1st, new store", first), ("riffle 2nd, same store", second),
            ]
            for (name, measured) in rows {
                let middle = medianRun(measured)
                let walls = measured.map(\.run.wall)
                let spread = "\(format(walls.min() ?? .nan))–\(format(walls.max() ?? .nan))"
                let arrivals =
                    "\(format(median(measured.map(\.firstArrival)))) / \(format(median(measured.map(\.lastArrival))))"
                let after = median(measured.map { $0.run.wall - $0.lastArrival - latency })
                let cells: [String] = [
                    name, "\(format(middle.run.wall)) (\(spread))", format(middle.run.wall / ideal),
                    format(median(measured.map(\.run.cpu))), String(middle.items), String(middle.requests),
                    String(middle.ifNoneMatch), String(middle.ifModifiedSince), String(middle.notModified),
                    format(median(measured.map(\.sandboxCPU))), "\(arrivals), \(format(after))",
                ]
                print(line(cells))
                for failed in measured where !failed.run.succeeded {
                    print("  a run exited \(failed.run.status): \(failed.run.stderr.prefix(300))")
                }
            }
            let riffleFirst = median(noStore.map(\.run.wall))
            let riffleStored = median(first.map(\.run.wall))
            let riffleSecond = median(second.map(\.run.wall))
            var newsboatFirst: [Double] = []
            if let newsboat {
                for threads in [1, race.feeds] {
                    let walls = try await newsboatRuns(context, newsboat, urls: urls, threads: threads)
                    newsboatFirst.append(walls.first.wall)
                    print(
                        Bench.pad("newsboat, \(Counted(threads, "thread"))", 26)
                            + "1st \(format(walls.first.wall)) (CPU \(format(walls.first.cpu))), 2nd "
                            + "\(format(walls.second.wall)) (CPU \(format(walls.second.cpu))); ÷ riffle: 1st "
                            + "\(format(walls.first.wall / riffleFirst))× (--no-store) "
                            + "\(format(walls.first.wall / riffleStored))× (new store), 2nd "
                            + "\(format(walls.second.wall / riffleSecond))×")
                }
            }
            let cheaper =
                riffleSecond < riffleStored && median(second.map(\.run.cpu)) < median(first.map(\.run.cpu))
            let conditional = second.allSatisfy {
                $0.notModified == race.feeds && $0.ifNoneMatch == race.feeds && $0.ifModifiedSince == race.feeds
            }
            print(
                "second run cheaper than the first (wall and CPU): \(cheaper ? "yes" : "NO"); every request of every "
                    + "second run conditional and answered 304: \(conditional ? "yes" : "NO")")
            print(
                "riffle ÷ ideal: \(format(riffleFirst / ideal)) (--no-store), \(format(riffleStored / ideal)) (new "
                    + "store); goal ≤ \(format(idealGoal)): "
                    + (max(riffleFirst, riffleStored) <= idealGoal * ideal ? "met" : "NOT met"))
            if race.feeds == 24, race.origins == origins, let best = newsboatFirst.min() {
                let slowest = max(riffleFirst, riffleStored)
                print(
                    "newsboat's default ÷ riffle ≥ 20: \(format(newsboatFirst[0] / slowest)) "
                        + (newsboatFirst[0] / slowest >= 20 ? "met" : "NOT met")
                        + "; newsboat's best ÷ riffle ≥ 1.6: \(format(best / slowest)) "
                        + (best / slowest >= 1.6 ? "met" : "NOT met") + " (riffle's slower first run)")
            }
            if let screen, readerChoice == "all" || readerChoice == race.name {
                try await reader(screen, riffle, config, filled: filled, runs: runs, latency: latency)
            }
        }
    }

    /// `riffle export -v --format ndjson` with `options`, the sandboxes' record reset before and read after.
    static func riffleRun(
        _ context: ExportContext, _ riffle: String, _ config: String, _ options: [String],
        servers: [(server: SandboxServer, url: String)]
    ) async throws -> RiffleRun {
        for (server, _) in servers { server.resetRecord() }
        let output = context.path("feedrace.ndjson")
        let cpuBefore = processCPUSeconds()
        let run = try await ExportChild.run(
            riffle, ["export", "-v", "--config", config, "--format", "ndjson"] + options,
            environment: context.environment, stdoutPath: output)
        let started = ContinuousClock.now - .nanoseconds(Int64(run.wall * 1e9))
        let items = ExportChild.lineCount(output)
        unlink(output)
        let requests = servers.flatMap { $0.server.requests() }
        let arrivals = requests.map { ($0.arrival - started).seconds }
        return RiffleRun(
            run: run, items: items, requests: requests.count,
            ifNoneMatch: requests.filter { $0.headers["if-none-match"] != nil }.count,
            ifModifiedSince: requests.filter { $0.headers["if-modified-since"] != nil }.count,
            notModified: run.stderr.split(separator: "\n").filter { $0.contains(" → 304,") }.count,
            sandboxCPU: processCPUSeconds() - cpuBefore, firstArrival: arrivals.min() ?? .nan,
            lastArrival: arrivals.max() ?? .nan)
    }

    /// The reader's first screen: without a store, with a new store, and on the second run (`filled`, the
    /// store of the last export runs), in turn.
    static func reader(
        _ screen: ReaderFirstScreen, _ riffle: String, _ config: String, filled: String, runs: Int, latency: Double
    ) async throws {
        let modes: [(String, (Int) -> [String])] = [
            ("--no-store", { _ in ["--no-store"] }),
            ("1st, new store", { ["--store", screen.context.path("feedrace-reader-\($0).sqlite")] }),
            ("2nd, store filled", { _ in ["--store", filled] }),
        ]
        var times = [[Double]](repeating: [], count: modes.count)
        var problems: Set<String> = []
        for index in 0..<runs {
            for (mode, (name, store)) in modes.enumerated() {
                let run = try await screen.measure(["read", "--config", config] + store(index), executable: riffle)
                if let reached = run.reached { times[mode].append(reached) }
                if let problem = run.problem { problems.insert("\(name): \(problem)") }
            }
        }
        print(
            "reader's first screen (`riffle read` on a pseudo-terminal, \(ReaderFirstScreen.columns) × "
                + "\(ReaderFirstScreen.lines), process start to the prompt; median (min–max) of \(runs)):")
        for (mode, (name, _)) in modes.enumerated() {
            print(
                "  " + Bench.pad(name, 20) + "\(format(median(times[mode]))) (\(format(times[mode].min() ?? .nan))–"
                    + "\(format(times[mode].max() ?? .nan))) = \(format(median(times[mode]) / latency)) answers")
        }
        for problem in problems.sorted() { print("  \(problem)") }
    }

    /// `newsboat -x reload` twice over a fresh cache: the first run, then the conditional second.
    static func newsboatRuns(_ context: ExportContext, _ newsboat: String, urls: [String], threads: Int)
        async throws -> (first: ExportChildRun, second: ExportChildRun)
    {
        let directory = try context.directory("newsboat-\(urls.count)-\(threads)-\(UUID().uuidString.prefix(6))")
        let urlFile = try context.write(
            String(directory.dropFirst(context.temporary.count + 1)) + "/urls", urls.joined(separator: "\n") + "\n")
        let configFile = try context.write(
            String(directory.dropFirst(context.temporary.count + 1)) + "/config", "reload-threads \(threads)\n")
        let arguments = ["-u", urlFile, "-c", directory + "/cache.db", "-C", configFile, "-x", "reload"]
        var measured: [ExportChildRun] = []
        for _ in 0..<2 {
            let run = try await ExportChild.run(
                newsboat, arguments, environment: context.environment, stdoutPath: directory + "/out")
            guard run.succeeded else { throw ExportBenchError("newsboat failed: \(run.stderr.prefix(400))") }
            measured.append(run)
        }
        return (measured[0], measured[1])
    }

    /// The run of median wall time.
    static func medianRun(_ runs: [RiffleRun]) -> RiffleRun {
        runs.sorted { $0.run.wall < $1.run.wall }[runs.count / 2]
    }

    static func format(_ value: Double) -> String { value.isNaN ? "-" : String(format: "%.2f", value) }
}
