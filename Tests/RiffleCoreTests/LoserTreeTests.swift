import Testing

@testable import RiffleCore

// The merge's choice of the next source against a scan, over random inputs fixed by SplitMix64 seeds.

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

    /// The runner-up a run is measured against: the best head but the winner's, or no head at all.
    @Test(arguments: 0..<40)
    func namesTheRunnerUpAsAScanDoes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 900)
        let count = Int.random(in: 1...70, using: &rng)
        var tree = LoserTree(count: count)
        var heads = [Int64?](repeating: nil, count: count)
        for _ in 0..<300 {
            let source = Bool.random(using: &rng) ? (tree.winner() ?? 0) : Int.random(in: 0..<count, using: &rng)
            let time: Int64? = Int.random(in: 0..<5, using: &rng) == 0 ? nil : Int64.random(in: -3...3, using: &rng)
            heads[source] = time
            tree.update(source, time: time.map { Timestamp(microseconds: $0) })
            guard let winner = tree.winner() else { continue }
            var others = heads
            others[winner] = nil
            let runnerUp = tree.runnerUp()
            if let expected = expectedWinner(others), let time = others[expected] {
                #expect(runnerUp == LoserTree.Key(time: time, order: expected))
            } else {
                #expect(runnerUp.order >= count)
            }
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
