import Foundation
import Glibc
import RiffleCore
import RiffleHTTP
import RiffleSandbox
import RiffleTestSupport

/// `riffle-bench thousand [--sources 1000] [--pages 3] [--page-size 10] [--latency-ms 100] [--origins 8]
/// [--runs 1] [--only no-store|store] [--riffle PATH]`: the release `riffle export` over a thousand sandbox sources, each of
/// `--pages` pages, every answer after `--latency-ms`.
///
/// The sources cycle through every kind the sandbox serves (gitlab × 2, spacex, graphql × 4: cursor,
/// edges, offset) and are spread in turn over `--origins` in-process sandboxes on 127.0.0.1, one port
/// each (a port is an origin of its own). The baseline is the ideal that riffle's connection limits
/// allow (`HTTPClient.Configuration`: `maxInFlight` in all, `maxPerOrigin` per origin): the largest of the
/// total limit's rounds ⌈requests ÷ maxInFlight⌉, the busiest origin's rounds ⌈its requests ÷
/// maxPerOrigin⌉ and one source's pages in a row, each times the latency. Beside the wall time it prints
/// riffle's peak RSS (rusage of the child), items, requests, and the requests in flight over time as the
/// sandboxes saw them arrive. `--riffle` measures another build of riffle (an older one, to compare).
/// Reports; asserts nothing.
enum ThousandBenchmark {
    struct Shape {
        var sources = 1000
        var pages = 3
        var pageSize = 10
        var latency = 100
        var origins = 8

        /// Items per source: full pages, then a short last one (so offset paging ends on it too).
        var itemsPerSource: Int { pageSize * (pages - 1) + max(1, pageSize / 2) }
        var requests: Int { sources * pages }
    }

    static let usage =
        "usage: riffle-bench thousand [--sources N] [--pages N] [--page-size N] [--latency-ms N] [--origins N] "
        + "[--runs N] [--only no-store|store] [--riffle PATH]"

    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        var shape = Shape()
        shape.sources = max(1, options.int("--sources", default: shape.sources))
        shape.pages = max(1, options.int("--pages", default: shape.pages))
        shape.pageSize = max(2, options.int("--page-size", default: shape.pageSize))
        shape.latency = max(1, options.int("--latency-ms", default: shape.latency))
        shape.origins = max(1, options.int("--origins", default: shape.origins))
        let runs = max(1, options.int("--runs", default: 1))
        let only = options.value("--only")
        if let only, !["no-store", "store"].contains(only) {
            print(usage)
            exit(64)
        }
        let context = try ExportContext.make()
        defer { context.removeAll() }
        let riffle = options.value("--riffle") ?? context.riffle

        var servers: [(server: SandboxServer, url: String)] = []
        for _ in 0..<shape.origins {
            let server = SandboxServer(
                options: SandboxOptions(
                    latency: .milliseconds(shape.latency), itemsPerSource: shape.itemsPerSource,
                    includeHostileTitles: false))
            servers.append((server, "http://127.0.0.1:\(try await server.start())"))
        }
        let config = try context.write("thousand.yaml", configText(shape, urls: servers.map { $0.url }))

        let limits = HTTPClient.Configuration()
        let ideal = idealSeconds(shape, maxInFlight: limits.maxInFlight, maxPerOrigin: limits.maxPerOrigin)
        print(
            "thousand: \(shape.sources) sandbox sources × \(shape.pages) pages of \(shape.pageSize) "
                + "(\(shape.itemsPerSource) items each), \(shape.latency) ms per answer, spread over "
                + "\(shape.origins) origins (127.0.0.1, one port each); kinds in turn: "
                + SandboxSourceKind.allCases.map(\.shortName).joined(separator: ", "))
        print("riffle: \(riffle)")
        print(ideal.explanation)
        print("")
        print(
            pad("", 22) + pad("wall s", 9) + pad("× ideal", 9) + pad("peak RSS", 11) + pad("items", 8)
                + pad("requests", 10) + pad("CPU riffle/sandbox", 20) + pad("first/last req", 16)
                + "in flight (median, p10)")
        print(pad("ideal", 22) + pad(format(ideal.seconds), 9) + "1.00")
        let cases: [(name: String, store: Bool)] = [("export --no-store", false), ("export --store (new)", true)]
        for (name, store) in cases where only == nil || only == (store ? "store" : "no-store") {
            var measured: [(run: ExportChildRun, items: Int, bytes: Int, arrivals: [Double], sandboxCPU: Double)] = []
            for _ in 0..<runs {
                let storePath = context.path("thousand.sqlite")
                for suffix in ["", "-wal", "-shm"] { unlink(storePath + suffix) }
                for (server, _) in servers { server.resetRecord() }
                let output = context.path("thousand.ndjson")
                let started = ContinuousClock.now
                let cpuBefore = processCPUSeconds()
                let run = try await ExportChild.run(
                    riffle,
                    ["export", "--config", config, "--format", "ndjson"]
                        + (store ? ["--store", storePath] : ["--no-store"]),
                    environment: context.environment, stdoutPath: output)
                let sandboxCPU = processCPUSeconds() - cpuBefore
                let items = ExportChild.lineCount(output)
                var status = stat()
                let outputBytes = stat(output, &status) == 0 ? Int(status.st_size) : 0
                unlink(output)
                let arrivals = servers.flatMap { $0.server.requests() }.map { ($0.arrival - started).seconds }.sorted()
                guard run.status == 0 || run.status == 2 else {
                    throw ExportBenchError("riffle export failed (\(run.status)): \(run.stderr.prefix(400))")
                }
                measured.append((run, items, outputBytes, arrivals, sandboxCPU))
            }
            let result = measured.sorted { $0.run.wall < $1.run.wall }[measured.count / 2]
            let flight = inFlight(result.arrivals, latency: Double(shape.latency) / 1000)
            print(
                pad(name, 22) + pad(format(result.run.wall), 9) + pad(format(result.run.wall / ideal.seconds), 9)
                    + pad(ExportBenchmark.megabytes(result.run.peakRSSBytes), 11) + pad(String(result.items), 8)
                    + pad(String(result.arrivals.count), 10)
                    + pad("\(format(result.run.cpu)) / \(format(result.sandboxCPU)) s", 20)
                    + pad("\(format(result.arrivals.first ?? .nan)) / \(format(result.arrivals.last ?? .nan)) s", 16)
                    + "\(flight.median), \(flight.p10) over \(format(flight.span)) s")
            if result.run.status != 0 {
                print(
                    "  exit \(result.run.status): \(result.run.stderr.split(separator: "\n").prefix(3).joined(separator: " | "))"
                )
            }
            print(
                "  output \(ExportBenchmark.megabytes(result.bytes)), \(result.bytes / max(result.items, 1)) bytes per item "
                    + "(each item's cursor token included)")
            if runs > 1 {
                print("  median of \(runs): " + measured.map { format($0.run.wall) }.joined(separator: ", "))
            }
            print("  in flight per 0.5 s: " + timeline(result.arrivals, latency: Double(shape.latency) / 1000))
        }
        print("")
        print(
            "(first/last req: seconds from spawn to the first request the sandboxes saw — start-up — and to the "
                + "last; CPU: riffle's, and this process's (the sandboxes') during the run; in flight: requests "
                + "the sandboxes held, sampled every 10 ms between the first and the last arrival; goal: wall ≤ 1.3× "
                + "ideal, peak RSS ≤ 200 MB)")
        for (server, _) in servers { await server.stop() }
    }

    /// The configuration: `shape.sources` sources cycling through every sandbox kind, source `i` on origin
    /// `i % origins`.
    static func configText(_ shape: Shape, urls: [String]) -> String {
        var text = """
            defaults:
              page_size: \(shape.pageSize)
              timeout: 60s
              retries: 0
            sources:

            """
        let kinds = SandboxSourceKind.allCases
        for index in 0..<shape.sources {
            let kind = kinds[index % kinds.count]
            text += kind.yaml(
                name: "\(kind.shortName)-\(index)", sandbox: urls[index % urls.count],
                token: SandboxOptions.defaultToken)
        }
        return text
    }

    /// The ideal wall time under the limits, and how it follows from them.
    static func idealSeconds(_ shape: Shape, maxInFlight: Int, maxPerOrigin: Int) -> (
        seconds: Double, explanation: String
    ) {
        let latency = Double(shape.latency) / 1000
        let total = (shape.requests + maxInFlight - 1) / maxInFlight
        let busiest = (shape.sources + shape.origins - 1) / shape.origins * shape.pages
        let perOrigin = (busiest + maxPerOrigin - 1) / maxPerOrigin
        let rounds = max(total, perOrigin, shape.pages)
        let explanation =
            "ideal = latency × max(⌈\(shape.requests) requests ÷ \(maxInFlight) in flight⌉ = \(total), "
            + "⌈\(busiest) requests on the busiest origin ÷ \(maxPerOrigin) per origin⌉ = \(perOrigin), "
            + "\(shape.pages) pages in a row) = \(rounds) × \(shape.latency) ms = \(format(Double(rounds) * latency)) s"
        return (Double(rounds) * latency, explanation)
    }

    /// Requests in flight at the sandboxes (each held for `latency` after it arrived), sampled every 10 ms
    /// from the first arrival to the last: the median and the 10th percentile, and the span sampled.
    static func inFlight(_ arrivals: [Double], latency: Double) -> (median: Int, p10: Int, span: Double) {
        guard let first = arrivals.first, let last = arrivals.last, last > first else { return (0, 0, 0) }
        var samples: [Int] = []
        var time = first
        while time <= last {
            samples.append(held(arrivals, at: time, latency: latency))
            time += 0.01
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count / 10], last - first)
    }

    /// One figure per half second from spawn: the mean number of requests in flight in that half second.
    static func timeline(_ arrivals: [Double], latency: Double) -> String {
        guard let last = arrivals.last else { return "-" }
        var cells: [String] = []
        var start = 0.0
        while start <= last + latency {
            var sum = 0
            for step in 0..<50 { sum += held(arrivals, at: start + Double(step) * 0.01, latency: latency) }
            cells.append(String(sum / 50))
            start += 0.5
        }
        return cells.joined(separator: " ")
    }

    /// Requests that arrived in `(time - latency, time]`: those the sandboxes were holding at `time`.
    static func held(_ arrivals: [Double], at time: Double, latency: Double) -> Int {
        lowerBound(arrivals, above: time) - lowerBound(arrivals, above: time - latency)
    }

    /// The index of the first arrival after `value` (arrivals sorted).
    static func lowerBound(_ arrivals: [Double], above value: Double) -> Int {
        var low = 0
        var high = arrivals.count
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
