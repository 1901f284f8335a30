import RiffleBytes
import Testing

@Suite struct JSONValueTests {
    @Test func parsesEveryKind() throws {
        let value = try JSONValue(
            parsing:
                #"{"a":[1,-2,3.5,1e3,true,false,null],"b":{"c":"x\"\\\/\n\u00e9\ud83d\ude00"}, "big": 92233720368547758080}"#
        )
        #expect(
            value["a"] == .array([.int(1), .int(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null]))
        #expect(value["b"]?["c"] == .string("x\"\\/\né😀"))
        #expect(value["big"] == .double(92_233_720_368_547_758_080))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01", "1.", "-", "[1] x", "\"\u{1}\"", "{\"a\":1,}", "\"\\x\"",
    ])
    func refusesInvalidJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func repairsInvalidUTF8AndRefusesDeepNesting() throws {
        #expect(try JSONValue(parsing: [0x22, 0x61, 0xFF, 0x22]) == .string("a\u{FFFD}"))
        #expect(try JSONValue(parsing: [0x22, 0xF0, 0x9F, 0x98, 0x5C, 0x6E, 0x22]) == .string("\u{FFFD}\n"))
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: deep) }
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        #expect(try JSONValue(parsing: #""\ud800x\udc00""#) == .string("\u{FFFD}x\u{FFFD}"))
    }

    @Test func writesCompactSortedValidJSON() throws {
        let value = JSONValue.object([
            "b": .array([.int(1), .double(2.5), .null]), "a": .string("q\"\u{1B}[2J\u{1B}]0;x\u{7}\n"),
        ])
        let text = value.jsonText
        #expect(text == #"{"a":"q\"\u001b[2J\u001b]0;x\u0007\n","b":[1,2.5,null]}"#)
        #expect(try JSONValue(parsing: text) == value, "back-to-back escapes still give valid JSON")
    }
}
