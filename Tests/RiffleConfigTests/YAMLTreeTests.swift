import Testing

@testable import RiffleConfig

/// The flattened tree reads as the tree of values it replaced did: keys compared as strings (not bytes),
/// aliases at their own position with the anchored content, null forms, placeholder braces given back,
/// documents compared by content.
@Suite struct YAMLTreeTests {
    @Test func duplicateKeysAreComparedAsStrings() {
        // "é" precomposed, then as "e" and a combining accent: equal strings in other bytes.
        let found = problems("caf\u{E9}: 1\ncafe\u{301}: 2\n").filter { $0.contains("duplicate key") }
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("config.yaml:2:1: ") == true)
        #expect(found.first?.hasSuffix("(first at 1:1)") == true)
    }

    @Test func duplicateKeyInALargeMapping() {
        let lines = (0..<20).map { "k\($0): \($0)" } + ["k3: again"]
        let found = problems(lines.joined(separator: "\n") + "\n").filter { $0.contains("duplicate key") }
        #expect(found == ["config.yaml:21:1: k3: duplicate key \"k3\" (first at 4:1)"])
    }

    @Test func aliasesReadTheAnchoredNodeAtTheirOwnPosition() throws {
        let root = try #require(try YAMLDocument.parse("a: &k name\nb: {*k : x}\nc: *k\n", file: "t.yaml"))
        let pairs = try #require(root.mapping)
        let inner = try #require(pairs[1].value.mapping)
        #expect(inner.first?.key.scalar?.value == "name")
        #expect(inner.first?.key.mark == Mark(line: 2, column: 5))
        #expect(pairs[2].value.scalar?.value == "name")
        #expect(pairs[2].value.anchor == "k")
        #expect(pairs[2].value.mark == Mark(line: 3, column: 4))
    }

    @Test func keysCheckedAgainstAListAnswerAsOneByOne() throws {
        // ASCII, a non-ASCII key (not "café" in other bytes: lengths differ), an alias key, a key of the same
        // length as "name" in other bytes and an empty key.
        let text = "name: 1\ncafe\u{301}: 2\nanchor: &k type\n*k : 4\nnamf: 5\n\"\": 7\n"
        let root = try #require(try YAMLDocument.parse(text, file: "t.yaml"))
        let pairs = try #require(root.mapping)
        let lists: [[String]] = [
            [], ["name"], ["type", "url"], ["caf\u{E9}"], ["x", "cafe\u{301}"], ["a"], [""], ["nam", "namee", "name"],
        ]
        for position in pairs.indices {
            for keys in lists {
                let oneByOne = keys.contains { pairs.key(at: position).hasText($0) }
                #expect(pairs.key(at: position, isAnyOf: keys) == oneByOne, "pair \(position), keys \(keys)")
            }
        }
        #expect(pairs.key(at: 1, isAnyOf: ["x", "cafe\u{301}"]))
        #expect(pairs.key(at: 3, isAnyOf: ["url", "type"]))
    }

    @Test func keysLookedUpAnswerAsOneByOne() throws {
        // The keys above, and a mapping whose key "name" is an alias: `position(ofKey:)` finds the first pair
        // whose key `hasText` finds, or none.
        let texts = [
            "name: 1\ncafe\u{301}: 2\nanchor: &k type\n*k : 4\nnamf: 5\n\"\": 7\nname2: 8\n",
            "x: &k name\n*k : 2\nb: 4\n",
        ]
        let keys = [
            "name", "type", "url", "caf\u{E9}", "cafe\u{301}", "a", "", "namf", "nam", "namee", "name2", "b", "4",
        ]
        for text in texts {
            let root = try #require(try YAMLDocument.parse(text, file: "t.yaml"))
            let pairs = try #require(root.mapping)
            for key in keys {
                let oneByOne = pairs.indices.first { pairs.key(at: $0).hasText(key) }
                #expect(pairs.position(ofKey: key) == oneByOne, "key \(key) in \(text)")
            }
        }
        let root = try #require(try YAMLDocument.parse("name: 1\ntype: 2\nname2: 3\n", file: "t.yaml"))
        #expect(root.mapping?.position(ofKey: "name2") == 2)
        #expect(root.mapping?.position(ofKey: "type") == 1)
        #expect(root.mapping?.position(ofKey: "nam") == nil)
    }

    @Test func nullForms() throws {
        let text = "a:\nb: ~\nc: null\nd: NULL\ne: 'null'\nf: nul\ng: !!str null\nh: Null\n"
        let root = try #require(try YAMLDocument.parse(text, file: "t.yaml"))
        let pairs = try #require(root.mapping)
        #expect(pairs.map { $0.value.isNull } == [true, true, true, true, false, false, false, true])
    }

    @Test func placeholderBracesComeBackInFlowCollections() throws {
        let root = try #require(try YAMLDocument.parse("s: {token: ${T}, n: \"x\u{E9}${U:-d}\"}\n", file: "t.yaml"))
        let source = try #require(root.mapping?.first?.value.mapping)
        #expect(source.map { $0.value.scalar?.value } == ["${T}", "x\u{E9}${U:-d}"])
    }

    @Test func documentsCompareByContent() throws {
        let one = try YAMLDocument.parse("a: [1, {b: c}]\n", file: "t.yaml")
        let two = try YAMLDocument.parse("a: [1, {b: c}]\n", file: "t.yaml")
        let other = try YAMLDocument.parse("a: [1, {b: d}]\n", file: "t.yaml")
        #expect(one == two)
        #expect(one != other)
    }
}
