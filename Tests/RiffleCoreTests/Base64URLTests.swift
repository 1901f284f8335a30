import RiffleCore
import Testing

@Suite struct Base64URLTests {
    /// RFC 4648 §10's vectors, without padding.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func encodesAndDecodesTheRFCVectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLAlphabet() {
        #expect(Base64URL.encode([0xfb, 0xff, 0xfe]) == "-__-")
        #expect(Base64URL.decode("-__-") == [0xfb, 0xff, 0xfe])
        #expect(Base64URL.decode("+//+") == nil)
    }

    @Test func refusesPaddingAndImpossibleLengths() {
        #expect(Base64URL.decode("Zg==") == nil)
        #expect(Base64URL.decode("Z") == nil)
        #expect(Base64URL.decode("Zm9vY") == nil)
    }
}
