import RiffleBytes
import RiffleTestSupport
import Testing

@testable import RiffleCore

/// The one-buffer `Item` held to the `String` way: items built from a page's bytes through
/// `ItemBuilder` against items made with `Item(id:time:title:…)` from the texts `JSONNode` gives, their
/// texts read back as bytes and written as JSON against the per-byte reference writer, and the
/// `String` API's getters, setters, equality and hashing. `ItemStorage` reads and writes through unsafe
/// pointers, so these tests are also what `make sanitize` runs it with.
@Suite struct ItemBuilderDifferentialTests {
    /// A random text: empty, short, long (past the 15 bytes of a small `String`, past a few SWAR words),
    /// with escapes' characters, non-ASCII and canonically equivalent spellings.
    static func text(_ random: inout SplitMix64) -> String {
        let pieces = [
            "", "a", "abcdefghijklmnopq", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "e\u{301}", "😀", "0123456",
            "K", "\u{212A}", " ",
        ]
        var text = ""
        for _ in 0..<Int(random.next() % 9) { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }

    static func optionalText(_ random: inout SplitMix64) -> String? {
        random.next() % 3 == 0 ? nil : text(&random)
    }

    /// Expects every text of `item` to be `expected`'s, byte for byte, and written as JSON as the
    /// reference writer writes it.
    func expectSameTexts(_ item: Item, _ expected: Item, _ comment: String) {
        for field in Item.TextField.allCases {
            let bytes = item.withUTF8(field) { Array($0) }
            let text: String? =
                switch field {
                case .title: expected.title
                case .url: expected.url
                case .author: expected.author
                case .summary: expected.summary
                }
            #expect(bytes == text.map { Array($0.utf8) }, "\(field) \(comment)")
            var written: [UInt8] = []
            _ = item.withUTF8(field) { JSONString.append(utf8: $0, to: &written) }
            #expect(written == (text.map { DifferentialInputs.referenceEscaped($0) } ?? []), "\(field) \(comment)")
        }
        #expect(item.tagCount == expected.tags.count, "\(comment)")
        for (position, tag) in expected.tags.enumerated() where position < item.tagCount {
            #expect(item.withTagUTF8(at: position) { Array($0) } == Array(tag.utf8), "tag \(position) \(comment)")
        }
        #expect(item.tags == expected.tags && item.id == expected.id && item.extra == expected.extra, "\(comment)")
        #expect(item == expected && item.hashValue == expected.hashValue, "\(comment)")
    }

    /// Generated values (escapes, surrogates, invalid UTF-8, numbers, literals, containers) read into each
    /// field by every `Reading`, against the texts `scalarText` and `stringValue` give.
    @Test func builtFromThePageAsFromStrings() throws {
        var random = SplitMix64(seed: 1_717)
        var builder = ItemBuilder()
        for round in 0..<4_000 {
            var bytes: [UInt8] = Array("[".utf8)
            for position in 0..<6 {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                DifferentialInputs.value(&random, depth: 3, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            let document = try JSONDocument(parsing: bytes)
            let nodes = document.root.elements ?? []
            let readings: [ItemBuilder.Reading] = [.scalarText, .nonEmptyText, .string]
            let reading = readings[round % 3]
            func expectedText(_ node: JSONNode) -> String? {
                switch reading {
                case .scalarText: return node.scalarText
                case .nonEmptyText: return node.scalarText.flatMap { $0.isEmpty ? nil : $0 }
                case .string: return node.stringValue
                }
            }
            let comment = "\(reading) \(String(decoding: bytes.prefix(300), as: UTF8.self))"
            // A field set twice keeps the second text; one left alone when a node has none keeps the first.
            builder.set(.url, text: "replaced")
            #expect(builder.set(.title, textOf: nodes[0], reading) == (expectedText(nodes[0]) != nil), "\(comment)")
            let fields: [(Item.TextField, JSONNode)] = [(.url, nodes[1]), (.author, nodes[2]), (.summary, nodes[3])]
            for (field, node) in fields {
                #expect(builder.set(field, textOf: node, reading) == (expectedText(node) != nil), "\(comment)")
            }
            #expect(builder.appendTag(textOf: nodes[4], reading) == (expectedText(nodes[4]) != nil), "\(comment)")
            builder.appendTags(at: ["title"], of: nodes[5])
            let tags = [expectedText(nodes[4])].compactMap { $0 } + nodes[5].scalarTexts(at: ["title"])
            let extra: [String: JSONValue] = ["n": .int(Int64(round)), "gone": .null]
            let item = try builder.build(id: "I_kwDOSbx1F27Mb2c\(round)", time: Timestamp(unixSeconds: 7), extra: extra)
            let expected = Item(
                id: "I_kwDOSbx1F27Mb2c\(round)", time: Timestamp(unixSeconds: 7), title: expectedText(nodes[0]) ?? "",
                url: expectedText(nodes[1]) ?? "replaced",
                author: expectedText(nodes[2]), summary: expectedText(nodes[3]), tags: tags,
                extra: ["n": .int(Int64(round))])
            expectSameTexts(item, expected, comment)
        }
    }

    /// Strings without escapes of random bytes, mostly past ASCII (lead bytes of every length, continuation
    /// bytes, surrogates, overlong forms, sequences cut short): copied from the page when they are valid
    /// UTF-8, else repaired — either way the bytes `String(decoding:)` gives.
    @Test func rawBytesAsStringDecodingGivesThem() throws {
        var random = SplitMix64(seed: 3_333)
        let interesting: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var builder = ItemBuilder()
        for _ in 0..<20_000 {
            var text: [UInt8] = []
            for _ in 0..<Int(random.next() % 8) {
                let roll = random.next()
                text.append(
                    roll % 4 == 0 ? UInt8(0x20 + roll % 0x5F) : interesting[Int(roll % UInt64(interesting.count))])
            }
            text.removeAll { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            let document = try JSONDocument(parsing: Array("[\"".utf8) + text + Array("\"]".utf8))
            builder.set(.title, textOf: document.root.elements?.first, .scalarText)
            let item = try builder.build(id: "i", time: Timestamp(unixSeconds: 0))
            let expected = Array(String(decoding: text, as: UTF8.self).utf8)
            #expect(item.withUTF8(.title) { Array($0) } == expected, "\(text)")
        }
    }

    /// Items made from `String`s give their texts back, bytes and strings, and written as the reference
    /// writer writes them; each setter changes its field alone.
    @Test func stringsRoundTrip() throws {
        var random = SplitMix64(seed: 9_090)
        for _ in 0..<3_000 {
            let id = Self.text(&random)
            let title = Self.text(&random)
            let url = Self.optionalText(&random)
            let author = Self.optionalText(&random)
            let summary = Self.optionalText(&random)
            let tags = (0..<Int(random.next() % 4)).map { _ in Self.text(&random) }
            let time = Timestamp(unixSeconds: Int64(random.next() % 2_000_000_000))
            var item = Item(
                id: id, time: time, title: title, url: url, author: author, summary: summary, tags: tags,
                extra: ["k": .string(title)])
            let comment = "\(id.debugDescription) \(title.debugDescription)"
            #expect(item.id == id && item.title == title && item.url == url && item.author == author, "\(comment)")
            #expect(item.summary == summary && item.tags == tags && item.time == time, "\(comment)")
            let copy = item
            let other = Self.optionalText(&random)
            item.summary = other
            #expect(item.summary == other && item.title == title && item.url == url && item.tags == tags, "\(comment)")
            #expect((item == copy) == (other == summary), "\(comment)")
            item.summary = summary
            #expect(item == copy && item.hashValue == copy.hashValue, "\(comment)")
            item.id = id + "/x"
            item.tags.append("t")
            item.extra["s"] = .string("src")
            #expect(item.id == id + "/x" && item.tags == tags + ["t"] && item.title == title, "\(comment)")
            #expect(item.extra == ["k": .string(title), "s": .string("src")] && item != copy, "\(comment)")
        }
    }

    /// Equality is the `String`s': canonically equivalent texts are equal (and hash alike), an empty field is
    /// not an absent one, and texts that differ only in where one ends and the next begins differ.
    @Test func equalityIsTheStrings() throws {
        let time = Timestamp(unixSeconds: 1)
        let composed = Item(id: "é", time: time, title: "café", tags: ["é"])
        let decomposed = Item(id: "e\u{301}", time: time, title: "cafe\u{301}", tags: ["e\u{301}"])
        #expect(composed == decomposed && composed.hashValue == decomposed.hashValue)
        #expect(Item(id: "a", time: time, title: "t", url: "") != Item(id: "a", time: time, title: "t"))
        #expect(
            Item(id: "a", time: time, title: "ab", url: "c") != Item(id: "a", time: time, title: "a", url: "bc"))
        #expect(
            Item(id: "a", time: time, title: "t", tags: ["a", "b"])
                != Item(id: "a", time: time, title: "t", tags: ["ab"]))
        #expect(
            Item(id: "a", time: time, title: "t", author: "x") != Item(id: "a", time: time, title: "t", summary: "x"))
        #expect(Item(id: "a", time: time, title: "t") != Item(id: "b", time: time, title: "t"))
        #expect(Item(id: "a", time: time, title: "t") != Item(id: "a", time: Timestamp(unixSeconds: 2), title: "t"))
        #expect(
            Item(id: "a", time: time, title: "t", extra: ["x": .null, "y": .object(["z": .null])])
                .extra == ["y": .object([:])])
    }
    /// An item of an id and a title alone, made from `String`s (kept as the two strings), is the same item as
    /// one of the same texts built through `ItemBuilder` (kept in a buffer): equal, hashed alike, its title's
    /// bytes and JSON the same; and giving it a field, or taking the field away again, keeps it equal to the
    /// item made with the fields at once.
    @Test func aBareItemIsTheBuiltOne() throws {
        var random = SplitMix64(seed: 4_242)
        var builder = ItemBuilder()
        for _ in 0..<2_000 {
            let id = Self.text(&random)
            let title = Self.text(&random)
            let time = Timestamp(unixSeconds: Int64(random.next() % 2_000_000_000))
            let bare = Item(id: id, time: time, title: title)
            builder.set(.title, text: title)
            let built = try builder.build(id: id, time: time)
            let comment = "\(id.debugDescription) \(title.debugDescription)"
            expectSameTexts(bare, built, comment)
            expectSameTexts(built, bare, comment)
            #expect(bare.url == nil && bare.author == nil && bare.summary == nil && bare.tags.isEmpty, "\(comment)")
            #expect(bare.extra.isEmpty && bare.tagCount == 0, "\(comment)")
            var changed = bare
            let url = Self.text(&random)
            changed.url = url
            #expect(changed == Item(id: id, time: time, title: title, url: url) && changed != bare, "\(comment)")
            changed.url = nil
            #expect(changed == bare && changed.hashValue == bare.hashValue, "\(comment)")
        }
    }
}
