@testable import RiffleBytes

/// The recursive tape parse that `JSONDocument` read pages with before `JSONTapeReader`, kept as
/// the tape reader's oracle (`JSONTapeReaderTests`): a call per value, per string and per container, each
/// with the value parser's checks and messages — the same walk as `parseDocument`, writing the tape's entries
/// instead of values.
extension JSONParser {
    /// Parses one document onto `entries` (see `JSONDocument`): the same walk as `parseDocument`, the same
    /// errors at the same offsets, but nothing is built for a value beyond its entry.
    mutating func parseTape(into entries: inout JSONTape) throws(JSONParseError) {
        skipWhitespace()
        try tapeValue(into: &entries)
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the document") }
    }

    /// Appends a value without contents: it ends at `index`.
    private func appendLeaf(_ kind: JSONDocument.Kind, from start: Int, into entries: inout JSONTape) {
        entries.append(
            JSONDocument.Entry(
                start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: index),
                next: UInt32(truncatingIfNeeded: entries.count + 1), kind: kind))
    }

    mutating func tapeValue(into entries: inout JSONTape) throws(JSONParseError) {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): try tapeContainer(.object, into: &entries)
        case UInt8(ascii: "["): try tapeContainer(.array, into: &entries)
        case UInt8(ascii: "\""):
            // The kind first: the call below reads `index`, which the string's reading moves.
            let kind = try tapeString(name: false)
            appendLeaf(kind, from: start, into: &entries)
        case UInt8(ascii: "t"):
            try skipLiteral(Self.trueWord, count: 4)
            appendLeaf(.trueValue, from: start, into: &entries)
        case UInt8(ascii: "f"):
            try skipLiteral(Self.falseWord, count: 5)
            appendLeaf(.falseValue, from: start, into: &entries)
        case UInt8(ascii: "n"):
            try skipLiteral(Self.nullWord, count: 4)
            appendLeaf(.null, from: start, into: &entries)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Read as the value parser reads it (its errors, its limits); the value is made again on demand.
            _ = try parseNumber()
            appendLeaf(.number, from: start, into: &entries)
        default: throw fail("unexpected character")
        }
    }

    /// Moves over a string at `index`: plain strings by their run alone, strings with escapes by
    /// `unescapeRest` not keeping the bytes (the value parser's checks and errors, no `String` built: a body
    /// with `\n` in it cost a `String` and a byte-by-byte copy, only to be dropped). Returns the
    /// entry's kind: a member `name` without escapes whose bytes are all ASCII is an `asciiName` (known from
    /// the run's scan, no second pass).
    mutating func tapeString(name: Bool) throws(JSONParseError) -> JSONDocument.Kind {
        index += 1
        let ascii = try skipPlainRun()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            index += 1
            return name && ascii ? .asciiName : .string
        }
        try skipEscapes()
        return .escapedString
    }

    /// The rest of a string with escapes, checked and not kept (`unescapeRest`). Apart, so that the plain
    /// string's way stays small enough to be inlined into each member's reading.
    @inline(never)
    private mutating func skipEscapes() throws(JSONParseError) {
        var nothing: [UInt8] = []
        try unescapeRest(into: &nothing, keeping: false)
    }

    /// An object or an array, with `parseObject`'s and `parseArray`'s checks and messages: the
    /// container's entry first, then each member's name and value (or each element), then the
    /// container's end and `next` filled in.
    mutating func tapeContainer(_ kind: JSONDocument.Kind, into entries: inout JSONTape) throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        let isObject = kind == .object
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let position = entries.count
        entries.append(JSONDocument.Entry(start: UInt32(truncatingIfNeeded: index), end: 0, next: 0, kind: kind))
        index += 1
        skipWhitespace()
        var closed = index < bytes.count && bytes[index] == close
        if closed { index += 1 }
        while !closed {
            skipWhitespace()
            if isObject {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw fail("expected a member name")
                }
                let start = index
                let name = try tapeString(name: true)
                appendLeaf(name, from: start, into: &entries)
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                index += 1
                skipWhitespace()
            }
            try tapeValue(into: &entries)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == close {
                index += 1
                closed = true
            } else {
                throw fail(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
            }
        }
        entries.close(position, end: index)
    }
}
