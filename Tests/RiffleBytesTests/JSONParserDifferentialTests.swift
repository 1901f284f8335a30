import RiffleBytes
import RiffleCore
import RiffleTestSupport
import Testing

/// The byte-level parser and the SWAR string writer held to what the code before them did, over
/// generated inputs: the same values, the same errors at the same offsets, the same bytes (the RFC 3339
/// writer's counterpart is `TimestampFormatDifferentialTests.timesAreWrittenAsBefore`). They read memory through unsafe pointers, so these tests are also what the
/// AddressSanitizer run (`make sanitize`) exercises them with.
@Suite struct JSONParserDifferentialTests {
    /// Parses `bytes` with both parsers and expects the same value or the same error.
    func expectSame(_ bytes: [UInt8], _ comment: String = "") {
        let new = Result { () throws(JSONParseError) in try JSONValue(parsing: bytes) }
        var reference = ReferenceJSONParser(bytes: bytes)
        let old = Result { () throws(ReferenceParseError) in try reference.parseDocument() }
        let text = String(decoding: bytes.prefix(200), as: UTF8.self)
        switch (new, old) {
        case (.success(let value), .success(let expected)):
            #expect(value == expected, "\(comment) \(text)")
        case (.failure(let error), .failure(let expected)):
            #expect(
                error.offset == expected.offset && error.reason == expected.reason, "\(comment) \(text)")
        case (.success(let value), .failure(let expected)):
            Issue.record(
                "new parsed \(value), old refused at \(expected.offset) (\(expected.reason)): \(text)")
        case (.failure(let error), .success(let expected)):
            Issue.record(
                "new refused at \(error.offset) (\(error.reason)), old parsed \(expected): \(text)")
        }
    }

    @Test func generatedDocumentsParseTheSame() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<3_000 {
            var bytes: [UInt8] = []
            DifferentialInputs.value(&random, depth: 0, into: &bytes)
            expectSame(bytes, "valid")
        }
    }

    @Test func damagedDocumentsFailTheSame() {
        var random = SplitMix64(seed: 1_717)
        for round in 0..<6_000 {
            guard let bytes = DifferentialInputs.damagedDocument(&random, round: round) else { continue }
            expectSame(bytes, "damaged")
        }
    }

    @Test(arguments: [
        "0", "-0", "-", "01", "1.", "1.5e", "1e+", "1E-2", "-12.5e+3", "999999999999999999",
        "-999999999999999999",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "1e400", "-1e-400", "0.0000001", "[1,-0,2e2,3.25]", "1x",
        "--1", "+1",
    ])
    func numbersParseTheSame(text: String) {
        expectSame(Array(text.utf8))
    }

    @Test(arguments: [
        #""\ud83d\ude00""#, #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800\n""#,
        #""\ud800\""#,
        #""\ud800\uZZZZ""#, #""\ud800\udbff\udc00""#, #""\u00e9\u0000\u001F""#, #""\u12""#, #""\x""#,
        "\"\\",
        "\"abcdefgh\u{1}ijklmnop\"", "\"abcdefghijklmnop", "\"0123456\\\"789abcdef\"",
        "\"\u{7F}\u{80}\"",
    ])
    func escapesParseTheSame(text: String) {
        expectSame(Array(text.utf8))
    }

    @Test func invalidUTF8IsRepairedTheSame() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], [0x22, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0xC3, 0x22],
            [0x22, 0xF0, 0x9F, 0x98, 0x5C, 0x6E, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xC0, 0xAF, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x22],
            [0xEF, 0xBB, 0xBF, 0x31],
        ]
        for bytes in cases { expectSame(bytes) }
    }

    @Test func nestingAtAndPastTheLimitFailsTheSame() {
        for depth in [JSONValue.maxDepth - 1, JSONValue.maxDepth, JSONValue.maxDepth + 1, 5_000] {
            expectSame(
                Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
            let objects =
                String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            expectSame(Array(objects.utf8))
            let mixed =
                String(repeating: #"[{"k":["#, count: depth / 3)
                + String(repeating: "]}]", count: depth / 3)
            expectSame(Array(mixed.utf8))
        }
    }

    @Test func repeatedMemberNamesKeepTheLastValue() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":[{"a":2,"a":3}],"a":4}"#)
        #expect(value == .object(["a": .int(4), "b": .array([.object(["a": .int(3)])])]))
        expectSame(Array(#"{"a":1,"b":[{"a":2,"a":3}],"a":4}"#.utf8))
    }

    @Test func stringsAreWrittenAsBefore() {
        var random = SplitMix64(seed: 3)
        let pieces = [
            "a", "bcdefghij", " ", "\"", "\\", "\n", "\r", "\t", "\u{1}", "\u{1F}", "\u{7F}", "é", "😀",
            "/",
        ]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(random.next() % 24) {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
            }
            var written: [UInt8] = []
            JSONValue.writeString(text, to: &written)
            #expect(written == DifferentialInputs.referenceEscaped(text), "\(text.debugDescription)")
        }
    }
}
