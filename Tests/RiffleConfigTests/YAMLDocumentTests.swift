import Testing

@testable import RiffleConfig

@Suite struct YAMLDocumentTests {
    @Test func nodesCarryMarksAndStyles() throws {
        let text = """
            a: plain
            b: 'single'
            c: "double"
            d: |
              line one
              line two
            e: >
              folded
              text
            f: [1, {g: h}]
            """
        let root = try #require(try YAMLDocument.parse(text, file: "t.yaml"))
        let pairs = try #require(root.mapping)
        #expect(pairs.map { $0.key.scalar?.value } == ["a", "b", "c", "d", "e", "f"])
        #expect(pairs.map { $0.value.scalar?.style } == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded, nil])
        #expect(pairs[3].value.scalar?.value == "line one\nline two\n")
        #expect(pairs[4].value.scalar?.value == "folded text\n")
        #expect(pairs[0].value.mark == Mark(line: 1, column: 4))
        #expect(pairs[5].key.mark == Mark(line: 10, column: 1))
        let flow = try #require(pairs[5].value.sequence)
        #expect(flow[1].mark == Mark(line: 10, column: 8))
        #expect(flow[1].mapping?.first?.value.mark == Mark(line: 10, column: 12))
    }

    @Test func aliasesCopyTheAnchoredNode() throws {
        let text = "base: &b {x: 1}\ncopy: *b\n"
        let root = try #require(try YAMLDocument.parse(text, file: "t.yaml"))
        let pairs = try #require(root.mapping)
        #expect(pairs[0].value.anchor == "b")
        #expect(pairs[1].value.mapping?.first?.value.scalar?.value == "1")
        #expect(pairs[1].value.mark == Mark(line: 2, column: 7))
    }

    @Test func emptyInputIsNoDocument() throws {
        #expect(try YAMLDocument.parse("", file: "t.yaml") == nil)
        #expect(try YAMLDocument.parse("# only a comment\n", file: "t.yaml") == nil)
    }

    @Test func selfReferenceIsAnUnknownAlias() {
        #expect(
            problems("a: &x [1, *x]\n") == [
                "config.yaml:1:11: unknown alias *x (an alias must come after its anchor &x ends)"
            ])
    }

    @Test func secondDocumentIsRefused() {
        #expect(
            problems("a: 1\n---\nb: 2\n") == [
                "config.yaml:2:1: a second YAML document; a configuration file holds one"
            ])
    }

    @Test func duplicateKeyIsReportedAtTheSecond() {
        let text = gitlabSource("    project: x\n    state: opened\n    project: y\n")
        #expect(problems(text) == ["config.yaml:6:5: sources[0].project: duplicate key \"project\" (first at 4:5)"])
    }

    @Test func tabIndentation() {
        #expect(
            problems("sources:\n\t- name: a\n") == ["config.yaml:2:1: a tab character here; YAML indents with spaces"])
    }

    @Test func unclosedQuote() {
        #expect(
            problems("sources:\n  - name: \"abc\n    type: gitlab\n") == [
                "config.yaml:2:11: unclosed quote: this string has no closing quote"
            ])
    }

    @Test func badIndentation() {
        let text = "sources:\n  - name: a\n    type: gitlab\n   project: x\n"
        #expect(
            problems(text) == [
                "config.yaml:4:4: did not find expected '-' indicator (while parsing a block collection at 2:3); "
                    + "check the indentation"
            ])
    }

    @Test func aliasBombIsRefused() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1..<9 {
            let previous = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level - 1)))
            let name = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(level)))
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let found = problems(lines.joined(separator: "\n") + "\n")
        #expect(found.count == 1)
        #expect(found.first?.hasSuffix("aliases expand to more than 10000 nodes (an alias bomb?)") == true)
        #expect(found.first?.hasPrefix("config.yaml:4:") == true)
    }

    @Test func deepNestingIsRefused() {
        let text = "a: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(problems(text) == ["config.yaml:1:67: nesting deeper than 64 levels"])
    }

    @Test func deepNestingThroughAliasesIsRefused() {
        let inner = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let text = "a: &x \(inner)\nb: " + String(repeating: "[", count: 40) + "*x" + String(repeating: "]", count: 40)
        #expect(problems(text + "\n") == ["config.yaml:2:44: nesting deeper than 64 levels"])
    }

    @Test func bytesThatAreNotUTF8() {
        let bytes = Array("sources:\n  - name: ab".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        #expect(
            problems(bytes: bytes) == [
                "config.yaml:2:13: bytes that are not UTF-8 (a configuration file is UTF-8 text)"
            ])
    }

    @Test func nulByte() {
        let bytes = Array("sources:\n  - name: é".utf8) + [0] + Array("\n".utf8)
        #expect(
            problems(bytes: bytes) == ["config.yaml:2:12: NUL byte in the file (a configuration file is UTF-8 text)"])
    }

    @Test func hugeFileIsRefusedBeforeParsing() {
        let text = "# " + String(repeating: "x", count: 4 << 20) + "\n"
        #expect(problems(text) == ["config.yaml: the file is too large (4194307 bytes; the limit is 4 MiB)"])
    }

    @Test func marksComeFromOffsets() {
        let bytes = Array("ab\néc\n".utf8)
        #expect(InputCheck.mark(at: 0, in: bytes) == Mark(line: 1, column: 1))
        #expect(InputCheck.mark(at: 6, in: bytes) == Mark(line: 2, column: 3))
    }
}
