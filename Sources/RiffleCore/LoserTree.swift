/// The merge's choice of what to emit next: a tournament ("loser") tree over the sources' head items.
///
/// Each source has a key — its head item's time and its index in configuration order, or none while its
/// buffer is empty — and each internal node holds the source that lost the match played there; the overall
/// winner is kept apart. When the winner's key changes (it emitted its head), only its path to the root is
/// replayed: one comparison of two integers per level and no swaps, where a heap spends two comparisons per
/// level to pop and more to push; while the winner's new heads still precede the runner-up's (a run of one
/// source's items), not even that: one comparison per item. Any other key change (a page arriving for a
/// source that had run dry, a newer version replacing a head) marks the tree stale, and it is rebuilt, in
/// O(sources), before the next winner is named: at most once per delivered page.
///
/// Ties on time go to the lower source index; a source's own items of equal time keep their order because
/// only its head has a key.
struct LoserTree: Sendable {
    /// A source's place in the merge order: the later time first, then the lower `order`. A source without a
    /// head has an `order` past every source index and the least time, so it loses to any head.
    struct Key: Sendable, Equatable {
        var time: Int64
        var order: Int

        /// Whether this key's head comes out before `other`'s.
        @inline(__always)
        func precedes(_ other: Key) -> Bool { time != other.time ? time > other.time : order < other.order }
    }

    /// How many sources there are.
    private let count: Int
    /// `nodes[0]` is the winner's key; `nodes[n]`, for 1 ≤ n < sources, the key of the loser of the match at
    /// internal node n, whose children are nodes 2n and 2n + 1; `nodes[sources + i]`, source i's leaf, is
    /// its own key. One array for both, so that an update writes through one buffer (one check that it is
    /// not shared per item, not two) and the leaves sit beside the matches they play. The
    /// keys themselves rather than source indices (a key's `order` names its source): a replay reads one
    /// node per level, not a node and then the key of the source it names — the replay is a chain of
    /// dependent reads, one level after the other.
    private var nodes: [Key]
    /// Each internal node's winner, used only while rebuilding (kept to spare an allocation per rebuild).
    private var winners: [Key]
    private var isStale = true
    /// The runner-up's key (`runnerUp()`) while the winner keeps winning, `nil` when not known: a new key
    /// of the winner that precedes it leaves every match on the winner's path as it was, so the key is
    /// set without a replay — a run of one source's items costs one comparison per item.
    private var runBound: Key?

    /// A tree over `count` sources, none of which has a head yet.
    init(count: Int) {
        self.count = count
        nodes = Array(repeating: Key(time: .min, order: .max), count: max(1, count))
        nodes += (0..<count).map { Key(time: .min, order: count + $0) }
        winners = Array(repeating: Key(time: .min, order: .max), count: max(1, count))
    }

    /// The source a key belongs to (its `order`, or past every index without a head).
    @inline(__always)
    private func source(of key: Key) -> Int { key.order < count ? key.order : key.order - count }

    /// The source whose head comes next in the merge order, or `nil` when no source has a head.
    mutating func winner() -> Int? {
        if isStale { rebuild() }
        guard count > 0 else { return nil }
        let order = nodes[0].order
        return order < count ? order : nil
    }

    /// The runner-up's key: the best among the other sources' heads, found among the losers on the winner's
    /// path (each other source lost to the winner at one of those nodes, or to one of their losers). Valid
    /// while the tree is not stale.
    func runnerUp() -> Key {
        var best = Key(time: .min, order: .max)
        var node = (count + source(of: nodes[0])) / 2
        while node > 0 {
            let key = nodes[node]
            if key.precedes(best) { best = key }
            node /= 2
        }
        return best
    }

    /// Sets `source`'s head time (`nil`: it has no head).
    @inline(__always)
    mutating func update(_ source: Int, time: Timestamp?) {
        let key = time.map { Key(time: $0.microseconds, order: source) } ?? Key(time: .min, order: count + source)
        guard nodes[count + source] != key else { return }
        nodes[count + source] = key
        if isStale { return }
        guard self.source(of: nodes[0]) == source else {
            isStale = true
            runBound = nil
            return
        }
        if let runBound, key.precedes(runBound) {
            nodes[0] = key
            return
        }
        replay(source)
        // The winner won again: it may have a run, so its rival is found once, for the items that follow.
        runBound = nodes[0].order == source ? runnerUp() : nil
    }

    /// Plays the winner's new key up its path: at each node the loser stays, the winner goes on.
    private mutating func replay(_ source: Int) {
        var key = nodes[count + source]
        var node = (count + source) / 2
        // Without branches on the outcome, which is a coin toss when sources interleave: each node is
        // written whether or not the winner changes there.
        while node > 0 {
            let other = nodes[node]
            let otherWins = other.precedes(key)
            nodes[node] = otherWins ? key : other
            key = otherWins ? other : key
            node /= 2
        }
        nodes[0] = key
    }

    /// Plays every match again, from the leaves up.
    private mutating func rebuild() {
        isStale = false
        runBound = nil
        guard count > 1 else {
            if count == 1 { nodes[0] = nodes[1] }
            return
        }
        for node in stride(from: count - 1, through: 1, by: -1) {
            // A child at `count` or beyond is a leaf: its key is the node itself.
            let left = 2 * node >= count ? nodes[2 * node] : winners[2 * node]
            let right = 2 * node + 1 >= count ? nodes[2 * node + 1] : winners[2 * node + 1]
            let rightWins = right.precedes(left)
            winners[node] = rightWins ? right : left
            nodes[node] = rightWins ? left : right
        }
        nodes[0] = winners[1]
    }
}
