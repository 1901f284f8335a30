import RiffleBytes
import RiffleTestSupport
import Testing

@testable import RiffleCore
@testable import RiffleExport

/// `ExportEncoder.writeItem`, which writes an item in parts through `ByteWriter`s into room reserved for
/// the most each part can take, held to the encoder it replaced — written here from the
/// field-by-field accessors and the array writers — over random items whose texts are full of escapes (so
/// the reserved room is used up to its worst case); and `ByteBuffer`'s growth. Unsafe code: run under
/// AddressSanitizer by `make sanitize`.
@Suite struct ExportEncoderTests {
    /// The former `writeItem`.
    static func reference(_ merged: MergedItem, cursor: String) -> [UInt8] {
        var out: [UInt8] = []
        let item = merged.item
        func text(_ field: Item.TextField, named name: String) {
            _ = item.withUTF8(field) { bytes in
                out.append(contentsOf: name.utf8)
                JSONString.append(utf8: bytes, to: &out)
            }
        }
        out.append(contentsOf: #"{"source":"#.utf8)
        JSONValue.writeString(merged.sourceName, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        JSONValue.writeString(item.id, to: &out)
        out.append(contentsOf: #","time":""#.utf8)
        item.time.writeRFC3339(to: &out)
        out.append(contentsOf: #"","title":"#.utf8)
        text(.title, named: "")
        text(.url, named: #","url":"#)
        text(.author, named: #","author":"#)
        text(.summary, named: #","summary":"#)
        if item.tagCount > 0 {
            out.append(contentsOf: #","tags":["#.utf8)
            for position in 0..<item.tagCount {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                item.withTagUTF8(at: position) { JSONString.append(utf8: $0, to: &out) }
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(contentsOf: #","cursor":""#.utf8)
        out.append(contentsOf: cursor.utf8)
        out.append(UInt8(ascii: "\""))
        let wroteText: Void? = item.withExtraJSON { text in
            out.append(contentsOf: #","extra":"#.utf8)
            out.append(contentsOf: text)
        }
        if wroteText == nil, !item.extra.isEmpty {
            out.append(contentsOf: #","extra":"#.utf8)
            JSONValue.object(item.extra).write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    static func text(_ random: inout SplitMix64, escapes: Bool) -> String {
        let pieces =
            escapes
            ? ["\u{1}", "\u{1F}", "\"", "\\", "\n", "\u{7F}", "é", "😀", "a"] : ["a", "bc", "é", " ", "long words "]
        return (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func itemsAreTheFormerEncodersBytes() throws {
        var random = SplitMix64(seed: 5_050)
        for round in 0..<3_000 {
            let escapes = round % 2 == 0
            func optional() -> String? { random.next() % 3 == 0 ? nil : Self.text(&random, escapes: escapes) }
            let tags = (0..<Int(random.next() % 6)).map { _ in Self.text(&random, escapes: escapes) }
            let extra: [String: JSONValue] =
                random.next() % 3 == 0
                ? ["iid": .int(Int64(round)), "s": .string(Self.text(&random, escapes: escapes))] : [:]
            var item = Item(
                id: Self.text(&random, escapes: escapes),
                time: Timestamp(microseconds: Int64(bitPattern: random.next()) >> 4),
                title: Self.text(&random, escapes: escapes), url: optional(), author: optional(), summary: optional(),
                tags: tags, extra: extra)
            if round % 7 == 0 {
                var builder = ItemBuilder()
                builder.set(.title, text: Self.text(&random, escapes: escapes))
                builder.appendTag(text: Self.text(&random, escapes: escapes))
                builder.appendExtra("note", value: .string(Self.text(&random, escapes: escapes)))
                item = try builder.build(id: "b\(round)", time: Timestamp(unixSeconds: Int64(round)), extra: [:])
            }
            let merged = MergedItem(sourceIndex: 0, sourceName: Self.text(&random, escapes: escapes), item: item)
            let cursor = "r3.AbC-_\(round)"
            var written: [UInt8] = [0x5B]
            ExportEncoder.writeItem(merged, cursor: cursor, into: &written)
            #expect(written == [0x5B] + Self.reference(merged, cursor: cursor), "\(round)")
        }
    }

    @Test func theBufferGrowsAndKeepsItsBytes() throws {
        let buffer = ByteBuffer(capacity: 10)
        var expected: [UInt8] = []
        for round in 0..<500 {
            let part = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &+ round) }
            buffer.append(part)
            expected += part
            buffer.append("ab")
            expected += Array("ab".utf8)
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
        buffer.removeAll()
        #expect(buffer.count == 0 && buffer.bytes.isEmpty)
    }
}
