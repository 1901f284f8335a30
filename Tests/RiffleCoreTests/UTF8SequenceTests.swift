import RiffleBytes
import RiffleCore
import RiffleTestSupport
import Testing

/// `UTF8Sequence.isWellFormed`, which lets the item builder copy a page's strings as they lie, held to
/// `String(decoding:as:)`: bytes are well-formed exactly when decoding keeps them unchanged. Its ASCII
/// runs are read eight bytes at a time through a raw pointer, so the texts put non-ASCII bytes at every
/// offset of a word and end at every length; `make sanitize` runs it too.
@Suite struct UTF8SequenceTests {
    /// Bytes that start, continue or break sequences.
    static let pieces: [[UInt8]] = [
        [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xA9], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE0, 0x80, 0x80],
        // Around the two- and three-byte sequences checked without `length`: their edges, cut short, a bad
        // second or third byte, the leads next to them.
        [0xC2, 0x80], [0xDF, 0xBF], [0xC1, 0xBF], [0xE1, 0x80, 0x80], [0xEC, 0xBF, 0xBF], [0xEE, 0x80, 0x80],
        [0xEF, 0xBF, 0xBF], [0xE2, 0x82], [0xE2, 0xC2, 0xAC], [0xE2, 0x82, 0xC0], [0xDF, 0xC0], [0xE0, 0xA0, 0x80],
        [0xF0, 0x90, 0x80, 0x80],
    ]

    @Test func wellFormedAsStringDecodingKeepsThem() {
        var random = SplitMix64(seed: 8_080)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            let length = Int(random.next() % 40)
            while bytes.count < length {
                if random.next() % 9 == 0 {
                    bytes.append(contentsOf: Self.pieces[Int(random.next() % UInt64(Self.pieces.count))])
                } else {
                    bytes.append(UInt8(0x20 + random.next() % 0x5F))
                }
            }
            let kept = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            #expect(bytes.withUnsafeBufferPointer { ByteScan.isWellFormedUTF8($0) } == kept, "\(bytes)")
        }
    }

    /// Long ASCII runs (read thirty-two bytes a block, then a word at a time) with one piece at every offset
    /// of the blocks and the words, and texts of every length around the blocks' edges.
    @Test func aPieceAtEveryOffsetOfLongRuns() {
        for length in 0..<100 {
            let run = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }
            #expect(run.withUnsafeBufferPointer { ByteScan.isWellFormedUTF8($0) }, "\(length)")
            for offset in 0...length {
                for piece in Self.pieces {
                    var bytes = run
                    bytes.insert(contentsOf: piece, at: offset)
                    let kept = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
                    #expect(
                        bytes.withUnsafeBufferPointer { ByteScan.isWellFormedUTF8($0) } == kept, "\(length) \(offset)")
                }
            }
        }
    }
}
