import RiffleBytes
import RiffleTestSupport
import Testing

@testable import RiffleCore

/// `extra` written as JSON text while the item is built (`ItemBuilder.appendExtra`) held to the
/// dictionary way: the text is the bytes `JSONValue.object(extra).write` gives for the dictionary the
/// adapters made before (values `JSONNode.value`, `null` members dropped), `extra` reads back the values
/// that text parses to, and equality and hashing follow `extra`. `ItemStorage` keeps the text behind the
/// tags' end offsets through unsafe pointers, so this suite is also what `make sanitize` runs it with.
@Suite struct ItemExtraJSONTests {
    /// Member names in `String` order, as `JSONValue.write` sorts them (non-ASCII and escapes included).
    static let names = ["a", "date_precision", "iid", "k\n", "label_colors", "notes", "x\"y", "é", "😀"]

    /// Random values (escapes, invalid UTF-8, numbers of every form, literals, nested containers with `null`
    /// members) added under random names, against the dictionary of their `value`s written.
    @Test func writtenAsTheDictionaryIs() async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            #expect(Self.names == Self.names.sorted())
            var random = SplitMix64(seed: 1_818)
            var builder = ItemBuilder()
            for round in 0..<4_000 {
                var bytes: [UInt8] = Array("[".utf8)
                for position in 0..<Self.names.count {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    DifferentialInputs.value(&random, depth: 2, into: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
                let nodes = try JSONDocument(parsing: bytes).root.elements ?? []
                var dictionary: [String: JSONValue] = [:]
                builder.set(.title, text: "t\(round)")
                for (name, node) in zip(Self.names, nodes) where random.next() % 3 != 0 {
                    if random.next() % 4 == 0 {
                        builder.appendExtra(name, value: node.value)
                    } else {
                        let missing = random.next() % 8 == 0
                        builder.appendExtra(name, missing ? nil : node)
                        if missing { continue }
                    }
                    dictionary[name] = node.value
                }
                let item = try builder.build(id: "i\(round)", time: Timestamp(unixSeconds: 3))
                let kept = JSONValue.droppingNullMembers(dictionary)
                var expected: [UInt8] = []
                JSONValue.object(kept).write(to: &expected)
                let comment = String(decoding: bytes.prefix(400), as: UTF8.self)
                let text = item.withExtraJSON { Array($0) }
                #expect(text == (kept.isEmpty ? nil : expected), "\(comment)")
                // Read again as the store reads it: the text holds no `null` member (an infinite number is left
                // out too), so written again it is the same bytes — the store keeps it as it is.
                var reread: [String: JSONValue] = [:]
                if case .object(let members) = try JSONValue(parsing: expected) {
                    reread = JSONValue.droppingNullMembers(members)
                    #expect(reread == members, "\(comment)")
                }
                var rewritten: [UInt8] = []
                JSONValue.object(reread).write(to: &rewritten)
                #expect(kept.isEmpty || rewritten == expected, "\(comment)")
                #expect(item.extra == reread, "\(comment)")
                let same = Item(id: "i\(round)", time: Timestamp(unixSeconds: 3), title: "t\(round)", extra: reread)
                #expect(item == same && item.hashValue == same.hashValue, "\(comment)")
                #expect(item.title == "t\(round)" && item.tags.isEmpty, "\(comment)")
            }
        }
    }

    /// GitLab's label colours written from the page's nodes (`appendExtra(_:stringMembers:)`) against the
    /// dictionary the adapter made before: `colors[name] = .string(color)` for each label with a string
    /// colour, in order (the last of a name wins), written with its keys sorted.
    @Test func labelColoursAsTheDictionaryIs() throws {
        let names = ["bug", "ui", "é", "b\"q", "😀", "Bug", "a b", "bug\n"]
        let colors = [##""#f00""##, #""\u00e9\n""#, "12", "null", "true", #""""#, ##""#00ff00""##, "[1]", #"{"a":1}"#]
        var random = SplitMix64(seed: 3_737)
        var builder = ItemBuilder()
        var pairs: [(name: String, value: JSONNode)] = []
        for round in 0..<3_000 {
            let count = Int(random.next() % 7)
            let picked = (0..<count).map { _ in
                (names[Int(random.next() % UInt64(names.count))], colors[Int(random.next() % UInt64(colors.count))])
            }
            let text = "[" + picked.map(\.1).joined(separator: ",") + "]"
            let nodes = try JSONDocument(parsing: Array(text.utf8)).root.elements ?? []
            var dictionary: [String: JSONValue] = [:]
            pairs.removeAll(keepingCapacity: true)
            for ((name, _), node) in zip(picked, nodes) {
                if let color = node.stringValue { dictionary[name] = .string(color) }
                pairs.append((name, node))
            }
            builder.set(.title, text: "t")
            builder.appendExtra("iid", value: .int(Int64(round)))
            builder.appendExtra("label_colors", stringMembers: &pairs)
            let item = try builder.build(id: "i\(round)", time: Timestamp(unixSeconds: 3))
            var extra: [String: JSONValue] = ["iid": .int(Int64(round))]
            if !dictionary.isEmpty { extra["label_colors"] = .object(dictionary) }
            var expected: [UInt8] = []
            JSONValue.object(extra).write(to: &expected)
            let comment = "\(picked)"
            #expect(item.withExtraJSON { Array($0) } == expected, "\(comment)")
            #expect(item.extra == extra, "\(comment)")
        }
    }

    /// The text lies after the tags' end offsets: tags and texts of every size read back whole beside it,
    /// and two built items compare by their texts and `extra` alike.
    @Test func besideTagsAndTexts() throws {
        var random = SplitMix64(seed: 2_929)
        var builder = ItemBuilder()
        let document = try JSONDocument(parsing: Array(#"[12, "opened", "v1.0", {"a": null, "b": [null, 1]}]"#.utf8))
        let nodes = document.root.elements ?? []
        for round in 0..<2_000 {
            let title = String(repeating: "é", count: Int(random.next() % 40))
            let tags = (0..<Int(random.next() % 5)).map { "tag\($0)" + String(repeating: "x", count: round % 17) }
            builder.set(.title, text: title)
            builder.set(.summary, text: "s")
            for tag in tags { builder.appendTag(text: tag) }
            builder.appendExtra("iid", nodes[0])
            if round % 2 == 0 { builder.appendExtra("label_colors", value: .object(["b": .string("#fff")])) }
            builder.appendExtra("milestone", nodes[2])
            builder.appendExtra("nested", nodes[3])
            builder.appendExtra("state", nodes[1])
            let item = try builder.build(id: "i", time: Timestamp(unixSeconds: 9))
            var extra: [String: JSONValue] = [
                "iid": .int(12), "milestone": .string("v1.0"), "nested": .object(["b": .array([.null, .int(1)])]),
                "state": .string("opened"),
            ]
            if round % 2 == 0 { extra["label_colors"] = .object(["b": .string("#fff")]) }
            let expected = Item(
                id: "i", time: Timestamp(unixSeconds: 9), title: title, summary: "s", tags: tags, extra: extra)
            #expect(item.title == title && item.tags == tags && item.summary == "s" && item.extra == extra)
            #expect(item == expected && item.hashValue == expected.hashValue)
            var written: [UInt8] = []
            JSONValue.object(extra).write(to: &written)
            #expect(item.withExtraJSON { Array($0) } == written)
            // Built again without extra: no text, and the builder forgot the last item's members.
            builder.set(.title, text: title)
            let bare = try builder.build(id: "i", time: Timestamp(unixSeconds: 9))
            #expect(bare.withExtraJSON { _ in true } == nil && bare.extra.isEmpty && bare != item)
            var changed = item
            changed.extra["state"] = .string("closed")
            #expect(changed.extra["state"] == .string("closed") && changed.extra["iid"] == .int(12) && changed != item)
        }
    }

    /// Members added out of order, or a name twice, are sorted and the last of each name kept, in release builds
    /// as in debug ones: the text is the one the dictionary of them writes, and it reads back as that dictionary.
    @Test func extraMembersOutOfOrderAreSortedAndTheLastOfANameKept() throws {
        var builder = ItemBuilder()
        builder.set(.title, text: "t")
        builder.appendExtra("state", value: .string("opened"))
        builder.appendExtra("iid", value: .int(1))
        builder.appendExtra("state", value: .string("closed"))
        builder.appendExtra("a", value: .array([.int(2)]))
        let item = try builder.build(id: "i", time: Timestamp(unixSeconds: 9))
        let expected: [String: JSONValue] = ["a": .array([.int(2)]), "iid": .int(1), "state": .string("closed")]
        #expect(item.extraJSONText == JSONValue.object(expected).jsonText)
        #expect(try item.readExtra() == expected)
        // The builder is ready for an item in order again.
        builder.appendExtra("b", value: .int(1))
        builder.appendExtra("c", value: .int(2))
        #expect(try builder.build(id: "j", time: Timestamp(unixSeconds: 9)).extraJSONText == #"{"b":1,"c":2}"#)
    }
}
