extension JSONValue {
    /// Compact JSON text, object members sorted by key so equal values always give equal bytes.
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON (members sorted by key) to `out`.
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                if value == value.rounded(), abs(value) < 1e15 {
                    out.append(contentsOf: String(Int64(value)).utf8)
                } else {
                    out.append(contentsOf: String(value).utf8)
                }
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted as pairs: no second lookup (and hash) of each key.
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as a JSON string. Every control character is escaped, so the output is one
    /// line and valid JSON whatever the (untrusted) text holds, back-to-back escapes included. Runs that
    /// need no escaping are copied whole, found sixteen and eight bytes at a time (`plainPrefixEnd`).
    public static func writeString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, to: &out) }
    }

    /// Appends the text whose UTF-8 is `bytes` as a JSON string, as `writeString(_:to:)` writes it: a text
    /// that needs no escape (nearly every name and value: `plainPrefixEnd` reaches its end) appended as it is
    /// between its quotes, which is what the escaper writes for it; any other text written through
    /// `writeString(utf8:to: ByteWriter)` (the one escaper) into room of its bound, then appended in one copy.
    /// The plain way saves the room and the second copy: ~275 instructions for a member name of an item's
    /// `extra` on the large measuring set, 125,000 of them (issue 17).
    public static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if plainPrefixEnd(bytes, from: 0) == bytes.count {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stringBound(bytes.count)) { buffer in
            guard let base = buffer.baseAddress else { return }
            var writer = ByteWriter(base)
            writeString(utf8: bytes, to: &writer)
            out.append(contentsOf: UnsafeBufferPointer(start: base, count: writer.position - base))
        }
    }

    /// The most bytes `writeString(utf8:to:)` writes for a text of `count` bytes: each byte may become
    /// `\u00XX`, and the quotes.
    @inlinable
    public static func stringBound(_ count: Int) -> Int { count &* 6 &+ 2 }

    /// `writeString(utf8:to:)` through a `ByteWriter` with room for `stringBound(bytes.count)` bytes: the same
    /// bytes, with runs that need no escape copied whole (found many bytes at a time, `plainPrefixEnd`) and each escape
    /// written in place, without the array's check per append (the export's way, issue 17).
    public static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        out.put(UInt8(ascii: "\""))
        guard let base = bytes.baseAddress else {
            out.put(UInt8(ascii: "\""))
            return
        }
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            index = plainPrefixEnd(bytes, from: index)
            guard index < count else { break }
            let byte = base[index]
            index += 1
            guard needsEscape(byte) else { continue }
            out.put(UnsafeBufferPointer(start: base + runStart, count: index - 1 - runStart))
            runStart = index
            out.put(0x5C)
            switch byte {
            case UInt8(ascii: "\""): out.put(0x22)
            case UInt8(ascii: "\\"): out.put(0x5C)
            case 0x0A: out.put(UInt8(ascii: "n"))
            case 0x0D: out.put(UInt8(ascii: "r"))
            case 0x09: out.put(UInt8(ascii: "t"))
            default:
                out.put(UInt8(ascii: "u"))
                out.put(0x30)
                out.put(0x30)
                let high = byte >> 4
                let low = byte & 0xF
                out.put(high < 10 ? high &+ 0x30 : high &+ 0x57)
                out.put(low < 10 ? low &+ 0x30 : low &+ 0x57)
            }
        }
        out.put(UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        out.put(UInt8(ascii: "\""))
    }

    /// The first byte from `start` on that needs an escape (a quote, a backslash, a control character or DEL),
    /// or the end: sixteen bytes at a time, then eight (SWAR tests that set a byte's high bit where they hold),
    /// then the last few as the eight-byte word that ends with them (its bytes before them shifted out), so
    /// that a text's end does not go byte by byte; a text of fewer than eight bytes is read as one word too
    /// (`shortPlainPrefixEnd`). Titles in any script take the wide steps: bytes of 0x80 and up need no escape
    /// (issue 17). Inlined into `writeString`, which calls it once per text in nearly every case: a call cost a
    /// tenth of a short text's writing.
    @inline(__always)
    static func plainPrefixEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        guard count >= 8 else {
            return start < count ? shortPlainPrefixEnd(base + start, count - start) + start : count
        }
        var index = start
        while index + 16 <= count {
            let first = specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let second = specialBytes(UnsafeRawPointer(base + index + 8).loadUnaligned(as: UInt64.self))
            if first | second != 0 { break }
            index += 16
        }
        while index + 8 <= count {
            let found = specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        guard index < count else { return count }
        // The word's bytes before `index` are shifted out, plain bytes (`A`) shifted in at its end: the byte
        // right before `start` may need an escape, and a mark would spill from it into the bytes after.
        let skipped = UInt64(index - (count - 8)) &* 8
        let word = UInt64(littleEndian: UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
        let rest = word >> skipped | 0x4141_4141_4141_4141 << (64 &- skipped)
        let found = specialBytes(UInt64(littleEndian: rest))
        return found == 0 ? count : index + found.trailingZeroBitCount / 8
    }

    /// `plainPrefixEnd` over the `length` bytes (1…7) at `start`, as one word without reading past them: the
    /// first four and the last four (or two and two, or the one), plain bytes (`A`) filling the rest. Bytes
    /// read twice are plain or found in the first part, so the lowest mark still names the first byte to
    /// escape. Short texts (tags, names, ids) are common.
    private static func shortPlainPrefixEnd(_ start: UnsafePointer<UInt8>, _ length: Int) -> Int {
        let source = UnsafeRawPointer(start)
        let word: UInt64
        let secondAt: Int
        if length >= 4 {
            let first = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)))
            word = first | last << 32
            secondAt = length - 8
        } else if length >= 2 {
            let first = UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
            let last = UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self)))
            word = first | last << 16 | 0x4141_4141 << 32
            secondAt = length - 4
        } else {
            word = UInt64(source.load(as: UInt8.self)) | 0x41_4141_4141_4141 << 8
            secondAt = 0
        }
        let found = specialBytes(UInt64(littleEndian: word))
        guard found != 0 else { return length }
        let byte = found.trailingZeroBitCount / 8
        // A byte of the first part is where it was read; one of the second was read `secondAt` bytes earlier.
        return byte < (length >= 4 ? 4 : length >= 2 ? 2 : 1) ? byte : byte + secondAt
    }

    /// The high bit of each byte of `word` (in memory order, from the lowest) that needs an escape — exactly for
    /// the first such byte; a byte after it may be marked when it does not need one (a borrow): callers use
    /// only the lowest mark.
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let delete = word ^ (ones &* 0x7F)
        let special =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((delete &- ones) & ~delete)
            | ((word &- ones &* 0x20) & ~word)
        return special & 0x8080_8080_8080_8080
    }

    /// Whether `byte` needs an escape in a JSON string as `writeString` writes it.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }
}
