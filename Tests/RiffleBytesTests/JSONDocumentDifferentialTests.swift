import RiffleBytes
import RiffleCore
import RiffleTestSupport
import Testing

/// `JSONDocument`, the tape the adapters read pages through, held to the reference parser over
/// generated and damaged inputs: the same errors at the same offsets, the same values read out, and every
/// member lookup, element list and dotted path answering what the `JSONValue` tree answers. It reads the
/// received bytes through unsafe pointers, so these tests are also what `make sanitize` runs it with.
@Suite struct JSONDocumentDifferentialTests {
    /// Names asked of every object: the generator's names, one missing, one canonically equivalent to
    /// `é` written differently (a dictionary finds it), and the Kelvin sign, equal to `K` as a Swift string.
    static let names = ["id", "title", "a", "node", "é", "k\n", "missing", "e\u{301}", "K", "\u{212A}"]
    /// Segments of the dotted paths tried.
    static let segments = ["id", "title", "a", "node", "é", "k\n", "0", "1", "-1", "missing"]

    /// Parses `bytes` as a document and with the reference parser, and expects the same value or error.
    func expectSame(_ bytes: [UInt8], _ comment: String = "") {
        let new = Result { () throws(JSONParseError) in try JSONDocument(parsing: bytes) }
        var reference = ReferenceJSONParser(bytes: bytes)
        let old = Result { () throws(ReferenceParseError) in try reference.parseDocument() }
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        switch (new, old) {
        case (.success(let document), .success(let expected)):
            expectSameReading(document.root, expected, "\(comment) \(text)")
        case (.failure(let error), .failure(let expected)):
            #expect(error.offset == expected.offset && error.reason == expected.reason, "\(comment) \(text)")
        case (.success(let document), .failure(let expected)):
            Issue.record(
                "document parsed \(document.root.value), old refused at \(expected.offset) (\(expected.reason)): \(text)"
            )
        case (.failure(let error), .success(let expected)):
            Issue.record("document refused at \(error.offset) (\(error.reason)), old parsed \(expected): \(text)")
        }
    }

    /// Expects `node` to read as `expected` does, all the way down.
    func expectSameReading(_ node: JSONNode, _ expected: JSONValue, _ comment: String) {
        #expect(node.value == expected, "\(comment)")
        #expect(node.stringValue == expected.stringValue, "\(comment)")
        #expect(node.scalarText == expected.scalarText, "\(comment)")
        #expect(node.timestampValue == expected.timestampValue, "\(comment)")
        #expect(node.isNull == (expected == .null), "\(comment)")
        if case .bool(let flag) = expected {
            #expect(node.boolValue == flag, "\(comment)")
        } else {
            #expect(node.boolValue == nil, "\(comment)")
        }
        switch expected {
        case .object(let members):
            #expect(node.elements == nil, "\(comment)")
            for name in Self.names {
                #expect(node[name]?.value == members[name], "\(comment) [\(name)]")
            }
            for (name, member) in members {
                guard let found = node[name] else {
                    Issue.record("no member \(name): \(comment)")
                    continue
                }
                expectSameReading(found, member, comment)
            }
        case .array(let values):
            guard let elements = node.elements, elements.count == values.count else {
                Issue.record("elements differ: \(comment)")
                return
            }
            for (element, value) in zip(elements, values) { expectSameReading(element, value, comment) }
            #expect(node["id"] == nil, "\(comment)")
        default:
            #expect(node.elements == nil && node["id"] == nil, "\(comment)")
        }
    }

    @Test func generatedDocumentsReadTheSame() async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            var random = SplitMix64(seed: 4_217)
            for _ in 0..<3_000 {
                var bytes: [UInt8] = []
                DifferentialInputs.value(&random, depth: 0, into: &bytes)
                expectSame(bytes, "valid")
                // Dotted paths, as the generic adapter walks them.
                guard let document = try? JSONDocument(parsing: bytes), let tree = try? JSONValue(parsing: bytes) else {
                    Issue.record("a generated document did not parse")
                    continue
                }
                for _ in 0..<8 {
                    let path = (0...Int(random.next() % 3)).map { _ in
                        Self.segments[Int(random.next() % UInt64(Self.segments.count))]
                    }
                    let selection = document.root.select(path[...])
                    let expected = tree.value(at: path)
                    let comment = "\(path) \(String(decoding: bytes.prefix(200), as: UTF8.self))"
                    #expect(selection?.value == expected, "\(comment)")
                    #expect(selection?.scalarText == expected?.scalarText, "\(comment)")
                    #expect(selection?.timestampValue == expected?.timestampValue, "\(comment)")
                    #expect(document.root.scalarTexts(at: path[...]) == Self.scalarTexts(expected), "\(comment)")
                }
            }
        }
    }

    /// What an item's `tags` took from a `JSONValue` before they were read in place: an array's elements'
    /// texts, or a scalar's own.
    static func scalarTexts(_ value: JSONValue?) -> [String] {
        switch value {
        case .array(let elements)?: return elements.compactMap(\.scalarText)
        case let value?: return value.scalarText.map { [$0] } ?? []
        case nil: return []
        }
    }

    /// Times read where they lie (`JSONNode.timestampValue`, the bytes parsers of `Timestamp`) against the
    /// same strings read as `JSONValue`s: RFC 3339 in its accepted spellings, plain dates, Unix seconds as
    /// digits, escaped strings, numbers, and near misses of each.
    @Test(arguments: [
        "2026-01-06T15:09:24Z", "2026-01-06t15:09:24z", "2026-01-06 15:09:24Z", "2020-10-06T11:29:00.000Z",
        "2026-01-06T15:09:24.123456+02:00", "2026-01-06T15:09:24.1234567-11:30", "2026-01-06T15:09:60Z",
        "2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z", "2026-01-06T24:00:00Z", "2026-01-06T15:09:24",
        "2026-01-06T15:09:24.Z", "2026-01-06T15:09:24+2:00", "2026-01-06X15:09:24Z", "2026-01-06T15:09:24ZZ",
        "2026-11-01", "2026-13-01", "2026-1-01", "1700000000", "-5", "", "2026-01-06T15:09:24\\u005a",
        "2026-01-06T15:09:24.000000000000000000000000000000000000000000Z", "\\u0032026-11-01", "2026-11-01\\n",
    ])
    func timesReadTheSameInPlace(text: String) throws {
        for json in ["[\"\(text)\"]", "{\"t\":\"\(text)\"}"] {
            let document = try JSONDocument(parsing: Array(json.utf8))
            let tree = try JSONValue(parsing: json)
            let node = document.root.elements?.first ?? document.root["t"]
            let expected: JSONValue? = if case .array(let values) = tree { values.first } else { tree["t"] }
            #expect(node?.timestampValue == expected?.timestampValue, "\(json)")
            #expect(node?.scalarText == expected?.scalarText, "\(json)")
        }
        for number in ["1700000000", "1700000000.5", "-1", "1e3", "true", "null", "{}", "[]"] {
            let document = try JSONDocument(parsing: Array(number.utf8))
            #expect(document.root.timestampValue == (try JSONValue(parsing: number)).timestampValue, "\(number)")
        }
    }

    /// Strings of every length around the string scan's 16- and 8-byte blocks, with an escape, a broken
    /// escape, a control character, a non-ASCII character or a lone backslash at every place, as values,
    /// as member names and cut short: the same values and errors as the reference, and each name found by
    /// its lookup (the scan's answer on ASCII-ness decides how a name is compared: a name with the Kelvin
    /// sign in it is found by one with `K` there, as Swift's strings compare).
    @Test func stringsAcrossTheScansBlocksReadTheSame() throws {
        let inserts: [[UInt8]] = [
            Array("\\n".utf8), Array("\\u00e9".utf8), Array("\\ud83d\\ude00".utf8), Array("\\ud800x".utf8),
            Array("\\q".utf8), [0x01], [0x1F], Array("é".utf8), Array("\u{212A}".utf8), [0x5C],
        ]
        try StringsAcrossBlocks.forEach(inserting: inserts) { string, insert, length, place in
            expectSame(string, "value")
            expectSame(Array("{".utf8) + string + Array(#":1,"z":2}"#.utf8), "name")
            expectSame(Array("[".utf8) + string.dropLast(), "cut short")
            guard insert == Array("\u{212A}".utf8) else { return }
            let document = try JSONDocument(parsing: Array("{".utf8) + string + Array(#":1,"z":2}"#.utf8))
            let name = String(repeating: "a", count: place) + "K" + String(repeating: "a", count: length - place)
            #expect(document.root[name]?.value == .int(1), "\(name)")
        }
    }

    /// The literals as the tape reads them: whole, cut short and misspelt at each byte, alone and in
    /// containers, with the reference's errors at the same offsets.
    @Test func literalsReadTheSame() {
        for word in ["true", "false", "null"] {
            for cut in 0...word.count {
                let part = String(word.prefix(cut))
                for text in [part, "[\(part)]", "{\"a\":\(part)}", "[\(part),1]", "\(part)x"] {
                    expectSame(Array(text.utf8), "cut")
                }
            }
            for place in 0..<word.count {
                var bytes = Array(word.utf8)
                bytes[place] ^= 0x20
                expectSame(bytes, "misspelt")
                expectSame(Array("[".utf8) + bytes + Array("]".utf8), "misspelt")
            }
        }
    }

    /// Documents with more entries than the tape's first room (an entry per eight bytes): dense arrays
    /// and objects, whole and cut short, so the tape grows while it is written, and fails the same.
    @Test func denseDocumentsGrowTheTape() {
        for count in [1, 7, 100, 5_000] {
            let array = "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]"
            let object = "{" + (0..<count).map { "\"\($0 % 10)\":[]" }.joined(separator: ",") + "}"
            for text in [array, object] {
                expectSame(Array(text.utf8), "dense")
                expectSame(Array(text.utf8.dropLast()), "dense, cut short")
            }
        }
    }

    @Test func damagedDocumentsFailTheSame() {
        var random = SplitMix64(seed: 71_717)
        for round in 0..<6_000 {
            guard let bytes = DifferentialInputs.damagedDocument(&random, round: round) else { continue }
            expectSame(bytes, "damaged")
        }
    }

    @Test(arguments: [
        "0", "-0", "-", "01", "1.", "1.5e", "1e+", "1E-2", "-12.5e+3", "9223372036854775807", "9223372036854775808",
        "123456789012345678901234567890", "1e400", "[1,-0,2e2,3.25]", "1x", "--1", "+1", #""\ud83d\ude00""#,
        #""\ud800""#, #""\ud800\uZZZZ""#, #""\u12""#, #""\x""#, "\"\\", "\"abcdefgh\u{1}ijklmnop\"",
        "\"abcdefghijklmnop", "\"0123456\\\"789abcdef\"", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1 2]", "[", "{",
        "{\"\\u212A\":1,\"K\":2}", "{\"K\":1,\"\u{212A}\":2}", "{\"\u{212A}\":3}", "{\"é\":1,\"e\u{301}\":2}",
        "{\"a\":1,\"b\":[{\"a\":2,\"a\":3}],\"a\":4}", "  {\"t\" : true , \"f\":false,\"n\":null } ", "[] x",
    ])
    func casesReadTheSame(text: String) {
        expectSame(Array(text.utf8))
    }

    @Test func invalidUTF8IsRepairedTheSame() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D],
            [0x22, 0xF0, 0x9F, 0x98, 0x5C, 0x6E, 0x22], [0xEF, 0xBB, 0xBF, 0x31],
        ]
        for bytes in cases { expectSame(bytes) }
    }

    @Test func nestingAtAndPastTheLimitFailsTheSame() async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            for depth in [JSONValue.maxDepth - 1, JSONValue.maxDepth, JSONValue.maxDepth + 1, 5_000] {
                expectSame(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
                let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
                expectSame(Array(objects.utf8))
            }
        }
    }

    @Test func flattenedPathsCollectLikeTheTree() throws {
        let text =
            #"{"data":{"edges":[{"node":{"id":"1","tags":["a","b"]}},{"node":null},"#
            + #"{"node":{"id":2,"tags":"c"}}]}}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        let tree = try JSONValue(parsing: text)
        for path in [["data", "edges", "node"], ["data", "edges", "node", "id"], ["data", "edges", "node", "tags"]] {
            let selection = document.root.select(path[...])
            #expect(selection?.value == tree.value(at: path), "\(path)")
            #expect(document.root.scalarTexts(at: path[...]) == Self.scalarTexts(tree.value(at: path)), "\(path)")
            #expect(
                selection?.list?.map(\.value)
                    == tree.value(at: path).flatMap { value -> [JSONValue]? in
                        if case .array(let values) = value { return values }
                        return nil
                    }, "\(path)")
        }
        #expect(document.root.select(["data", "edges", "5"][...]) == nil)
    }
}
