import RiffleBytes
import Testing

@testable import RiffleCore

/// `MergePosition.r3Text`, which puts a token's bytes together on the stack and writes their base64 straight
/// into the `String`, held to the way it was written before — a `TokenCoding.Writer`, then the
/// base64 of its bytes and, for a long tail, of the tail apart — over random flags, heads and tails on both
/// sides of `r3SeparateTail`, with and without the tail's text made beforehand.
@Suite struct TokenTextTests {
    /// The token text as `r3Text` made it before it wrote in place.
    static func reference(flags: UInt64, head: [UInt8], tail: [UInt8]) -> String {
        let separate = tail.count >= MergePosition.r3SeparateTail
        var writer = TokenCoding.Writer()
        if separate {
            let length = TokenCoding.Writer.varintLength(flags)
            writer.varint(flags, length: length + (3 - (length + head.count) % 3) % 3)
            writer.raw(head)
        } else {
            writer.varint(flags)
            writer.raw(head)
            writer.raw(tail)
        }
        return MergePosition.r3Prefix + Base64URL.encode(writer.bytes) + (separate ? Base64URL.encode(tail) : "")
    }

    @Test func tokenTextsAreTheWritersBase64() {
        var random = SplitMix64(seed: 1_717)
        let flagChoices: [UInt64] = [0, 1, 127, 128, 300, 511, 16_383, 16_384, UInt64.max]
        for round in 0..<600 {
            let flags = flagChoices[round % flagChoices.count]
            let head = (0..<Int(random.next() % 60)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let tailCount = round % 3 == 0 ? Int(random.next() % 40) : 240 + Int(random.next() % 60)
            let tail = (0..<tailCount).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let expected = Self.reference(flags: flags, head: head, tail: tail)
            #expect(MergePosition.r3Text(flags: flags, head: head, tail: tail, encodedTail: nil) == expected)
            #expect(
                MergePosition.r3TextCount(flags: flags, head: head, tail: tail, encodedTail: nil)
                    == expected.utf8.count)
            if tail.count >= MergePosition.r3SeparateTail {
                var encodedTail: [UInt8] = []
                Base64URL.encode(tail[...], appendingTo: &encodedTail)
                #expect(
                    MergePosition.r3Text(flags: flags, head: head, tail: tail, encodedTail: encodedTail) == expected)
            }
        }
    }

    /// `TokenCoding`'s numbers written through a `ByteWriter` (a token's head, per exported item) are the
    /// `Writer`'s bytes, at the edges of each varint length too.
    @Test func headNumbersThroughAByteWriterAreTheWritersBytes() {
        var random = SplitMix64(seed: 2_024)
        let edges: [UInt64] = [0, 1, 127, 128, 16_383, 16_384, UInt64(Int64.max), UInt64.max]
        for round in 0..<2_000 {
            let value = round < edges.count ? edges[round] : random.next() >> (random.next() % 64)
            var writer = TokenCoding.Writer()
            writer.varint(value)
            writer.count(Int(truncatingIfNeeded: value))
            writer.signed(Int64(bitPattern: value))
            writer.word(UInt32(truncatingIfNeeded: value))
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 10 + 10 + 10 + 4)
            defer { buffer.deallocate() }
            var out = ByteWriter(buffer)
            TokenCoding.varint(value, to: &out)
            TokenCoding.count(Int(truncatingIfNeeded: value), to: &out)
            TokenCoding.signed(Int64(bitPattern: value), to: &out)
            TokenCoding.word(UInt32(truncatingIfNeeded: value), to: &out)
            #expect(Array(out.written) == writer.bytes, "\(value)")
        }
    }

    /// The base64url writer over a buffer writes exactly `encodedCount` bytes, and they decode back.
    @Test func bufferEncodingWritesItsCountAndDecodesBack() {
        var random = SplitMix64(seed: 99)
        for count in 0..<50 {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let size = Base64URL.encodedCount(count)
            var out = [UInt8](repeating: 0xEE, count: size + 3)
            bytes.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { Base64URL.encode(source, into: $0) }
            }
            #expect(out[size...].allSatisfy { $0 == 0xEE }, "\(count)")
            #expect(Base64URL.decode(String(decoding: out[..<size], as: UTF8.self)) == bytes, "\(count)")
        }
    }
}
