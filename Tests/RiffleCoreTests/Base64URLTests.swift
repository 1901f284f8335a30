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

extension Base64URLTests {
    /// The text of a concatenation whose first part's length is a multiple of 3 is the two texts joined
    /// (resume tokens rely on it to reuse an encoded tail).
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
    func appendingJoinsTextsAtMultiplesOfThree(tailLength: Int) {
        let head: [UInt8] = [0xfb, 0x00, 0x41, 0x10, 0xff, 0x7e]
        let tail = (0..<tailLength).map { UInt8(truncatingIfNeeded: $0 * 37 + 5) }
        var joined = Array("x.".utf8)
        Base64URL.encode(head[...], appendingTo: &joined)
        Base64URL.encode(tail[...], appendingTo: &joined)
        #expect(String(decoding: joined, as: UTF8.self) == "x." + Base64URL.encode(head + tail))
        #expect(Base64URL.decode(Base64URL.encode(head + tail)) == head + tail)
    }
}
