/// How `JSONDocument` reads a page onto its tape: one loop over the bytes, its place and its open
/// containers kept in locals (an explicit stack of at most `JSONValue.maxDepth` containers) rather than a
/// recursive descent whose index lives in the parser's memory. Strings go through the parsers' one scan
/// (`JSONString.plainRunEnd`, inlined), numbers through their one grammar (`JSONParser.numberExtent`);
/// literals and the rest of a string with escapes through `JSONParser`'s own readers.
///
/// It only answers whether the bytes are one well-formed document (by `JSONValue(parsing:)`'s grammar and
/// depth limit) and, if they are, writes its tape. It does not say why it refused one: `JSONDocument` then
/// reads the bytes with the value parser, which throws the error at its offset — one grammar's messages,
/// written once. The recursive tape parse it replaced (its index in memory rather than in a local) is the
/// tests' oracle, tape for tape
/// (`JSONTapeReaderTests`), and `JSONDocumentDifferentialTests` holds the errors to the reference parser.
enum JSONTapeReader {
    typealias Entry = JSONDocument.Entry

    /// Reads `bytes` as one document onto `tape` (which must be empty). Returns `false` — the tape then
    /// holds an unfinished start, to be discarded — when the bytes are not one well-formed document
    /// within the depth limit.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, into tape: inout JSONTape) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        // The open containers, innermost last: each one's tape position, shifted left once, with the low
        // bit set for an object.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: JSONValue.maxDepth) { stack in
            guard let open = stack.baseAddress else { return false }
            var parser = JSONParser(bytes: bytes)
            return read(base, count: bytes.count, stack: open, parser: &parser, into: &tape)
        }
    }

    /// The loop of `read`: `open` has room for `JSONValue.maxDepth` containers; `parser` reads
    /// literals and escapes at the place it is set to.
    private static func read(
        _ base: UnsafePointer<UInt8>, count: Int, stack open: UnsafeMutablePointer<UInt32>,
        parser: inout JSONParser, into tape: inout JSONTape
    ) -> Bool {
        var index = skipSpace(base, count, from: 0)
        var depth = 0
        // Whether a member's name comes before the value at `index`: one place reads names, written out here
        // rather than in a call per name, which spills the loop's registers at every member.
        var named = false
        while true {
            if named {
                // A member's name, its entry, the `:` and the space around it: `index` ends where the value starts.
                guard index < count, base[index] == UInt8(ascii: "\"") else { return false }
                let start = index
                guard let kind = readString(base, count, at: &index, name: true, parser: &parser) else {
                    return false
                }
                appendLeaf(kind, from: start, to: index, into: &tape)
                index = skipSpace(base, count, from: index)
                guard index < count, base[index] == UInt8(ascii: ":") else { return false }
                index = skipSpace(base, count, from: index &+ 1)
            }
            // A value starts at `index`.
            guard index < count else { return false }
            let start = index
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < JSONValue.maxDepth else { return false }
                let isObject = byte == UInt8(ascii: "{")
                let kind: JSONDocument.Kind = isObject ? .object : .array
                open[depth] = UInt32(truncatingIfNeeded: tape.count) &<< 1 | (isObject ? 1 : 0)
                depth += 1
                tape.append(Entry(start: UInt32(truncatingIfNeeded: index), end: 0, next: 0, kind: kind))
                index = skipSpace(base, count, from: index &+ 1)
                guard index < count else { return false }
                if base[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    depth -= 1
                    tape.close(Int(open[depth] &>> 1), end: index)
                } else {
                    named = isObject
                    continue
                }
            case UInt8(ascii: "\""):
                guard let kind = readString(base, count, at: &index, name: false, parser: &parser) else {
                    return false
                }
                appendLeaf(kind, from: start, to: index, into: &tape)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                parser.index = index
                let kind: JSONDocument.Kind
                do {
                    switch byte {
                    case UInt8(ascii: "t"):
                        try parser.skipLiteral(JSONParser.trueWord, count: 4)
                        kind = .trueValue
                    case UInt8(ascii: "f"):
                        try parser.skipLiteral(JSONParser.falseWord, count: 5)
                        kind = .falseValue
                    default:
                        try parser.skipLiteral(JSONParser.nullWord, count: 4)
                        kind = .null
                    }
                } catch { return false }
                index = parser.index
                appendLeaf(kind, from: start, to: index, into: &tape)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = JSONParser.numberExtent(base, count, from: index)
                guard number.isComplete else { return false }
                index = number.end
                appendLeaf(.number, from: start, to: index, into: &tape)
            default: return false
            }
            // A value has ended at `index`: the containers it closes, then the next member or element.
            while true {
                index = skipSpace(base, count, from: index)
                if depth == 0 { return index == count }
                guard index < count else { return false }
                let top = open[depth - 1]
                let isObject = top & 1 == 1
                let next = base[index]
                if next == UInt8(ascii: ",") {
                    index = skipSpace(base, count, from: index &+ 1)
                    named = isObject
                    break
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                index += 1
                depth -= 1
                tape.close(Int(top &>> 1), end: index)
            }
        }
    }

    /// Appends a value without contents from `start` to `end`.
    @inline(__always)
    private static func appendLeaf(_ kind: JSONDocument.Kind, from start: Int, to end: Int, into tape: inout JSONTape) {
        tape.append(
            Entry(
                start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end),
                next: UInt32(truncatingIfNeeded: tape.count + 1), kind: kind))
    }

    /// The first byte at or after `index` that is not JSON's white space (`count` at the end).
    @inline(__always)
    private static func skipSpace(_ base: UnsafePointer<UInt8>, _ count: Int, from index: Int) -> Int {
        var index = index
        while index < count {
            let byte = base[index]
            // Every byte above a space is something; the four spaces are at or below it.
            guard byte <= 0x20, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return index }
            index &+= 1
        }
        return index
    }

    /// Reads the string whose opening quote is at `index`, to just past its closing quote, and returns its
    /// entry's kind (nil where the value parser would throw): an `asciiName` for a member name without
    /// escapes whose bytes are all ASCII. The run to the first quote, backslash or control character is found
    /// by the parsers' one scan (`JSONString.plainRunEnd`, inlined here); a string with escapes is read on by
    /// `parser`'s `unescapeRest`.
    @inline(__always)
    private static func readString(
        _ base: UnsafePointer<UInt8>, _ count: Int, at index: inout Int, name: Bool, parser: inout JSONParser
    ) -> JSONDocument.Kind? {
        var any: UInt64 = 0
        let position = JSONString.plainRunEnd(
            UnsafeBufferPointer(start: base, count: count), from: index &+ 1, seen: &any)
        guard position < count else { return nil }
        let stop = base[position]
        if stop == UInt8(ascii: "\"") {
            index = position &+ 1
            return name && any & 0x8080_8080_8080_8080 == 0 ? .asciiName : .string
        }
        guard stop == UInt8(ascii: "\\") else { return nil }
        return readEscapes(at: &index, from: position, parser: &parser)
    }

    /// The rest of a string with escapes from its first backslash at `position`: checked by `parser`'s
    /// `unescapeRest` (nil where it throws), `index` moved past the closing quote. Apart from
    /// `readString`, so that the plain string's way stays small.
    @inline(never)
    private static func readEscapes(
        at index: inout Int, from position: Int, parser: inout JSONParser
    ) -> JSONDocument.Kind? {
        parser.index = position
        var nothing: [UInt8] = []
        do { try parser.unescapeRest(into: &nothing, keeping: false) } catch { return nil }
        index = parser.index
        return .escapedString
    }
}
