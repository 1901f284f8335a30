import RiffleCore
import Testing

// The whole merge against a sort of what arrived, over random inputs fixed by SplitMix64 seeds.

@Suite struct MergeRandomFaultTests {
    /// Sources with ties, repeated items (an adjacent repeat of the same id and time: a duplicate to drop),
    /// sources that end, and sources whose load fails at some page: the merge gives, in the sort's order,
    /// every item of the pages before each failure, each once.
    @Test(arguments: 0..<40)
    func mergesLikeASortOfWhatArrived(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 9000)
        let pageSize = Int.random(in: 1...6, using: &rng)
        var sent: [[Item]] = []
        var failAt: [Int?] = []
        for _ in 0..<Int.random(in: 1...24, using: &rng) {
            var items: [Item] = []
            for item in sortedItems(prefix: "i", count: Int.random(in: 0...30, using: &rng), spread: 2, rng: &rng) {
                items.append(item)
                if Int.random(in: 0..<6, using: &rng) == 0 { items.append(item) }
            }
            sent.append(items)
            failAt.append(Int.random(in: 0..<3, using: &rng) == 0 ? Int.random(in: 0...3, using: &rng) : nil)
        }
        var state = MergeState(
            sources: sent.indices.map { .init(name: "s\($0)", pageSize: pageSize) }, options: MergeOptions())
        let pages = arrayLoader(sent)
        let (out, _) = drain(&state) { source, cursor, size in
            let start = cursor.flatMap { Int($0) } ?? 0
            if let page = failAt[source], start / size >= page { return .failure(SourceError("HTTP 502")) }
            return pages(source, cursor, size)
        }
        // What arrived: the pages before the failing one, without the adjacent repeats.
        let arrived = sent.indices.map { source in
            let end = failAt[source].map { min(sent[source].count, $0 * pageSize) } ?? sent[source].count
            var kept: [Item] = []
            for item in sent[source][..<end] where kept.last != item { kept.append(item) }
            return kept
        }
        #expect(out.map { "\($0.sourceIndex):\($0.item.id)" } == expectedOrder(arrived))
        #expect(out.allSatisfy { !$0.isLate })
        for source in sent.indices {
            let failed = failAt[source].map { $0 == 0 || $0 * pageSize < sent[source].count } ?? false
            #expect((state.statuses[source].lastError != nil) == failed, "source \(source)")
        }
    }
}
