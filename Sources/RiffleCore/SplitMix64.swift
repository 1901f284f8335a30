/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast random number generator whose sequence is
/// fixed by its seed, on every run and platform.
///
/// For reproducible data — the sandbox's fake APIs, the configuration fuzzer, tests — and for the HTTP
/// client's retry jitter (seeded once per client from the system's generator, so a page costs no
/// `getrandom`); never for secrets.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
