import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleBytes

/// `JSONTapeReader`, the tape's fast way, held to the recursive tape parse it replaced (`JSONParser.parseTape`,
/// kept here as the oracle: `ReferenceTapeParser.swift`): over generated, damaged and edge-case documents it
/// accepts exactly what the recursive parse accepts, and writes the same entries. Errors come from the value
/// parser (the tape reader refuses, `JSONDocument` reads again); `JSONDocumentDifferentialTests` holds those
/// to the reference parser.
/// It reads through unsafe pointers, so these tests are also what the sanitizer runs it with.
@Suite struct JSONTapeReaderTests {
    /// An entry's fields, comparable.
    struct Fields: Equatable {
        var start: UInt32, end: UInt32, next: UInt32, kind: UInt8
    }

    /// The tape the fast way writes (nil where it gives up), and the recursive parse's (nil where it throws).
    static func tapes(_ bytes: [UInt8]) -> (fast: [Fields]?, recursive: [Fields]?) {
        bytes.withUnsafeBufferPointer { buffer in
            var fastTape = JSONTape(capacity: 4)
            let fast: [Fields]? =
                JSONTapeReader.read(buffer, into: &fastTape) ? fields(fastTape.finish()) : nil
            var recursiveTape = JSONTape(capacity: 4)
            var parser = JSONParser(bytes: buffer)
            let recursive: [Fields]? =
                (try? parser.parseTape(into: &recursiveTape)) != nil ? fields(recursiveTape.finish()) : nil
            return (fast, recursive)
        }
    }

    static func fields(_ entries: JSONEntries) -> [Fields] {
        entries.withUnsafeBufferPointer { buffer in
            buffer.map { Fields(start: $0.start, end: $0.end, next: $0.next, kind: $0.kind.rawValue) }
        }
    }

    func expectSame(_ bytes: [UInt8], _ comment: String = "") {
        let (fast, recursive) = Self.tapes(bytes)
        #expect(fast == recursive, "\(comment) \(String(decoding: bytes.prefix(200), as: UTF8.self))")
    }

    @Test func generatedAndDamagedDocumentsWriteTheSameTape() async throws {
        try await offThePoolInTask {
            var random = SplitMix64(seed: 9_021)
            for round in 0..<3_000 {
                var bytes: [UInt8] = []
                DifferentialInputs.value(&random, depth: 0, into: &bytes)
                let (fast, recursive) = Self.tapes(bytes)
                #expect(fast != nil, "a generated document is taken the fast way")
                #expect(fast == recursive, "valid \(String(decoding: bytes.prefix(200), as: UTF8.self))")
                guard let damaged = DifferentialInputs.damagedDocument(&random, round: round) else { continue }
                expectSame(damaged, "damaged")
            }
        }
    }

    /// Strings of every length around the sixteen-byte blocks, with each kind of special byte at every
    /// place, as values and names, whole and cut short.
    @Test func stringsAcrossTheBlocksWriteTheSameTape() {
        let inserts: [[UInt8]] = [
            Array("\\n".utf8), Array("\\u00e9".utf8), Array("\\ud83d\\ude00".utf8), Array("\\q".utf8), [0x01],
            [0x1F], [0x7F], Array("é".utf8), [0xFF], [0x5C], [0x22],
        ]
        StringsAcrossBlocks.forEach(inserting: inserts) { string, _, _, _ in
            expectSame(string, "value")
            expectSame(Array("{".utf8) + string + Array(#":1,"z":2}"#.utf8), "name")
            expectSame(Array("[".utf8) + string.dropLast(), "cut short")
            expectSame(Array("{".utf8) + string.dropLast(), "name cut short")
        }
    }

    @Test(arguments: [
        "", " ", "0", "-0", "-", "01", "1.", "1.5e", "1e+", "-12.5e+3", "123456789012345678901234567890", "1x",
        "true", "tru", "nul", "falsey", "[true,false,null]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "[1 2]", "[",
        "{", "[,1]", "[1,]", "{,}", "{\"a\":}", "{\"a\"}", "{\"a\":1 \"b\":2}", "[] x", "[]]", "{}}", "[}", "{]",
        " \t\r\n{ \"t\" : true , \"f\" : [ 1 , { } , [ ] ] , \"n\":null } \n", "\"a\" \"b\"", "[\"\\\"\",\"\\\\\"]",
        "{\"a\":\"b\\\"}", "[1\u{0}]", "[1]\u{0}", "\u{FEFF}1", "[\"\\u0022\"]", "[0,1,2,3,4,5,6,7,8,9,10,11]",
        "1E5", "1e-5", "-a", "0.0e", "[1.5E+2,-0.0,0e0,-1e-0]", "{\"n\":-}", "{\"n\":0.}", "[00]", "[-01]", "1.e3",
    ])
    func casesWriteTheSameTape(text: String) {
        expectSame(Array(text.utf8))
    }

    @Test func nestingAtAndPastTheLimitIsTakenTheSame() {
        for depth in [JSONValue.maxDepth - 1, JSONValue.maxDepth, JSONValue.maxDepth + 1, 2_000] {
            expectSame(Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8))
            let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            expectSame(Array(objects.utf8))
            expectSame(Array(String(repeating: "[", count: depth).utf8), "open")
        }
    }

    /// A page the way the adapters receive them, dense, with long bodies: the fast way and the document's
    /// readings agree with the recursive tape.
    @Test func aLargePageWritesTheSameTape() {
        var text = #"{"data":{"issues":{"edges":["#
        for number in 0..<300 {
            if number > 0 { text += "," }
            let body = String(repeating: "Café owners in Zürich reported it ☕ \\n ", count: number % 7)
            text += #"{"node":{"id":"I_\#(number)","title":"Fix \#(number)","updatedAt":"2026-10-31T23:06:27Z","#
            text += #""bodyText":"\#(body)","n":\#(number * 37 - 5000),"x":1.5e3,"ok":true,"labels":[]}}"#
        }
        text += #"],"pageInfo":{"endCursor":"Y3Vy","hasNextPage":false}}}}"#
        let (fast, recursive) = Self.tapes(Array(text.utf8))
        #expect(fast != nil)
        #expect(fast == recursive)
    }
}
