import RiffleCore
import Testing

@Suite struct SplitMix64Tests {
    /// The reference implementation's first outputs for seed 0.
    @Test func matchesTheReferenceSequence() {
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xe220_a839_7b1d_cdaf)
        #expect(generator.next() == 0x6e78_9e6a_a1b9_65f4)
        #expect(generator.next() == 0x06c4_5d18_8009_454f)
    }

    @Test func aSeedFixesTheSequence() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<8).map { _ in first.next() }
        #expect(a == (0..<8).map { _ in second.next() })
        #expect(a != (0..<8).map { _ in other.next() })
    }
}
