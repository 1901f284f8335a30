import RiffleCore
import RiffleTestSupport
import Testing

// Test data: sources as arrays of items, newest first, with deterministic pseudo-random times
// (RiffleCore's SplitMix64).

func item(_ id: String, _ seconds: Int64) -> Item {
    Item(id: id, time: Timestamp(unixSeconds: seconds), title: "title \(id)")
}

/// `count` items with non-increasing times (ties likely when `spread` is small).
func sortedItems(prefix: String, count: Int, spread: Int64, rng: inout SplitMix64) -> [Item] {
    var time: Int64 = 1_000_000
    return (0..<count).map { index in
        time -= Int64.random(in: 0...spread, using: &rng)
        return item("\(prefix)\(index)", time)
    }
}

/// The order the merge promises: time descending, then source order, each source's own order kept.
func expectedOrder(_ sources: [[Item]]) -> [String] {
    var all: [(item: Item, source: Int, index: Int)] = []
    for (source, items) in sources.enumerated() {
        for (index, item) in items.enumerated() { all.append((item, source, index)) }
    }
    all.sort { a, b in
        if a.item.time != b.item.time { return a.item.time > b.item.time }
        if a.source != b.source { return a.source < b.source }
        return a.index < b.index
    }
    return all.map { "\($0.source):\($0.item.id)" }
}

/// A scripted source: each cursor maps to a fixed page or a failure.
struct ScriptedSource: Sendable {
    var pages: [String: Result<Page, SourceError>]

    func load(_ cursor: String?) -> Result<Page, SourceError> {
        pages[cursor ?? "<first>"] ?? .failure(SourceError("no page for cursor \(cursor ?? "nil")"))
    }
}

/// Drives a `MergeState` synchronously: every requested load completes at once, in request order.
/// `loader(source, cursor, pageSize)` answers a load. Returns emitted items and the number of loads.
func drain(
    _ state: inout MergeState, limit: Int = .max,
    afterEach: (MergeState) -> Void = { _ in },
    loader: (Int, String?, Int) -> Result<Page, SourceError>
) -> (items: [MergedItem], loads: Int) {
    var out: [MergedItem] = []
    var loads = 0
    var pending: [MergeState.LoadRequest] = []
    while out.count < limit {
        pending += state.loadsToStart()
        switch state.next() {
        case .item(let merged):
            out.append(merged)
            afterEach(state)
        case .finished:
            return (out, loads)
        case .waiting:
            guard !pending.isEmpty else {
                Issue.record("merge waits with no load in flight")
                return (out, loads)
            }
            let request = pending.removeFirst()
            loads += 1
            state.deliver(loader(request.source, request.cursor, request.pageSize), to: request.source)
        }
    }
    return (out, loads)
}

/// Offset paging over arrays, as `InMemorySource` does, but synchronous.
func arrayLoader(_ sources: [[Item]]) -> (Int, String?, Int) -> Result<Page, SourceError> {
    { source, cursor, pageSize in
        let items = sources[source]
        let start = cursor.flatMap { Int($0) } ?? 0
        let end = min(items.count, start + pageSize)
        return .success(Page(items: Array(items[start..<end]), nextCursor: String(end), hasMore: end < items.count))
    }
}
