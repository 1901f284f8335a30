import Testing

@testable import RiffleCore

// The merge's parts against plain models, over random inputs fixed by SplitMix64 seeds.

@Suite struct LoserTreeTests {
    /// The source a loser tree must name: the latest head, then the lowest index; `nil` without heads.
    func expectedWinner(_ heads: [Int64?]) -> Int? {
        var best: Int?
        for (source, time) in heads.enumerated() {
            guard let time else { continue }
            if let current = best, let bestTime = heads[current], bestTime >= time { continue }
            best = source
        }
        return best
    }

    /// Random updates of any source (the winner's replay and the stale rebuild), each followed by a
    /// check against the model; times from a small range so that ties are common.
    @Test(arguments: 0..<40)
    func namesTheSameWinnerAsAScanWhateverChanges(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 0...70, using: &rng)
        var tree = LoserTree(count: count)
        var heads = [Int64?](repeating: nil, count: count)
        #expect(tree.winner() == nil)
        guard count > 0 else { return }
        for _ in 0..<400 {
            let source = Bool.random(using: &rng) ? (tree.winner() ?? 0) : Int.random(in: 0..<count, using: &rng)
            let time: Int64? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : Int64.random(in: -3...3, using: &rng)
            heads[source] = time
            tree.update(source, time: time.map { Timestamp(microseconds: $0) })
            #expect(tree.winner() == expectedWinner(heads))
        }
    }

    /// A merge through the tree alone: sources of sorted times with ties, some empty, some ending early,
    /// give the order a full sort gives (time descending, then source, then the source's own order).
    @Test(arguments: 0..<40)
    func mergesSortedSourcesAsASortDoes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 500)
        let sources = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
            sortedItems(prefix: "i", count: Int.random(in: 0...30, using: &rng), spread: 2, rng: &rng)
        }
        var tree = LoserTree(count: sources.count)
        var next = [Int](repeating: 0, count: sources.count)
        for (source, items) in sources.enumerated() { tree.update(source, time: items.first?.time) }
        var out: [String] = []
        while let source = tree.winner() {
            out.append("\(source):\(sources[source][next[source]].id)")
            next[source] += 1
            tree.update(source, time: next[source] < sources[source].count ? sources[source][next[source]].time : nil)
        }
        #expect(out == expectedOrder(sources))
    }

    /// An Int64.min time is still a head: it beats a source without one.
    @Test func theLeastTimeStillBeatsNoHead() {
        var tree = LoserTree(count: 3)
        tree.update(2, time: Timestamp(microseconds: .min))
        #expect(tree.winner() == 2)
        tree.update(2, time: nil)
        #expect(tree.winner() == nil)
    }
}

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

@Suite struct DedupWindowTests {
    /// The window against a model of its rule (two generations of ids, the newer one rolled over when it
    /// holds `pages × pageSize` ids), over ids that repeat at every distance, across many generations.
    @Test(arguments: 0..<20)
    func remembersAsItsRuleSays(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 77)
        let pages = Int.random(in: 1...3, using: &rng)
        let pageSize = Int.random(in: 1...40, using: &rng)
        let size = pages * pageSize
        var window = DedupWindow(pages: pages, pageSize: pageSize)
        var current: [String: Timestamp] = [:]
        var previous: [String: Timestamp] = [:]
        for step in 0..<3000 {
            let id = "gid://x/\(Int.random(in: 0...(step / 2 + 3 * size), using: &rng))"
            let time = Timestamp(microseconds: Int64.random(in: 0...50, using: &rng))
            var expected: Timestamp?
            if let earlier = current[id] {
                if time > earlier { current[id] = time }
                expected = earlier
            } else if let earlier = previous[id] {
                current[id] = max(time, earlier)
                expected = earlier
            } else {
                if current.count >= size {
                    previous = current
                    current = [:]
                }
                current[id] = time
            }
            #expect(window.remember(id, at: time) == expected, "step \(step): \(id)")
        }
    }
}
