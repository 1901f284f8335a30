import RiffleCore
import Testing

@Suite struct FNV1aTests {
    /// The published 64-bit FNV-1a test vectors.
    @Test(arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func matchesTheReferenceVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(text) == hash)
    }
}
