import RiffleCore
import Testing

/// `JSONDocument`, the tape the adapters read pages through (issue 17), held to the reference parser over
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

    @Test func generatedDocumentsReadTheSame() throws {
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
                #expect(
                    document.root.select(path[...])?.value == tree.value(at: path),
                    "\(path) \(String(decoding: bytes.prefix(200), as: UTF8.self))")
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

    @Test func nestingAtAndPastTheLimitFailsTheSame() {
        for depth in [JSONValue.maxDepth - 1, JSONValue.maxDepth, JSONValue.maxDepth + 1, 5_000] {
            expectSame(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            expectSame(Array(objects.utf8))
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
