import Testing

@testable import RiffleCore

// The duplicate window against a model of its rule, over random ids fixed by SplitMix64 seeds.

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
