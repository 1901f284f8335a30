import Foundation
import Glibc
import RiffleCore
import RiffleSandbox
import RiffleTestSupport

/// `riffle-bench export [--only limit|scale|cost] [--quick] [--runs N] [--old PATH] [--keep]`: the release
/// `riffle export` against the sandbox, each figure beside its baseline. `--quick` uses 2,000 instead of
/// 10,000 items per source in scale and cost and one measured limit run; `--keep` keeps the generated
/// configs.
///
/// - limit: six sources × 5 pages at 200 ms per request; riffle's wall time against the critical path
///   (one source's 5 pages in a row) and against `scripts/baseline-curl-jq.sh` fetching the same pages
///   one after another.
/// - scale: 50,000 and 200,000 items at no latency; items/s and riffle's peak RSS at both sizes.
/// - cost: riffle's CPU per item against `jq -c` re-emitting the items of the same raw pages, for large
///   and for small items (see ``ExportCostBenchmark``); `--old PATH` runs another riffle build in turn
///   with this one, and `--runs N` (with `--only cost`) takes the median of N runs of each.
///
/// The sandbox runs in this process; riffle, the script and jq run as child processes, each measured
/// alone through `wait4` (see ``ExportChild``), so the sandbox's CPU is never counted.
enum ExportBenchmark {
    static func run(_ arguments: [String]) async throws {
        if arguments.first == "--measure" { ExportChild.measureMain(arguments) }
        if arguments.first == "--fetch" {
            try await ExportFetchFloor.fetchMain(arguments)
            return
        }
        let options = BenchOptions(arguments)
        let only = options.value("--only")
        if let only, !["limit", "scale", "cost"].contains(only) {
            print("usage: riffle-bench export [--only limit|scale|cost] [--quick] [--runs N] [--old PATH] [--keep]")
            exit(64)
        }
        let quick = arguments.contains("--quick")
        let context = try ExportContext.make()
        let keep = arguments.contains("--keep")
        defer { if !keep { context.removeAll() } }
        if keep { print("--keep: configs stay in \(context.temporary)") }
        print(
            "riffle-bench export: release riffle at \(context.riffle); sandbox in-process on 127.0.0.1; "
                + "\(quick ? "--quick sizes" : "full sizes")")
        print("")
        if only == nil || only == "limit" {
            try await limit(context, runs: max(1, options.int("--runs", default: quick ? 1 : 3)))
            print("")
        }
        if only == "cost" {
            let scale = try await scale(context, quick: quick, sizes: 1, printTable: false)
            try await ExportCostBenchmark.run(
                context, large: scale[0], old: options.value("--old"), runs: max(1, options.int("--runs", default: 1)),
                quick: quick)
        } else if only == nil || only == "scale" {
            let scale = try await scale(context, quick: quick, sizes: 2, printTable: true)
            if only == nil {
                print("")
                try await ExportCostBenchmark.run(
                    context, large: scale[0], old: options.value("--old"), runs: 1, quick: quick)
            }
        }
        if let running = context.scaleServer { await running.server.stop() }
    }

    // MARK: - limit

    static let limitItems = 100
    static let limitPageSize = 21
    static let limitLatency = 200

    static func limit(_ context: ExportContext, runs: Int) async throws {
        let server = SandboxServer(
            options: SandboxOptions(latency: .milliseconds(limitLatency), itemsPerSource: limitItems))
        let url = "http://127.0.0.1:\(try await server.start())"
        do {
            let sources = SandboxSourceKind.limitSet.map { (kind: $0, name: $0.shortName) }
            let config = try context.write(
                "limit.yaml",
                SandboxSourceKind.config(
                    sources, pageSize: limitPageSize, sandbox: url, token: SandboxOptions.defaultToken))
            var pages: [Int] = []
            var left = limitItems
            while left > 0 {
                pages.append(min(left, limitPageSize))
                left -= limitPageSize
            }
            let critical = Double(pages.count * limitLatency) / 1000
            print(
                "export limit: \(sources.count) sandbox sources × \(pages.count) pages, \(limitLatency) ms per request "
                    + "(sandbox latency), \(limitItems) items per source, page_size \(limitPageSize) "
                    + "(pages of \(pages.map(String.init).joined(separator: ", ")))")
            print("sources: " + SandboxSourceKind.limitSet.map(\.rawValue).joined(separator: ", "))
            print(
                "critical path = one source's \(pages.count) pages in a row = \(pages.count) × \(limitLatency) ms "
                    + "= \(format(critical))")
            print("baseline: scripts/baseline-curl-jq.sh — curl POSTs every page one after another, jq re-emits items")

            // One warm-up run (page cache, first connection), then the measured ones.
            _ = try await context.export(config, server: server)
            var measured: [ExportMeasurement] = []
            for _ in 0..<runs { measured.append(try await context.export(config, server: server)) }
            let riffle = measured.sorted { $0.run.wall < $1.run.wall }[measured.count / 2]
            let baseline = try await context.baseline(url: url, pageSize: limitPageSize, server: server)
            // The chain this server really allows: each source exported alone (its pages one after another,
            // through the same riffle and sandbox, start-up included); the slowest of them.
            var alone: [(name: String, wall: Double)] = []
            for source in sources {
                let single = try context.write(
                    "limit-\(source.name).yaml",
                    SandboxSourceKind.config(
                        [source], pageSize: limitPageSize, sandbox: url, token: SandboxOptions.defaultToken))
                alone.append((source.name, try await context.export(single, server: server).run.wall))
            }
            let chain = alone.map(\.wall).max() ?? critical

            print("")
            print(pad("", 16) + pad("wall", 10) + pad("× critical", 12) + pad("requests", 10) + pad("items", 8) + "CPU")
            print(pad("critical path", 16) + pad(format(critical), 10) + pad("1.00", 12))
            print(pad("slowest alone", 16) + pad(format(chain), 10) + pad(ratio(chain / critical), 12))
            for (name, result) in [("riffle export", riffle), ("curl + jq", baseline)] {
                print(
                    pad(name, 16) + pad(format(result.run.wall), 10) + pad(ratio(result.run.wall / critical), 12)
                        + pad(String(result.requests), 10) + pad(String(result.items), 8) + format(result.run.cpu))
            }
            print("")
            if runs > 1 {
                print(
                    "riffle: median of \(runs) runs after one warm-up ("
                        + measured.map { format($0.run.wall) }.joined(separator: ", ") + ")")
            }
            let expected = sources.count * pages.count
            print(
                "requests the sandbox saw: riffle \(riffle.requests), curl + jq \(baseline.requests) "
                    + "(expected \(expected): \(riffle.requests == expected && baseline.requests == expected ? "same pages" : "MISMATCH"))"
            )
            print(
                "each source alone: " + alone.map { "\($0.name) \(format($0.wall))" }.joined(separator: ", ")
                    + " — the measured chain (server time per request included) is \(format(chain))")
            print(
                "riffle vs curl + jq: \(ratio(baseline.run.wall / riffle.run.wall))× faster; goal riffle ≤ 1.20× critical path: "
                    + (riffle.run.wall <= 1.2 * critical && riffle.run.succeeded ? "met" : "NOT met")
                    + "; riffle ÷ measured chain = \(ratio(riffle.run.wall / chain))")
            for failed in [riffle, baseline] where !failed.run.succeeded {
                print("  a run exited \(failed.run.status): \(failed.run.stderr.prefix(400))")
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    // MARK: - scale

    static func scale(_ context: ExportContext, quick: Bool, sizes: Int, printTable: Bool) async throws
        -> [ExportMeasurement]
    {
        let perSource = quick ? 2_000 : 10_000
        let sourceCounts = Array([5, 20].prefix(sizes))
        let pageSize = 100
        let started = ContinuousClock.now
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: perSource))
        let url = "http://127.0.0.1:\(try await server.start())"
        var results: [ExportMeasurement] = []
        do {
            if printTable {
                print(
                    "export scale: sandbox at no latency, \(grouped(perSource)) items per source, page_size \(pageSize) "
                        + "(the sandbox's and adapters' largest); sources cycle through the \(SandboxSourceKind.allCases.count) "
                        + "kinds under distinct names")
                print("kinds: " + SandboxSourceKind.allCases.map(\.rawValue).joined(separator: ", "))
                print(
                    "riffle export --format ndjson > file; sandbox in this process (it shares the 2 cores with riffle; "
                        + "sandbox start \(format((ContinuousClock.now - started).seconds)))")
                print("")
                print(
                    pad("items", 10) + pad("sources", 9) + pad("requests", 10) + pad("wall", 9) + pad("items/s", 10)
                        + pad("riffle CPU", 12) + pad("CPU/item", 10) + pad("peak RSS", 10) + "sandbox CPU")
            }
            for count in sourceCounts {
                let config = try context.write(
                    "scale-\(count).yaml",
                    SandboxSourceKind.config(
                        SandboxSourceKind.scaleSet(count), pageSize: pageSize, sandbox: url,
                        token: SandboxOptions.defaultToken))
                var result = try await context.export(config, server: server, keepRequests: true)
                result.sources = count
                results.append(result)
                if printTable {
                    print(
                        pad(grouped(result.items), 10) + pad(String(count), 9) + pad(grouped(result.requests), 10)
                            + pad(format(result.run.wall), 9)
                            + pad(grouped(Int(Double(result.items) / result.run.wall)), 10)
                            + pad(format(result.run.cpu), 12)
                            + pad(micro(result.run.cpu / Double(max(1, result.items))), 10)
                            + pad(megabytes(result.run.peakRSSBytes), 10) + format(result.sandboxCPU))
                }
                if !result.run.succeeded {
                    print("  riffle exited \(result.run.status): \(result.run.stderr.prefix(400))")
                }
                if result.items != count * perSource {
                    print("  expected \(grouped(count * perSource)) items, riffle wrote \(grouped(result.items))")
                }
            }
            if printTable, let last = results.last {
                print(
                    "items/s is set by the sandbox here: riffle used \(Int((last.run.cpu / last.run.wall * 100).rounded()))% "
                        + "of one core during the \(grouped(last.items))-item run, the sandbox \(format(last.sandboxCPU)) of CPU"
                )
            }
            if printTable, let first = results.first {
                print(
                    "peak RSS is the child's ru_maxrss, started through a fresh measuring helper whose own "
                        + "\(megabytes(first.run.floorBytes)) is the floor of what can be seen")
            }
            if printTable, results.count == 2 {
                let (small, large) = (results[0].run.peakRSSBytes, results[1].run.peakRSSBytes)
                let flat = Double(large) / Double(max(1, small))
                print("")
                print(
                    "peak RSS \(grouped(results[1].items)) / \(grouped(results[0].items)) items = \(ratio(flat))×; "
                        + "goal < 64 MB and about the same at both sizes: "
                        + (max(small, large) < 64 << 20 && flat < 1.25 ? "met" : "NOT met"))
            }
        } catch {
            await server.stop()
            throw error
        }
        // The cost benchmark replays the first run's requests, so the server stays up for it.
        context.scaleServer = (server, url)
        return results
    }

    // MARK: - formatting

    static func format(_ seconds: Double) -> String {
        if seconds >= 1 { return String(format: "%.2f s", seconds) }
        return String(format: "%.0f ms", seconds * 1000)
    }

    static func micro(_ seconds: Double) -> String { String(format: "%.1f µs", seconds * 1e6) }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
