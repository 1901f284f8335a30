import RiffleCore

/// A small deterministic random number generator (RiffleCore's SplitMix64), with the draws the fake
/// data needs.
///
/// The sandbox's data must be identical on every run and every platform for a given seed, so it uses
/// a seeded generator and its own range reduction instead of the standard library's `random(in:)`.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    /// A generator for one named stream of a seed: each data source draws from its own stream, so
    /// changing how much one source draws leaves the others unchanged.
    init(seed: UInt64, stream: String) {
        generator = SplitMix64(seed: seed ^ FNV1a.hash(stream))
    }

    mutating func next() -> UInt64 {
        generator.next()
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
