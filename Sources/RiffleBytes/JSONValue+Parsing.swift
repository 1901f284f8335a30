/// A JSON parse failure: where and what, without quoting the (untrusted, possibly huge) input.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset of the problem.
    package var offset: Int
    package var reason: String

    package var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

extension JSONValue {
    /// The deepest nesting accepted: deeper input is refused, never a stack overflow.
    package static let maxDepth = 512

    /// Parses one JSON document (RFC 8259). Integers that fit `Int64` stay `.int`; other numbers are
    /// `.double`. Invalid UTF-8 in strings and `\u` escapes with lone surrogates become U+FFFD.
    package init(parsing bytes: [UInt8]) throws(JSONParseError) {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(bytes: buffer)
                return try parser.parseDocument()
            }
        }
        self = try parsed.get()
    }

    /// Parses JSON text.
    package init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8))
    }
}

/// A byte-level recursive-descent JSON parser with a depth limit, over the received bytes in place.
///
/// It reads the caller's buffer for the duration of one parse (no copy of the input, no bounds checks
/// per byte). The members and elements of the containers being parsed wait on two stacks shared by the
/// whole parse, so each object costs one allocation (its dictionary, made at its final size) and each
/// array one (exactly sized), instead of growing buffers per container. Strings are scanned eight bytes
/// at a time for a quote, a backslash or a control character; integers are read digit by digit.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    /// Member names of the objects being parsed, innermost last.
    private var keys: [String] = []
    /// Member values and array elements of the containers being parsed, innermost last.
    private var values: [JSONValue] = []
    /// A string's bytes with its escapes resolved, when it has any (reused from string to string).
    private var unescaped: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the document") }
        return value
    }

    func fail(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try skipLiteral(Self.trueWord, count: 4)
            return .bool(true)
        case UInt8(ascii: "f"):
            try skipLiteral(Self.falseWord, count: 5)
            return .bool(false)
        case UInt8(ascii: "n"):
            try skipLiteral(Self.nullWord, count: 4)
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected character")
        }
    }

    /// `true`, `false` and `null` as `skipLiteral` compares them: their bytes in a word, the first lowest.
    static let trueWord: UInt64 = 0x6575_7274
    static let falseWord: UInt64 = 0x65_736C_6166
    static let nullWord: UInt64 = 0x6C6C_756E

    /// Moves over the literal whose `count` bytes are `word` (the first byte lowest); both errors at the
    /// literal's first byte. The one reader of literals, for values and for the tape: one word compare rather
    /// than a walk over a `StaticString`.
    @inline(__always)
    mutating func skipLiteral(_ word: UInt64, count: Int) throws(JSONParseError) {
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        var found: UInt64 = 0
        for offset in 0..<count { found |= UInt64(bytes[index + offset]) &<< UInt64(offset &* 8) }
        guard found == word else { throw fail("unexpected character") }
        index += count
    }

    /// One level deeper, refused past `JSONValue.maxDepth`. Inlined into each container's reading: the
    /// message is made apart (`tooDeep`), so the check is an add and a compare, not a call.
    @inline(__always)
    mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maxDepth else { throw tooDeep() }
    }

    /// The error of a container nested past `JSONValue.maxDepth`, at `index`.
    @inline(never)
    func tooDeep() -> JSONParseError {
        fail("nested deeper than \(JSONValue.maxDepth) levels")
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        // Containers nested in a member take their own entries off the stacks when they close, so this
        // object's names and values are what lies above these marks.
        let keyBase = keys.count
        let valueBase = values.count
        defer {
            keys.removeSubrange(keyBase...)
            values.removeSubrange(valueBase...)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a member name")
            }
            let key = try parseString()
            keys.append(key)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':'")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            values.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                // Made once at its final size; a repeated name keeps its last value.
                var members = [String: JSONValue](minimumCapacity: keys.count - keyBase)
                for offset in 0..<(keys.count - keyBase) {
                    members[keys[keyBase + offset]] = values[valueBase + offset]
                }
                return .object(members)
            } else {
                throw fail("expected ',' or '}'")
            }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        let base = values.count
        defer { values.removeSubrange(base...) }
        while true {
            skipWhitespace()
            let value = try parseValue()
            values.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(Array(values[base...]))
            } else {
                throw fail("expected ',' or ']'")
            }
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        try skipPlainRun()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text = Self.decode(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            index += 1
            return text
        }
        // The reused buffer, taken out of `self` while `unescapeRest` (a method of `self`) fills it.
        var text = unescaped
        unescaped = []
        text.removeAll(keepingCapacity: true)
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        try unescapeRest(into: &text, keeping: true)
        let decoded = text.withUnsafeBufferPointer { Self.decode($0) }
        unescaped = text
        return decoded
    }

    /// Reads the rest of a string from `index` (inside it: after its opening quote, or at an escape) to just
    /// past its closing quote, appending its bytes with the escapes resolved to `out`: `\u` escapes as
    /// UTF-8, a lone surrogate as U+FFFD. The bytes between escapes go in a run at a time (`skipPlainRun`),
    /// as received: invalid UTF-8 is left to the caller's decoding to repair. `parseString`'s reading of a
    /// string with escapes, how an item's text is read from one without a `String` on the way, and — not
    /// `keeping` the bytes, `out` left as it is — how the tape checks one: one reader of escapes.
    mutating func unescapeRest(into out: inout [UInt8], keeping: Bool) throws(JSONParseError) {
        while true {
            let run = index
            try skipPlainRun()
            if keeping { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index])) }
            guard index < bytes.count else { throw fail("unterminated string") }
            if bytes[index] == UInt8(ascii: "\"") {
                index += 1
                return
            }
            // A backslash: `skipPlainRun` stops only at a quote or a backslash.
            index += 1
            guard index < bytes.count else { throw fail("unexpected end of input") }
            let escape = bytes[index]
            index += 1
            let resolved: UInt8
            switch escape {
            case UInt8(ascii: "\""): resolved = 0x22
            case UInt8(ascii: "\\"): resolved = 0x5C
            case UInt8(ascii: "/"): resolved = 0x2F
            case UInt8(ascii: "b"): resolved = 0x08
            case UInt8(ascii: "f"): resolved = 0x0C
            case UInt8(ascii: "n"): resolved = 0x0A
            case UInt8(ascii: "r"): resolved = 0x0D
            case UInt8(ascii: "t"): resolved = 0x09
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    {
                        let save = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                            scalar = 0xFFFD
                        }
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    scalar = 0xFFFD
                }
                if keeping { UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) } }
                continue
            default: throw fail("invalid escape")
            }
            if keeping { out.append(resolved) }
        }
    }

    /// Moves `index` over a string's plain run — to its closing quote, its first backslash or the end of
    /// the input — refusing a control character on the way (`JSONString.plainRunEnd`, the one scan of a
    /// string's bytes, finds where the run stops).
    /// Returns whether every byte of the run is ASCII (the tape marks such member names, compared as bytes).
    @discardableResult
    mutating func skipPlainRun() throws(JSONParseError) -> Bool {
        var any: UInt64 = 0
        index = JSONString.plainRunEnd(bytes, from: index, seen: &any)
        if index < bytes.count, bytes[index] < 0x20 { throw fail("control character in string") }
        return any & 0x8080_8080_8080_8080 == 0
    }

    /// UTF-8 bytes as a string; invalid sequences become U+FFFD (a server's bad byte costs one
    /// character, not the page).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x57)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x37)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// JSON's number grammar, the one reader of it: from `index` (a `-` or a digit) over an optional minus,
    /// the integer digits (a lone `0` or a run not starting with one), an optional fraction and an optional
    /// exponent. Returns where it stopped, `isComplete` false when a digit was missing there (after the minus,
    /// the point or the exponent), and whether a fraction or an exponent was read. The tape reader moves over
    /// numbers with it, without making a value only to drop it; `parseNumber` makes their values.
    @inline(__always)
    static func numberExtent(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> (
        end: Int, isComplete: Bool, isInteger: Bool
    ) {
        var index = start
        @inline(__always) func digitAt(_ index: Int) -> Bool { index < count && base[index] &- 0x30 < 10 }
        if base[index] == UInt8(ascii: "-") { index &+= 1 }
        guard digitAt(index) else { return (index, false, true) }
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
        } else {
            while digitAt(index) { index &+= 1 }
        }
        var isInteger = true
        if index < count, base[index] == UInt8(ascii: ".") {
            isInteger = false
            index &+= 1
            guard digitAt(index) else { return (index, false, false) }
            while digitAt(index) { index &+= 1 }
        }
        // `e` or `E`: no other byte is `e` with its 0x20 bit set.
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index &+= 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index &+= 1 }
            guard digitAt(index) else { return (index, false, false) }
            while digitAt(index) { index &+= 1 }
        }
        return (index, true, isInteger)
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        guard let base = bytes.baseAddress else { throw fail("invalid number") }
        let number = Self.numberExtent(base, bytes.count, from: start)
        index = number.end
        guard number.isComplete else { throw fail("invalid number") }
        let isInteger = number.isInteger
        let negative = base[start] == UInt8(ascii: "-")
        // Up to 18 digits always fit an Int64, so they are summed here; a longer integer goes through the text
        // like every other number.
        let digitsStart = negative ? start + 1 : start
        let integerDigits = index - digitsStart
        var magnitude: Int64 = 0
        if isInteger, integerDigits <= 18 {
            for position in digitsStart..<index { magnitude = magnitude &* 10 &+ Int64(base[position] &- 0x30) }
        }
        if isInteger, integerDigits <= 18 { return .int(negative ? -magnitude : magnitude) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text) else { throw fail("invalid number") }
        return .double(value)
    }
}
