import RiffleCore
import RiffleTestSupport
import Synchronization
import Testing

/// A source that sleeps per page and records how many loads overlap across all sources.
final class SlowSource: Pageable {
    let inner: InMemorySource
    let delay: Duration
    let gauge: Gauge

    init(items: [Item], delay: Duration, gauge: Gauge) {
        self.inner = InMemorySource(items: items)
        self.delay = delay
        self.gauge = gauge
    }

    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        gauge.enter()
        defer { gauge.leave() }
        do {
            try await Task.sleep(for: delay)
        } catch {
            gauge.cancelled()
            throw error
        }
        return try await inner.loadPage(after: cursor, pageSize: pageSize)
    }
}

final class Gauge: Sendable {
    private let counts = Mutex((now: 0, peak: 0, total: 0, cancelled: 0))
    func enter() {
        counts.withLock {
            $0.now += 1; $0.total += 1; $0.peak = max($0.peak, $0.now)
        }
    }
    func leave() { counts.withLock { $0.now -= 1 } }
    /// A load's sleep ended by cancellation.
    func cancelled() { counts.withLock { $0.cancelled += 1 } }
    var peak: Int { counts.withLock { $0.peak } }
    var total: Int { counts.withLock { $0.total } }
    /// Loads in progress.
    var inProgress: Int { counts.withLock { $0.now } }
    /// Loads whose sleep was cut short by cancellation.
    var cancelledLoads: Int { counts.withLock { $0.cancelled } }
}

@Suite struct MergedFeedTests {
    @Test func loadsSourcesConcurrentlyAndEmitsInOrder() async throws {
        var rng = SplitMix64(seed: 7)
        let data = (0..<4).map { sortedItems(prefix: "s\($0)-", count: 25, spread: 4, rng: &rng) }
        let gauge = Gauge()
        let sources = data.indices.map {
            MergeSource(
                name: "s\($0)", pageable: SlowSource(items: data[$0], delay: .milliseconds(30), gauge: gauge),
                pageSize: 10)
        }
        let feed = MergedFeed(sources: sources, options: MergeOptions())
        let out = try await feed.run { reader in
            var out: [MergedItem] = []
            while let merged = try await reader.next() { out.append(merged) }
            return out
        }
        #expect(out.map { "\($0.sourceIndex):\($0.item.id)" } == expectedOrder(data))
        #expect(gauge.peak >= 2, "loads of different sources overlap")
        #expect(feed.statuses.allSatisfy { $0.state == .done })
    }

    /// Runs pulled through the reader, as loads land in the background: sources posting in bursts, so that
    /// runs of one source's items come out without the tree; the same order and the same ending statuses.
    @Test(arguments: 0..<6)
    func runsThroughTheReaderKeepTheOrder(seed: Int) async throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 70)
        // Each source's runs of 7 items fall between the other sources' runs.
        var data: [[Item]] = []
        for source in 0..<5 {
            let count = Int.random(in: 0...80, using: &rng)
            data.append(
                (0..<count).map { index in
                    let rank = (index / 7) * 50 + source * 7 + index % 7
                    return item("s\(source)-\(index)", 1_000_000 - Int64(rank))
                })
        }
        let gauge = Gauge()
        let sources = data.indices.map {
            MergeSource(
                name: "s\($0)", pageable: SlowSource(items: data[$0], delay: .milliseconds(2), gauge: gauge),
                pageSize: Int.random(in: 3...15, using: &rng))
        }
        let feed = MergedFeed(sources: sources, options: MergeOptions())
        let limits = (0..<8).map { _ in Int.random(in: 1...30, using: &rng) }
        let out = try await feed.run { reader in
            var out: [MergedItem] = []
            var run: [MergedItem] = []
            while try await reader.next(upTo: limits[out.count % limits.count], into: &run) {
                #expect(!run.isEmpty && run.count <= limits[out.count % limits.count])
                out += run
            }
            return out
        }
        #expect(out.map { "\($0.sourceIndex):\($0.item.id)" } == expectedOrder(data))
        #expect(feed.statuses.allSatisfy { $0.state == .done })
    }

    @Test func stoppingEarlyCancelsLoadsInFlight() async throws {
        let gauge = Gauge()
        let items = (0..<1000).map { item("i\($0)", 5000 - Int64($0)) }
        let feed = MergedFeed(
            sources: [
                MergeSource(
                    name: "a", pageable: SlowSource(items: items, delay: .seconds(60), gauge: gauge), pageSize: 10)
            ]
                + [MergeSource(name: "b", pageable: InMemorySource(items: items), pageSize: 10)])
        let first = try await withThrowingTaskGroup(of: MergedItem?.self) { group in
            group.addTask { try await feed.run { try await $0.next() } }
            group.addTask {
                // Stop once the slow source's first load is in flight (on a loaded machine, with the
                // whole suite holding the pool, that alone took over 45 s: a bound on a broken run).
                _ = await eventually(timeout: .seconds(120)) { gauge.total >= 1 }
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        #expect(first == nil)
        // Counted, not timed: every load's 60 s sleep ended by cancellation, and none is left running.
        #expect(gauge.total >= 1, "the slow source's load began")
        #expect(
            await eventually { gauge.inProgress == 0 && gauge.cancelledLoads == gauge.total },
            "cancellation reached the load (which sleeps 60 s)")
    }

    @Test func theMergedStreamIsPageableAndResumes() async throws {
        var rng = SplitMix64(seed: 11)
        let data = (0..<3).map { sortedItems(prefix: "s\($0)-", count: 17, spread: 2, rng: &rng) }
        let sources = data.indices.map {
            MergeSource(name: "s\($0)", pageable: InMemorySource(items: data[$0]), pageSize: 4)
        }
        let merged = MergedPageable(sources: sources, options: MergeOptions())
        var cursor: String?
        var pages: [[String]] = []
        repeat {
            let page = try await merged.loadPage(after: cursor, pageSize: 10)
            pages.append(page.items.map(\.id))
            cursor = page.nextCursor
            if !page.hasMore { break }
        } while pages.count < 20
        let expected = expectedOrder(data).map { id -> String in
            let parts = id.split(separator: ":")
            return "s\(parts[0])/\(parts[1])"
        }
        #expect(pages.flatMap { $0 } == expected)
        #expect(pages.count == 6)
    }
}

/// The consumer's side of `MergedFeed` that `next()` makes cheap per item: the pages' checks run in the
/// loads, and cancellation is noticed through the handler rather than read per item.
@Suite struct MergedFeedConsumerTests {
    /// A cancelled consumer stops at its next pull even when the item it would return is buffered: the
    /// merge must never end as if complete because its loads were cancelled.
    @Test func aCancelledConsumerStopsEvenWithItemsBuffered() async throws {
        let items = (0..<50).map { item("i\($0)", 1_000 - Int64($0)) }
        let feed = MergedFeed(sources: [MergeSource(name: "a", pageable: InMemorySource(items: items), pageSize: 20)])
        let (pulled, stopped) = try await feed.run { reader in
            var pulled = 0
            while pulled < 5, try await reader.next() != nil { pulled += 1 }
            withUnsafeCurrentTask { $0?.cancel() }
            var stopped = 0
            for _ in 0..<3 {
                do {
                    _ = try await reader.next()
                } catch is CancellationError {
                    stopped += 1
                }
            }
            return (pulled, stopped)
        }
        #expect(pulled == 5)
        #expect(stopped == 3, "every pull after the cancellation throws, though 15 items of the page are buffered")
    }

    /// A consumer whose task was cancelled before it pulled anything gets nothing.
    @Test func aConsumerCancelledBeforeItsFirstPullGetsNothing() async throws {
        let items = (0..<10).map { item("i\($0)", 1_000 - Int64($0)) }
        let feed = MergedFeed(sources: [MergeSource(name: "a", pageable: InMemorySource(items: items), pageSize: 5)])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await feed.run { reader in try await reader.next() }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// Repeats across pages and `--since` through the feed, whose loads check their pages: the same items,
    /// statuses and position as `MergeState` driven in line. (Newer versions are left out: whether one
    /// replaces its older version depends on when its page lands; `PageCheckTests` covers them.)
    @Test(arguments: 0..<8)
    func checksInTheLoadsMergeAsTheStateInLine(seed: Int) async throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 100)
        let sources = (0..<Int.random(in: 2...6, using: &rng)).map { index in
            PageCheckTests.repeatingItems(
                prefix: "s\(index)-", count: Int.random(in: 10...80, using: &rng), newerVersions: false, rng: &rng)
        }
        let since = seed % 2 == 0 ? nil : Timestamp(unixSeconds: 1_000_000 - 60)
        let options = MergeOptions(since: since)
        let pageSize = Int.random(in: 2...9, using: &rng)
        var state = MergeState(
            sources: sources.indices.map { .init(name: "s\($0)", pageSize: pageSize) }, options: options)
        let expected = drain(&state, loader: arrayLoader(sources)).items
        let feed = MergedFeed(
            sources: sources.indices.map {
                MergeSource(name: "s\($0)", pageable: InMemorySource(items: sources[$0]), pageSize: pageSize)
            }, options: options)
        let (out, position) = try await feed.run { reader in
            var out: [MergedItem] = []
            while let merged = try await reader.next() { out.append(merged) }
            return (out, reader.token)
        }
        #expect(PageCheckTests.described(out) == PageCheckTests.described(expected))
        #expect(feed.statuses == state.statuses)
        #expect(position == state.position.token)
    }
}

@Suite struct MemoryBoundTests {
    /// Memory must not grow with the number of items: whatever the merge has handed out is released.
    @Test func consumedPagesAreReleasedWhileBackgroundLoadsKeepBuffersFull() {
        var state = MergeState(
            sources: [.init(name: "a", pageSize: 10)], options: MergeOptions(prefetchThreshold: 15))
        var loaded = 0
        var emitted = 0
        // Deliver every requested page at once, as background prefetch does, so the buffer never empties.
        for _ in 0..<10_000 {
            for request in state.loadsToStart() {
                let items = (0..<10).map { item("i\(loaded * 10 + $0)", 1_000_000 - Int64(loaded * 10 + $0)) }
                loaded += 1
                state.deliver(.success(Page(items: items, nextCursor: "c\(loaded)", hasMore: true)), to: request.source)
            }
            if case .item = state.next() { emitted += 1 }
        }
        #expect(emitted == 10_000)
        #expect(state.bufferedPageCount(source: 0) <= 10, "finished pages are dropped from the buffer")
    }
}
