import Foundation
import Glibc
import RiffleSandbox

/// `riffle-bench feedrace [--latency-ms 200]`: riffle and newsboat over the same feeds on loopback —
/// the sandbox's RSS 2.0 feed (50 items) answering after `--latency-ms`, 6 and 24 feeds, on one origin
/// and spread over 6 origins (6 sandboxes on 6 ports) — first run (empty cache), and newsboat's second
/// run (conditional, with its cache). riffle's `riffle export` wall beside newsboat's `-x reload` at its
/// default `reload-threads 1` and with one thread per feed, and the ideal (one answer's latency, or for
/// one origin the per-origin limit's own: ⌈feeds ÷ 6⌉ answers). Reports; asserts nothing.
enum FeedRaceBenchmark {
    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let latency = options.int("--latency-ms", default: 200)
        let context = try ExportContext.make()
        defer { context.removeAll() }
        let newsboat = try? context.which("newsboat")
        if newsboat == nil { print("newsboat is not installed (apt-get install -y newsboat): riffle only") }
        var servers: [(server: SandboxServer, url: String)] = []
        for _ in 0..<6 {
            let server = SandboxServer(
                options: SandboxOptions(
                    latency: .milliseconds(latency), itemsPerSource: 60, includeHostileTitles: false))
            servers.append((server, "http://127.0.0.1:\(try await server.start())"))
        }
        defer { for (server, _) in servers { Task { await server.stop() } } }
        print("feedrace: RSS feeds of 50 items, \(latency) ms per answer; wall seconds (items read)")
        print(
            pad("case", 22) + pad("ideal", 8) + pad("riffle", 14) + pad("newsboat 1 thread", 20)
                + pad("newsboat N threads", 20) + "newsboat 2nd run (1 / N)")
        for (feeds, origins) in [(6, 1), (6, 6), (24, 1), (24, 6)] {
            let urls = (0..<feeds).map { index in "\(servers[index % origins].url)/feeds/rss.xml?feed=\(index)" }
            let perOrigin = (feeds + origins - 1) / origins
            let ideal = Double(latency) / 1000 * Double((perOrigin + 5) / 6)
            let riffle = try await riffleRun(context, urls: urls)
            var cells = [pad("\(feeds) feeds, \(origins) origin\(origins == 1 ? "" : "s")", 22), pad(format(ideal), 8)]
            cells.append(pad("\(format(riffle.wall)) (\(riffle.items))", 14))
            if let newsboat {
                let single = try await newsboatRuns(context, newsboat, urls: urls, threads: 1)
                let many = try await newsboatRuns(context, newsboat, urls: urls, threads: feeds)
                cells.append(pad("\(format(single.first)) (\(format(single.first / riffle.wall))×)", 20))
                cells.append(pad("\(format(many.first)) (\(format(many.first / riffle.wall))×)", 20))
                cells.append("\(format(single.second)) / \(format(many.second))")
            }
            print(cells.joined())
        }
        print("(×: newsboat's wall over riffle's; riffle's second run is not conditional without a store)")
    }

    /// `riffle export` over one feed source per URL.
    static func riffleRun(_ context: ExportContext, urls: [String]) async throws -> (wall: Double, items: Int) {
        let config =
            "defaults: {timeout: 20s, retries: 0}\nsources:\n"
            + urls.enumerated().map { "  - {name: f\($0.offset), type: feed, url: \"\($0.element)\"}\n" }.joined()
        let path = try context.write("feedrace.yaml", config)
        let output = context.path("feedrace.ndjson")
        let run = try await ExportChild.run(
            context.riffle, ["export", "--config", path, "--format", "ndjson"], environment: context.environment,
            stdoutPath: output)
        let items = ExportChild.lineCount(output)
        unlink(output)
        guard run.succeeded else { throw ExportBenchError("riffle export failed: \(run.stderr.prefix(400))") }
        return (run.wall, items)
    }

    /// `newsboat -x reload` twice over a fresh cache: the first run, then the conditional second.
    static func newsboatRuns(_ context: ExportContext, _ newsboat: String, urls: [String], threads: Int)
        async throws -> (first: Double, second: Double)
    {
        let directory = try context.directory("newsboat-\(urls.count)-\(threads)-\(UUID().uuidString.prefix(6))")
        let urlFile = try context.write(
            String(directory.dropFirst(context.temporary.count + 1)) + "/urls", urls.joined(separator: "\n") + "\n")
        let configFile = try context.write(
            String(directory.dropFirst(context.temporary.count + 1)) + "/config", "reload-threads \(threads)\n")
        let arguments = ["-u", urlFile, "-c", directory + "/cache.db", "-C", configFile, "-x", "reload"]
        var walls: [Double] = []
        for _ in 0..<2 {
            let run = try await ExportChild.run(
                newsboat, arguments, environment: context.environment, stdoutPath: directory + "/out")
            guard run.succeeded else { throw ExportBenchError("newsboat failed: \(run.stderr.prefix(400))") }
            walls.append(run.wall)
        }
        return (walls[0], walls[1])
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
