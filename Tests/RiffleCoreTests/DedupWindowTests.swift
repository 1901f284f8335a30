import Testing

@testable import RiffleCore

// The duplicate window against a model of its rule, over random ids fixed by SplitMix64 seeds.

@Suite struct DedupWindowTests {
    /// The window's rule written plainly: two generations of ids, the newer one rolled over when it holds
    /// `size` ids; an id found in the older one is carried into the newer with the later of its times.
    struct Model {
        let size: Int
        var current: [String: Timestamp] = [:]
        var previous: [String: Timestamp] = [:]

        /// The time the id was last remembered at, if it is in the window (what `DedupWindow.remember`
        /// answers), and remembers it.
        mutating func remember(_ id: String, at time: Timestamp) -> Timestamp? {
            if let earlier = current[id] {
                if time > earlier { current[id] = time }
                return earlier
            }
            if let earlier = previous[id] {
                current[id] = max(time, earlier)
                return earlier
            }
            if current.count >= size {
                previous = current
                current = [:]
            }
            current[id] = time
            return nil
        }
    }

    /// The window against a model of its rule (two generations of ids, the newer one rolled over when it
    /// holds `pages × pageSize` ids), over ids that repeat at every distance, across many generations.
    @Test(arguments: 0..<20)
    func remembersAsItsRuleSays(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 77)
        let pages = Int.random(in: 1...3, using: &rng)
        let pageSize = Int.random(in: 1...40, using: &rng)
        let size = pages * pageSize
        var window = DedupWindow(pages: pages, pageSize: pageSize)
        var model = Model(size: size)
        for step in 0..<3000 {
            let id = "gid://x/\(Int.random(in: 0...(step / 2 + 3 * size), using: &rng))"
            let time = Timestamp(microseconds: Int64.random(in: 0...50, using: &rng))
            let expected = model.remember(id, at: time)
            #expect(window.remember(id, at: time) == expected, "step \(step): \(id)")
        }
    }

    /// The eviction boundary, one page of two ids per generation: an id from the older generation is still
    /// found (and carried into the current one, with the newer of its times), an id two generations old
    /// is gone, and an id carried over survives the next roll-over.
    @Test func repeatFromTheOlderGenerationIsCarriedAndTheOneBeforeIsGone() {
        var window = DedupWindow(pages: 1, pageSize: 2)
        let t = { (seconds: Int64) in Timestamp(microseconds: seconds * 1_000_000) }
        #expect(window.remember("a", at: t(10)) == nil)
        #expect(window.remember("b", at: t(11)) == nil)
        // The current generation is full: "c" rolls it over, so "a" and "b" are the older generation.
        #expect(window.remember("c", at: t(12)) == nil)
        #expect(window.remember("d", at: t(13)) == nil)
        // "a" from the older generation: found, and its newer time kept.
        #expect(window.remember("a", at: t(20)) == t(10))
        // "e" rolls over again: "b" (never repeated) is now two generations old; "a" was carried.
        #expect(window.remember("e", at: t(14)) == nil)
        #expect(window.remember("b", at: t(15)) == nil)
        #expect(window.remember("a", at: t(5)) == t(20))
        #expect(window.remember("a", at: t(6)) == t(20))
    }

    /// Many roll-overs through a small window (three ids a generation): every id is found again in its
    /// own generation and in the next (where it is carried over once), still in the one after, and gone
    /// in the one after that.
    @Test func idsStayWithinTheWindowOverManyRollOvers() {
        var window = DedupWindow(pages: 1, pageSize: 3)
        let ids = { (round: Int) in (0..<3).map { "r\(round)-\($0)" } }
        let (first, again, carried) = (
            Timestamp(microseconds: 1), Timestamp(microseconds: 2), Timestamp(microseconds: 3)
        )
        let rounds = 200
        for round in 0..<rounds {
            // The round's first new id rolls the window over: the current generation holds at least three.
            for id in ids(round) { #expect(window.remember(id, at: first) == nil, "\(id)") }
            for id in ids(round) { #expect(window.remember(id, at: again) == first, "\(id)") }
            guard round > 0 else { continue }
            for id in ids(round - 1) { #expect(window.remember(id, at: carried) == again, "\(id)") }
        }
        // The older generation holds the last round but one, and the round before it (carried over).
        for id in ids(rounds - 3) { #expect(window.remember(id, at: carried) == carried, "\(id)") }
        for id in ids(rounds - 4) { #expect(window.remember(id, at: carried) == nil, "\(id)") }
    }
}

extension DedupWindowTests {
    /// The window against the same model with keys cut to a few bits, so that ids of different text share
    /// a key all the time (chains of colliding keys, collisions across the two generations, roll-overs in
    /// the middle of them): every answer is still the model's, as the window compares the ids themselves.
    @Test(arguments: [0x0, 0x1, 0x7, 0xF000_0000_0000_0003] as [UInt64])
    func collidingKeysChangeNothing(keyMask: UInt64) {
        for seed in 0..<6 {
            var rng = SplitMix64(seed: keyMask &+ UInt64(seed) &* 1_000_003)
            let pages = Int.random(in: 1...3, using: &rng)
            let pageSize = Int.random(in: 1...20, using: &rng)
            let size = pages * pageSize
            var window = DedupWindow(pages: pages, pageSize: pageSize, keyMask: keyMask)
            var model = Model(size: size)
            for step in 0..<1500 {
                let id = "\(Int.random(in: 0...(step / 3 + 2 * size), using: &rng))"
                let time = Timestamp(microseconds: Int64.random(in: 0...50, using: &rng))
                let expected = model.remember(id, at: time)
                #expect(
                    window.remember(id, at: time) == expected, "mask \(keyMask) seed \(seed) step \(step): \(id)")
            }
        }
    }

    /// A generation that outgrows its table (ids carried over from the older one do not count towards
    /// the newer one's limit) doubles it and still finds every id, the carried ones and the new ones.
    @Test func aGenerationThatOutgrowsItsTableFindsEveryId() {
        var window = DedupWindow(pages: 1, pageSize: 10)
        let first = (0..<10).map { "a\($0)" }
        let second = (0..<10).map { "b\($0)" }
        for id in first { #expect(window.remember(id, at: Timestamp(microseconds: 1)) == nil) }
        // "b0" rolls over: the a-ids are the older generation, carried into the newer one as they repeat.
        for id in second { #expect(window.remember(id, at: Timestamp(microseconds: 2)) == nil) }
        for id in first { #expect(window.remember(id, at: Timestamp(microseconds: 3)) == Timestamp(microseconds: 1)) }
        // The newer generation now holds 20 ids in a table made for 10 (at most half full): it grew.
        for id in second { #expect(window.remember(id, at: Timestamp(microseconds: 4)) == Timestamp(microseconds: 2)) }
        for id in first { #expect(window.remember(id, at: Timestamp(microseconds: 5)) == Timestamp(microseconds: 3)) }
    }
}
