import RiffleBytes
import Testing

@testable import RiffleCore

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

    /// The writer over a buffer, which takes three bytes as two pairs of letters from a table, writes what
    /// six bits at a time from the alphabet write: every value of twelve bits in both halves, and random
    /// lengths 0-99 into memory of exactly their text's length (AddressSanitizer sees a write past it).
    @Test func pairsOfLettersAreTheAlphabetsLetters() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        func reference(_ bytes: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            var index = 0
            while index < bytes.count {
                let chunk = bytes[index..<min(index + 3, bytes.count)]
                var value = 0
                for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
                for letter in 0...chunk.count { out.append(alphabet[value >> (18 - 6 * letter) & 63]) }
                index += 3
            }
            return out
        }
        var inputs = (0..<4096).map { [UInt8(truncatingIfNeeded: $0 >> 4), UInt8(truncatingIfNeeded: $0 << 4), 0] }
        inputs += (0..<4096).map { [0, UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
        var random = SplitMix64(seed: 64)
        inputs += (0..<500).map { _ in
            (0..<Int(random.next() % 100)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        }
        for bytes in inputs {
            let count = Base64URL.encodedCount(bytes.count)
            let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { out.deallocate() }
            bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: out) }
            #expect(Array(out) == reference(bytes), "\(bytes)")
        }
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
