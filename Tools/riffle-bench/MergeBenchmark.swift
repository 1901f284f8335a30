import Foundation
import RiffleCore

/// `riffle-bench merge [--sources N,N,…] [--items N] [--page N] [--run N]`: merges in-memory sources and reports, per
/// source count, items/s through `MergedFeed` and through `MergeState` beside the baseline of concatenating
/// every item and sorting, each as a ratio to that baseline, with peak memory. Each figure is measured in a
/// child process of its own, so peak memory (max RSS) belongs to that run alone. Besides wall-clock items/s
/// it prints items per CPU second (user + system, every thread), steadier on a shared, loaded machine;
/// `MergedFeed`'s CPU includes its loads, which run beside the consumer on another core. By default the
/// sources interleave item by item (runs of about one item between the heads, the merge's worst case);
/// `--run N` gives each source runs of N items in a row before the next source's, the shape of feeds that
/// post in bursts.
enum MergeBenchmark {
    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        if let mode = options.value("--child") {
            try await child(
                mode: mode, sources: options.int("--sources", default: 64),
                items: options.int("--items", default: 20_000),
                page: options.int("--page", default: 100), run: options.int("--run", default: 0))
            return
        }
        let sourceCounts = (options.value("--sources") ?? "16,64,256").split(separator: ",").compactMap { Int($0) }
        let items = options.int("--items", default: 20_000)
        let page = options.int("--page", default: 100)
        let run = options.int("--run", default: 0)
        let shape = run > 0 ? "runs of \(run) items per source" : "interleaved item by item"
        print(
            "merge: in-memory sources, \(items) items each, page size \(page), \(shape); goal: feed ≥ sort (1.00×),"
                + " flat memory")
        print(row("sources", "mode", "items", "seconds", "items/s", "× sort", "items/CPU s", "× sort", "peak RSS"))
        for count in sourceCounts {
            var results: [String: Measured] = [:]
            for mode in ["sort", "state", "feed", "runs"] {
                let output = try runChild([
                    "merge", "--child", mode, "--sources", "\(count)", "--items", "\(items)", "--page", "\(page)",
                    "--run", "\(run)",
                ])
                results[mode] = Measured(output)
            }
            guard let sort = results["sort"] else { continue }
            for mode in ["feed", "runs", "state", "sort"] {
                guard let measured = results[mode] else {
                    print(row("\(count)", mode, "failed"))
                    continue
                }
                print(
                    row(
                        "\(count)", mode, "\(measured.items)", String(format: "%.3f", measured.seconds),
                        String(format: "%.0f", measured.rate), String(format: "%.2f×", measured.rate / sort.rate),
                        String(format: "%.0f", measured.cpuRate),
                        String(format: "%.2f×", measured.cpuRate / sort.cpuRate),
                        String(format: "%.1f MB", Double(measured.peakBytes) / 1_048_576)))
            }
            if let feed = results["feed"] { print(goalLine(sources: count, feed: feed, sort: sort)) }
        }
        print("feed = MergedFeed item by item (next()); runs = MergedFeed in runs of up to 256 (next(upTo:into:));")
        print("state = MergeState alone, loads answered in line; sort = baseline: every item made, then sorted")
        print("memory check: rerun with --items 5000 and 80000: feed/state peak RSS stays flat, sort grows")
    }

    /// The merge's goal at one source count: `MergedFeed` pulled item by item, as `riffle export` pulls it,
    /// moves at least as many items per wall second as the sort, with items per CPU second beside it.
    static func goalLine(sources: Int, feed: Measured, sort: Measured) -> String {
        let wall = feed.rate / sort.rate
        return "goal at \(sources) sources: feed ≥ sort by wall: \(wall >= 1 ? "met" : "NOT met")"
            + String(
                format: " (%.2f×; items per CPU second %.2f×; peak RSS %.1f MB, sort %.1f MB)", wall,
                feed.cpuRate / sort.cpuRate, Double(feed.peakBytes) / 1_048_576, Double(sort.peakBytes) / 1_048_576)
    }

    /// One child's figures, from the line it prints: items, seconds, CPU seconds, peak bytes.
    struct Measured {
        var items: Int
        var seconds: Double
        var cpuSeconds: Double
        var peakBytes: Int

        var rate: Double { Double(items) / seconds }
        var cpuRate: Double { Double(items) / cpuSeconds }

        init?(_ output: String) {
            let fields = output.split(whereSeparator: \.isWhitespace)
            guard fields.count == 5, fields[0] == "measured", let items = Int(fields[1]),
                let seconds = Double(fields[2]), let cpu = Double(fields[3]), let peak = Int(fields[4])
            else { return nil }
            (self.items, self.seconds, self.cpuSeconds, self.peakBytes) = (items, seconds, cpu, peak)
        }
    }

    static func row(_ columns: String...) -> String {
        let widths = [8, 6, 10, 8, 10, 7, 12, 7, 10]
        return zip(columns, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
    }

    /// A source that makes its items on demand: item `n` of source `s` is a pure function of (s, n), so
    /// the benchmark never holds more than the merge asks for.
    struct GeneratedSource: Pageable {
        let source: Int
        let count: Int
        /// The sources in the merge, and the length of each source's runs (0: interleaved item by item).
        var sources = 1
        var run = 0

        func item(_ index: Int) -> Item {
            // Times fall with the index and interleave across sources; some ties on purpose. In runs: each
            // source's `run` items come between the runs of the sources before and after it.
            let time =
                run > 0
                ? 2_000_000_000 - Int64((index / run) * sources * run + source * run + index % run)
                : 2_000_000_000 - Int64(index) * 97 - Int64((source * 31 + index * 7) % 89)
            return Item(id: String(index), time: Timestamp(unixSeconds: time), title: "generated item")
        }

        func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
            let start = cursor.flatMap { Int($0) } ?? 0
            let end = min(count, start + pageSize)
            return Page(items: (start..<end).map(item), nextCursor: String(end), hasMore: end < count)
        }
    }

    static func child(mode: String, sources: Int, items: Int, page: Int, run: Int) async throws {
        let generated = (0..<sources).map { GeneratedSource(source: $0, count: items, sources: sources, run: run) }
        let clock = ContinuousClock()
        let startedCPU = processCPUSeconds()
        let started = clock.now
        var emitted = 0
        var checksum: Int64 = 0
        switch mode {
        case "feed", "runs":
            let feed = MergedFeed(
                sources: generated.map { MergeSource(name: "s\($0.source)", pageable: $0, pageSize: page) },
                options: MergeOptions())
            (emitted, checksum) = try await feed.run { reader in
                var count = 0
                var sum: Int64 = 0
                if mode == "feed" {
                    while let merged = try await reader.next() {
                        count += 1
                        sum &+= merged.item.time.microseconds
                    }
                } else {
                    var run: [MergedItem] = []
                    while try await reader.next(upTo: 256, into: &run) {
                        for merged in run {
                            count += 1
                            sum &+= merged.item.time.microseconds
                        }
                    }
                }
                // With RIFFLE_BENCH_WAITS set, the consumer's waits for a page, on standard error (the line on
                // standard output is parsed).
                if ProcessInfo.processInfo.environment["RIFFLE_BENCH_WAITS"] != nil {
                    FileHandle.standardError.write(Data("waits \(reader.loadWaits)\n".utf8))
                }
                return (count, sum)
            }
        case "state":
            var state = MergeState(
                sources: generated.map { .init(name: "s\($0.source)", pageSize: page) },
                options: MergeOptions())
            var pending: [MergeState.LoadRequest] = []
            loop: while true {
                pending += state.loadsToStart()
                switch state.next() {
                case .item(let merged):
                    emitted += 1
                    checksum &+= merged.item.time.microseconds
                case .finished: break loop
                case .waiting:
                    let request = pending.removeFirst()
                    let loaded = try await generated[request.source].loadPage(
                        after: request.cursor, pageSize: request.pageSize)
                    state.deliver(.success(loaded), to: request.source)
                }
            }
        case "make", "window":
            // The loads' side alone, in the feed's order (a page of each source in turn): making the items,
            // and with "window" each source's duplicate window remembering them.
            var windows = generated.map { _ in DedupWindow(pages: 3, pageSize: page) }
            var start = 0
            while start < items {
                let end = min(items, start + page)
                for source in generated.indices {
                    let made = (start..<end).map(generated[source].item)
                    if mode == "window" { checksum &+= Int64(windows[source].remember(made)) }
                    emitted += made.count
                    checksum &+= made.last?.time.microseconds ?? 0
                }
                start = end
            }
        default:
            var all: [(item: Item, source: Int)] = []
            all.reserveCapacity(sources * items)
            for source in generated {
                for index in 0..<items { all.append((source.item(index), source.source)) }
            }
            all.sort { $0.item.time != $1.item.time ? $0.item.time > $1.item.time : $0.source < $1.source }
            emitted = all.count
            checksum = all.reduce(0) { $0 &+ $1.item.time.microseconds }
        }
        let seconds = (clock.now - started).seconds
        let cpuSeconds = processCPUSeconds() - startedCPU
        print("measured \(emitted) \(seconds) \(cpuSeconds) \(peakResidentBytes())")
        if checksum == 42 { print("") }  // keeps the checksum alive
    }
}
