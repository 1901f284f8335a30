/// A small deterministic random number generator (SplitMix64).
///
/// The sandbox's data must be identical on every run and every platform for a given seed, so it uses
/// its own generator and its own range reduction instead of the standard library's `random(in:)`.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for one named stream of a seed: each data source draws from its own stream, so
    /// changing how much one source draws leaves the others unchanged.
    init(seed: UInt64, stream: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in stream.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        state = seed ^ hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        guard span != 0 else { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound + Int(next() % span)
    }

    /// A number in `range`.
    mutating func int64(in range: ClosedRange<Int64>) -> Int64 {
        let span = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int64(next() % span)
    }

    /// True with probability `percent` in 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(in: 0...(elements.count - 1))]
    }

    /// `count` distinct elements of `elements` (fewer if it has fewer), in their original order.
    mutating func sample<Element>(_ elements: [Element], count: Int) -> [Element] {
        var chosen = Set<Int>()
        let wanted = min(count, elements.count)
        while chosen.count < wanted {
            chosen.insert(int(in: 0...(elements.count - 1)))
        }
        return chosen.sorted().map { elements[$0] }
    }

    /// `count` lowercase hexadecimal digits.
    mutating func hex(_ count: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String((0..<count).map { _ in digits[int(in: 0...15)] })
    }
}
