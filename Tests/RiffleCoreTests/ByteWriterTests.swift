import RiffleBytes
import Testing

@testable import RiffleCore

/// `JSONString.write(utf8:to:)` and `Timestamp.writeRFC3339(to: ByteWriter)`, which write through a
/// `ByteWriter` into room reserved beforehand (the export's way), held to the array
/// writers over random texts (every escape, runs of every length around the eight-byte words, invalid
/// UTF-8), each written into a buffer of exactly its bound, so AddressSanitizer (`make sanitize`) sees any
/// write past it.
@Suite struct ByteWriterTests {
    /// `JSONString.append(utf8:to:)`, the array form: the reference.
    static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        bytes.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &out) }
        return out
    }

    /// A JSON string written byte by byte, with no word-at-a-time scan: what both writers must give.
    static func naive(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x22]
        let hex = Array("0123456789abcdef".utf8)
        for byte in bytes {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20, 0x7F:
                out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return out
    }

    static func randomText(_ random: inout SplitMix64) -> [UInt8] {
        let count = Int(random.next() % 70)
        let special: [UInt8] = [0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x00, 0x01, 0x1F, 0x7F, 0x20, 0x80, 0xFF, 0xE9]
        return (0..<count).map { _ in
            random.next() % 5 == 0
                ? special[Int(random.next() % UInt64(special.count))] : UInt8(0x21 + random.next() % 90)
        }
    }

    @Test func stringsAreTheArrayWritersBytes() {
        var random = SplitMix64(seed: 3_030)
        for round in 0..<20_000 {
            let text = Self.randomText(&random)
            let bound = JSONString.bound(text.count)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bound)
            defer { buffer.deallocate() }
            var writer = ByteWriter(buffer)
            text.withUnsafeBufferPointer { JSONString.write(utf8: $0, to: &writer) }
            let written = Array(writer.written)
            #expect(written == Self.reference(text), "\(round): \(text)")
            #expect(written == Self.naive(text), "\(round): \(text)")
            #expect(written.count <= bound)
        }
        // The worst case fills the bound exactly.
        let controls = [UInt8](repeating: 0x01, count: 33)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: JSONString.bound(controls.count))
        defer { buffer.deallocate() }
        var writer = ByteWriter(buffer)
        controls.withUnsafeBufferPointer { JSONString.write(utf8: $0, to: &writer) }
        #expect(writer.count == JSONString.bound(controls.count))
    }

    /// Texts of every length to 80 with at most one byte that needs an escape, at every place (or none), among
    /// plain ASCII and UTF-8 of other scripts: `escapeFreeEnd`, which goes sixteen and eight bytes at a time
    /// and reads a text's last bytes as the word that ends with them, finds what a scan byte by byte finds,
    /// and the string written is the naive one. Each text lies in memory of exactly its length, so
    /// AddressSanitizer sees any read past it.
    @Test func plainRunsEndWhereAByteScanSaysAtEveryLengthAndPlace() {
        let fillers: [[UInt8]] = [Array("abcdefgh".utf8), Array("日本語のタイトル".utf8), Array("Ελληνικά — عربي".utf8)]
        let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F, 0x7F]
        for count in 0...80 {
            for filler in fillers {
                for place in -1..<count {
                    var text = (0..<count).map { filler[$0 % filler.count] }
                    if place >= 0 { text[place] = specials[(count + place) % specials.count] }
                    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
                    defer { memory.deallocate() }
                    _ = memory.initialize(fromContentsOf: text)
                    let bytes = UnsafeBufferPointer(memory)
                    // From right after the escape too, as `writeString` goes on, with that byte in the last word.
                    for start in [0, place / 2, max(0, place), place + 1] where start <= count {
                        let expected = place >= start ? place : count
                        #expect(JSONString.escapeFreeEnd(bytes, from: start) == expected, "\(count) \(place) \(start)")
                    }
                    let bound = JSONString.bound(count)
                    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bound)
                    defer { buffer.deallocate() }
                    var writer = ByteWriter(buffer)
                    JSONString.write(utf8: bytes, to: &writer)
                    let written = Array(writer.written)
                    #expect(written == Self.naive(text), "\(count) \(place)")
                }
            }
        }
    }

    @Test func timesAreTheArrayWritersBytesWithinTheirBound() {
        var random = SplitMix64(seed: 4_040)
        for round in 0..<20_000 {
            let micros =
                round % 2 == 0 ? Int64(bitPattern: random.next()) >> 3 : Int64(random.next() % 4_102_444_800_000_000)
            let time = Timestamp(microseconds: micros)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Timestamp.rfc3339Bound)
            defer { buffer.deallocate() }
            var writer = ByteWriter(buffer)
            time.writeRFC3339(to: &writer)
            let written = Array(writer.written)
            #expect(written == Array(time.rfc3339.utf8), "\(micros)")
        }
    }

    /// Times written one after another through one `RFC3339Day` (the export's way: the date copied when the
    /// day is the one before's) are each `rfc3339`: runs within a day, across midnight both ways, before 1970,
    /// and years outside 0…9999 (never kept), each into a buffer of exactly its bound.
    @Test func timesWrittenReusingTheDayAreTheirRFC3339() {
        var random = SplitMix64(seed: 5_050)
        var day = Timestamp.RFC3339Day()
        var micros: Int64 = 1_793_000_000_000_000
        for round in 0..<20_000 {
            switch random.next() % 10 {
            case 0: micros = Int64(bitPattern: random.next()) >> 3
            case 1: micros = -Int64(random.next() % 200_000_000_000_000)
            case 2: micros = (micros / 86_400_000_000) * 86_400_000_000 + Int64(random.next() % 3) - 1
            default: micros -= Int64(random.next() % 7_200_000_000) * (round % 3 == 0 ? 1_000 : 1)
            }
            let time = Timestamp(microseconds: micros)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Timestamp.rfc3339Bound)
            defer { buffer.deallocate() }
            var writer = ByteWriter(buffer)
            time.writeRFC3339(to: &writer, reusing: &day)
            let written = Array(writer.written)
            #expect(written == Array(time.rfc3339.utf8), "\(round): \(micros)")
        }
    }

    /// The parsers' form of the one scan (`JSONString.plainRunEnd`: DEL does not stop it) over texts of every
    /// length to 80 with at most one byte that stops it at every place, from several starts: it stops where a
    /// scan byte by byte stops, and the bytes it reports seen hold a high bit exactly when one before the stop
    /// is not ASCII. Each text lies in memory of exactly its length, so AddressSanitizer sees any read past it.
    @Test func parserRunsEndWhereAByteScanSaysAtEveryLengthAndPlace() {
        let fillers: [[UInt8]] = [Array("abcdefgh".utf8), Array("日本語のタイトル".utf8), Array("a\u{7F}bé".utf8)]
        let specials: [UInt8] = [0x22, 0x5C, 0x0A, 0x00, 0x1F]
        for count in 0...80 {
            for filler in fillers {
                for place in -1..<count {
                    var text = (0..<count).map { filler[$0 % filler.count] }
                    if place >= 0 { text[place] = specials[(count + place) % specials.count] }
                    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
                    defer { memory.deallocate() }
                    _ = memory.initialize(fromContentsOf: text)
                    for start in [0, place / 2, max(0, place), place + 1] where start <= count {
                        let expected = place >= start ? place : count
                        var seen: UInt64 = 0
                        let end = JSONString.plainRunEnd(UnsafeBufferPointer(memory), from: start, seen: &seen)
                        #expect(end == expected, "\(count) \(place) \(start)")
                        let nonASCII = text[start..<max(start, expected)].contains { $0 >= 0x80 }
                        #expect((seen & 0x8080_8080_8080_8080 != 0) == nonASCII, "\(count) \(place) \(start)")
                    }
                }
            }
        }
    }

    /// A writer whose bound was counted short stops the program at the write that would pass its room, before
    /// it writes there: in release builds too (a precondition).
    @Test func aWritePastTheRoomTraps() async {
        await #expect(processExitsWith: .failure) {
            let buffer = ByteBuffer(capacity: 64)
            buffer.write(reserving: 4) { out in
                out.put("abcd")
                out.put(UInt8(ascii: "e"))
            }
        }
        await #expect(processExitsWith: .failure) {
            ByteWriter.withRoom(3) { out in JSONString.write("ab", to: &out) }
        }
    }

    /// Writes that fit their room exactly are kept whole, through every form of `put`.
    @Test func writesThatFillTheRoomAreKept() {
        let buffer = ByteBuffer(capacity: 1)
        buffer.write(reserving: 12) { out in
            out.put("ab")
            out.put(UInt8(ascii: "c"))
            out.put([0x64, 0x65])
            out.put([0x66, 0x67, 0x68][1...])
            out.put(utf8: "ij")
            out.put([0x6B, 0x6C, 0x6D][...0])
            #expect(out.room == 2)
        }
        #expect(buffer.bytes == Array("abcdeghijk".utf8))
    }
}
