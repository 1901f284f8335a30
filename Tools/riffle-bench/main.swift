import Glibc

/// `riffle-bench NAME [options]`: runs one benchmark and prints its figure beside its baseline.
/// Benchmarks report numbers; they assert nothing (tests check behaviour).

let benchmarks: [String: @Sendable ([String]) async throws -> Void] = [
    "merge": MergeBenchmark.run,
    "http": HTTPBenchmark.run,
    "config": ConfigBenchmark.run,
    "export": ExportBenchmark.run,
    "reader": ReaderBenchmark.run,
    "feedparse": FeedParseBenchmark.run,
    "article": ArticleBenchmark.run,
    "feedrace": FeedRaceBenchmark.run,
    "tokens": TokenBenchmark.run,
    "faults": FaultsBenchmark.run,
    "store": StoreBenchmark.run,
    "thousand": ThousandBenchmark.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let run = benchmarks[name] else {
    print("usage: riffle-bench \(benchmarks.keys.sorted().joined(separator: "|")) [options]")
    exit(64)
}
try await run(Array(arguments.dropFirst()))
