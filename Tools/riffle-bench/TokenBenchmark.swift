import Foundation
import RiffleCore

/// `riffle-bench tokens [--sources 10,100,1000] [--items N] [--page N] [--samples N]`: the size of every
/// resume token (the export's `cursor`, as `ResumeTokenEncoder` makes it) of a whole merge, median and max,
/// beside a position that lists every source (an entry per source, as the first format's tokens did) at the
/// same items; the time to make one; and what
/// resuming costs in loads, each
/// format from the same sampled items. Three shapes of data: single-page sources (1–5 items each, the
/// contract's case), the same with long source names (40–60 bytes each, so the anchor's name competes with
/// the list of ended sources for the 200 bytes), and sources of several pages (`--items` each, pages of
/// `--page`).
enum TokenBenchmark {
    static func run(_ arguments: [String]) async throws {
        let options = BenchOptions(arguments)
        let counts = (options.value("--sources") ?? "10,100,1000").split(separator: ",").compactMap { Int($0) }
        let items = options.int("--items", default: 60)
        let page = options.int("--page", default: 20)
        let samples = options.int("--samples", default: 40)
        print(
            "tokens: bytes per resume token, beside one listing every source; goal < 200 bytes at 1,000 single-page sources"
        )
        print(
            row("sources", "data", "items", "r3 median", "r3 max", "all median", "all max", "µs r3/all", "loads r3/all")
        )
        for count in counts {
            var rng = SplitMix64(seed: UInt64(count))
            let single = (0..<count).map { source in
                made(source: source, count: Int.random(in: 1...5, using: &rng), rng: &rng)
            }
            measure(single, label: "1 page", pageSize: 50, samples: samples)
            var naming = SplitMix64(seed: UInt64(count) &+ 1)
            let long = (0..<count).map { longName(source: $0, rng: &naming) }
            measure(single, label: "1p long", pageSize: 50, samples: samples, names: long)
            if count <= 100 {
                let paged = (0..<count).map { made(source: $0, count: items, rng: &rng) }
                measure(paged, label: "\(items)/\(page)", pageSize: page, samples: samples)
            }
        }
        print("loads: mean requests to resume after a sampled item and read to the end (all: every source listed)")
    }

    static func row(_ columns: String...) -> String {
        let widths = [8, 8, 7, 10, 8, 10, 9, 12, 12]
        return zip(columns, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " ")
    }

    /// A source name of 40 to 60 bytes, as a configuration that names sources by group and project might.
    static func longName(source: Int, rng: inout SplitMix64) -> String {
        let base = "platform/alerting-\(source)-"
        let length = Int.random(in: 40...60, using: &rng)
        return base + String(repeating: "x", count: max(0, length - base.utf8.count))
    }

    /// `count` items newest first, times falling by up to 400 s, interleaving across sources.
    static func made(source: Int, count: Int, rng: inout SplitMix64) -> [Item] {
        var time: Int64 = 2_000_000_000
        return (0..<count).map { index in
            time -= Int64.random(in: 0...400, using: &rng)
            return Item(id: "gid://sandbox/Item/\(source)-\(index)", time: Timestamp(unixSeconds: time), title: "t")
        }
    }

    static func measure(_ sources: [[Item]], label: String, pageSize: Int, samples: Int, names: [String]? = nil) {
        let infos = (names ?? sources.indices.map { "s\($0)" }).map {
            MergeState.SourceInfo(name: $0, pageSize: pageSize)
        }
        var newSizes: [Int] = []
        var oldSizes: [Int] = []
        var newTokens: [String] = []
        // The listing positions rather than their text: with long names at 1,000 sources such a token passes the
        // 64 KB that `--after` takes, and would be refused.
        var oldPositions: [MergePosition] = []
        var newSeconds = 0.0
        var oldSeconds = 0.0
        let clock = ContinuousClock()
        var state = MergeState(sources: infos)
        var encoder = ResumeTokenEncoder(for: state)
        let total = sources.map(\.count).reduce(0, +)
        let every = max(1, total / max(1, samples))
        _ = drive(&state, sources) { state, emitted in
            let started = clock.now
            let token = encoder.token(for: &state)
            let middle = clock.now
            let oldPosition = MergePosition(
                entries: state.statuses.indices.map(state.entry(for:)), frontier: state.frontier)
            let old = oldPosition.token
            newSeconds += (middle - started).seconds
            oldSeconds += (clock.now - middle).seconds
            newSizes.append(token.utf8.count)
            oldSizes.append(old.utf8.count)
            if emitted % every == 0 {
                newTokens.append(token)
                oldPositions.append(oldPosition)
            }
        }
        func loads(_ positions: [MergePosition?]) -> Double {
            let counts = positions.map { position -> Int in
                var resumed = MergeState(sources: infos, resumingAt: position)
                return drive(&resumed, sources) { _, _ in }
            }
            return Double(counts.reduce(0, +)) / Double(max(1, counts.count))
        }
        let perToken = { (seconds: Double) in seconds / Double(max(1, newSizes.count)) * 1e6 }
        print(
            row(
                "\(sources.count)", label, "\(total)", "\(median(newSizes))", "\(newSizes.max() ?? 0)",
                "\(median(oldSizes))", "\(oldSizes.max() ?? 0)",
                String(format: "%.1f/%.1f", perToken(newSeconds), perToken(oldSeconds)),
                String(format: "%.1f/%.1f", loads(newTokens.map { MergePosition(token: $0) }), loads(oldPositions))))
    }

    static func median(_ values: [Int]) -> Int { values.isEmpty ? 0 : values.sorted()[values.count / 2] }

    /// Runs a merge to its end, loading pages synchronously by offset; calls `each` after every item with
    /// the count so far. Returns the number of loads.
    @discardableResult
    static func drive(_ state: inout MergeState, _ sources: [[Item]], each: (inout MergeState, Int) -> Void) -> Int {
        var pending: [MergeState.LoadRequest] = []
        var loads = 0
        var emitted = 0
        while true {
            pending += state.loadsToStart()
            switch state.next() {
            case .item:
                emitted += 1
                each(&state, emitted)
            case .finished: return loads
            case .waiting:
                guard !pending.isEmpty else { return loads }
                let request = pending.removeFirst()
                let items = sources[request.source]
                let start = request.cursor.flatMap { Int($0) } ?? 0
                let end = min(items.count, start + request.pageSize)
                loads += 1
                state.deliver(
                    .success(
                        Page(items: Array(items[start..<end]), nextCursor: String(end), hasMore: end < items.count)),
                    to: request.source)
            }
        }
    }
}
