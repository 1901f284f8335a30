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

    /// Strings stored inline and on the heap, ASCII or not, hash as their UTF-8 bytes do, byte by byte.
    @Test(arguments: [
        "12345", "gid://gitlab/Issue/123456789", "Ελληνικά: σφάλμα στην ταξινόμηση 👩‍🚀",
        String(repeating: "x", count: 1000),
    ])
    func hashesTheUTF8Bytes(text: String) {
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(text.utf8) { expected = (expected ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        #expect(FNV1a.hash(text) == expected)
        #expect(FNV1a.hash(String(text.dropFirst())) != FNV1a.hash(text))
    }
}
