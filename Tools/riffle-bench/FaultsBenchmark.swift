import Foundation
import RiffleSandbox
import RiffleTestSupport

/// `riffle-bench faults [--items N] [--page N] [--latency-ms N] [--runs N] [--keep]`: the release
/// `riffle export` over every adapter and both plugin kinds, without faults and then with the tests'
/// fault mix (429, 502 HTML, reset, truncated 200, GraphQL-error 200, 503, HTML 200) on every other
/// request of every source; checks that every item arrives (the same lines, byte for byte) and prints
/// both wall times side by side.
///
/// Each source has a sandbox of its own (in this process, on 127.0.0.1), so that request numbers count
/// that source's requests alone: request 1 (the first page) passes, 2 (the second page) gets the first
/// fault of the mix, 3 (its retry) passes, 4 (the third page) the next fault, and so on — one fault on
/// every page after the first, whatever order the sources' requests interleave in. The config keeps
/// `retries: 3`, the default.
enum FaultsBenchmark {
    static let usage = "usage: riffle-bench faults [--items N] [--page N] [--latency-ms N] [--runs N] [--keep]"

    /// One measured source: its sandbox and the YAML that reads it.
    struct Source {
        var name: String
        var kind: String
        var server: SandboxServer
        var yaml: String
    }

    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let items = options.int("--items", default: 200)
        let pageSize = options.int("--page", default: 20)
        let latency = options.int("--latency-ms", default: 50)
        let runs = options.int("--runs", default: 3)
        guard (1...10_000).contains(items), (1...100).contains(pageSize), (0...10_000).contains(latency),
            (1...20).contains(runs)
        else {
            print(usage)
            exit(64)
        }
        let context = try ExportContext.make()
        let keep = arguments.contains("--keep")
        defer { if !keep { context.removeAll() } }
        if keep { print("--keep: configs and outputs stay in \(context.temporary)") }

        let sources = try await startSources(context, items: items, latency: latency)
        do {
            try await measure(sources, context: context, items: items, pageSize: pageSize, latency: latency, runs: runs)
        } catch {
            for source in sources { await source.server.stop() }
            throw error
        }
        for source in sources { await source.server.stop() }
    }

    /// The warm-up and measured runs, and the table.
    static func measure(
        _ sources: [Source], context: ExportContext, items: Int, pageSize: Int, latency: Int, runs: Int
    ) async throws {
        var config = SandboxSourceKind.config([], pageSize: pageSize, sandbox: "", retries: 3)
        if let plugins = context.plugins { config = "plugins: [\(plugins)]\n" + config }
        for source in sources { config += source.yaml }
        let path = try context.write("faults.yaml", config)

        let pagesPerSource = (items + pageSize - 1) / pageSize
        print(
            "riffle-bench faults: release riffle at \(context.riffle); \(sources.count) sources, each on a sandbox "
                + "of its own on 127.0.0.1 at \(latency) ms per request; \(items) items per source, page_size "
                + "\(pageSize) (\(pagesPerSource) pages), retries 3")
        print("sources: " + sources.map { "\($0.name) (\($0.kind))" }.joined(separator: ", "))
        let graphQL = FaultRule.graphQLMix.map(describe).joined(separator: ", ")
        let rest = FaultRule.restMix.map(describe).joined(separator: ", ")
        print("faults, in turn on requests 2, 4, 6, … of each source: GraphQL [\(graphQL)]; SpaceX and REST [\(rest)]")
        print("")

        var clean: [ExportMeasurement] = []
        var faulty: [ExportMeasurement] = []
        var faultCount = 0
        let cleanOutput = context.path("clean.ndjson")
        let faultyOutput = context.path("faulty.ndjson")
        // Rules for every request a source can make: each page twice, and more for pages that fail more.
        let rules = FaultRule.mix(requests: 4 * pagesPerSource + 10)
        // One warm-up run (page cache, plugin start-up), then the runs measured in turn.
        _ = try await export(path, sources: sources, context: context, faults: [], output: cleanOutput)
        for _ in 0..<runs {
            clean.append(try await export(path, sources: sources, context: context, faults: [], output: cleanOutput))
            let run = try await export(path, sources: sources, context: context, faults: rules, output: faultyOutput)
            faultCount = sources.reduce(0) { $0 + $1.server.requests().filter { $0.fault != nil }.count }
            faulty.append(run)
        }
        let same = FileManager.default.contentsEqual(atPath: cleanOutput, andPath: faultyOutput)
        let medianClean = median(clean)
        let medianFaulty = median(faulty)

        typealias Bench = ExportBenchmark
        print(Bench.pad("", 14) + Bench.pad("wall", 10) + Bench.pad("requests", 10) + Bench.pad("faults", 8) + "items")
        print(
            Bench.pad("without", 14) + Bench.pad(Bench.format(medianClean.run.wall), 10)
                + Bench.pad(String(medianClean.requests), 10) + Bench.pad("0", 8) + String(medianClean.items))
        print(
            Bench.pad("with faults", 14) + Bench.pad(Bench.format(medianFaulty.run.wall), 10)
                + Bench.pad(String(medianFaulty.requests), 10) + Bench.pad(String(faultCount), 8)
                + String(medianFaulty.items))
        print("")
        if runs > 1 {
            print(
                "median of \(runs) runs each after one warm-up; without: "
                    + clean.map { Bench.format($0.run.wall) }.joined(separator: ", ") + "; with faults: "
                    + faulty.map { Bench.format($0.run.wall) }.joined(separator: ", "))
        }
        let expected = sources.count * items
        let everyItem = faulty.allSatisfy { $0.items == medianClean.items && $0.run.succeeded } && same
        print(
            "every item arrives: " + (everyItem && medianClean.items == expected ? "yes" : "NO")
                + " (\(medianClean.items) items without faults, expected \(expected); "
                + (same ? "the same bytes with faults" : "the output with faults DIFFERS")
                + "); with faults ÷ without = "
                + Bench.ratio(medianFaulty.run.wall / medianClean.run.wall))
        for failed in clean + faulty where !failed.run.succeeded {
            print("  a run exited \(failed.run.status): \(failed.run.stderr.prefix(400))")
        }
    }

    /// Starts one sandbox per source: the six sources of the limit benchmark (gitlab × 2, spacex,
    /// graphql × 3) and, when the repository's `plugins/` is found and python3 is installed, the
    /// `github-issues.yaml` manifest and the `rest-events.py` executable.
    static func startSources(_ context: ExportContext, items: Int, latency: Int) async throws -> [Source] {
        func server() async throws -> (SandboxServer, String) {
            let server = SandboxServer(options: SandboxOptions(latency: .milliseconds(latency), itemsPerSource: items))
            return (server, "http://127.0.0.1:\(try await server.start())")
        }
        var sources: [Source] = []
        for kind in SandboxSourceKind.limitSet {
            let (started, url) = try await server()
            sources.append(
                Source(
                    name: kind.shortName, kind: kind.rawValue, server: started,
                    yaml: kind.yaml(name: kind.shortName, sandbox: url, token: SandboxOptions.defaultToken)))
        }
        if context.plugins == nil {
            print("plugins/ not found (run from the repository): the two plugin sources are left out")
        } else if !SandboxPluginSource.python3Installed {
            print("python3 is not installed: the two plugin sources are left out")
        } else {
            for (kind, name) in [(SandboxPluginSource.manifest, "gh-ground"), (.executable, "rest-events")] {
                let (started, url) = try await server()
                sources.append(
                    Source(name: name, kind: kind.rawValue, server: started, yaml: kind.yaml(name: name, sandbox: url)))
            }
        }
        return sources
    }

    /// One export with every sandbox's faults set to `faults` (numbered from 1 again); the requests of
    /// all sandboxes are counted, the output kept at `output`.
    static func export(
        _ config: String, sources: [Source], context: ExportContext, faults: [FaultRule], output: String
    ) async throws -> ExportMeasurement {
        for source in sources {
            source.server.setFaults(faults)
            source.server.resetRecord()
        }
        guard let first = sources.first?.server else { throw ExportBenchError("no sources") }
        var measured = try await context.export(config, server: first, keepOutput: output)
        measured.requests = sources.reduce(0) { $0 + $1.server.requests().count }
        return measured
    }

    static func median(_ runs: [ExportMeasurement]) -> ExportMeasurement {
        runs.sorted { $0.run.wall < $1.run.wall }[runs.count / 2]
    }

    static func describe(_ fault: FaultRule.Fault) -> String {
        switch fault {
        case .tooManyRequests(let seconds): "429 (Retry-After \(seconds))"
        case .badGateway: "502 HTML"
        case .serviceUnavailable: "503 HTML"
        case .connectionReset: "reset"
        case .truncatedJSON: "truncated 200"
        case .graphQLErrors: "data: null 200"
        case .graphQLTimeout: "GitHub timeout 200"
        case .htmlOK: "HTML 200"
        case .partialData: "partial data"
        case .badRequest: "400"
        case .requestError: "request error"
        case .complexity: "complexity"
        }
    }
}
