/// JSON strings as bytes: the one scan of a string's bytes, for the parsers (where a string's plain run
/// stops) and the writer (where a text's run that needs no escape stops), and the one escaper.
///
/// The scan reads sixteen bytes at a time (SIMD: one comparison per kind of byte over the block) while none
/// is special, eight at a time after that (SWAR: a test sets a byte's high bit in a mask where it holds),
/// and the last few, and a text of fewer than eight, as one word of their own with plain bytes (`A`) filling
/// the rest, so that no text ends byte by byte. It never reads outside the buffer it is given.
package enum JSONString {
    /// The most bytes `write(utf8:to:)` writes for a text of `count` bytes: each byte may become `\u00XX`,
    /// and the quotes.
    @inlinable
    package static func bound(_ count: Int) -> Int { count &* 6 &+ 2 }

    /// Where a string's plain run from `start` stops, for a parser: the first quote, backslash or control
    /// character, or the end; the run's bytes OR-ed into `seen` (a high bit set means a non-ASCII byte).
    @inline(__always)
    package static func plainRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, seen: inout UInt64) -> Int {
        scan(bytes, from: start, stopsAtDelete: false, seen: &seen)
    }

    /// The first byte from `start` on that `write` escapes (a quote, a backslash, a control character or
    /// DEL), or the end.
    @inline(__always)
    package static func escapeFreeEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var seen: UInt64 = 0
        return scan(bytes, from: start, stopsAtDelete: true, seen: &seen)
    }

    /// The scan both ask for: DEL stops it too when `stopsAtDelete` (the writer escapes it; a parser takes
    /// it as it is). A constant at each call, so each inlined copy tests only its own set.
    @inline(__always)
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stopsAtDelete: Bool, seen: inout UInt64
    ) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        guard start < count else { return count }
        guard count >= 8 else { return start &+ short(base + start, count &- start, stopsAtDelete, &seen) }
        var index = start
        #if _endian(little)
            // A block's two 64-bit lanes hold its bytes in order, the first byte lowest, as a word below.
            let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
            let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let spaces = SIMD16<UInt8>(repeating: 0x20)
            let deletes = SIMD16<UInt8>(repeating: 0x7F)
            while index &+ 16 <= count {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                let words = unsafeBitCast(block, to: SIMD2<UInt64>.self)
                // 0xFF in each byte that stops the scan.
                var stops = (block .== quotes) .| (block .== backslashes) .| (block .< spaces)
                if stopsAtDelete { stops = stops .| (block .== deletes) }
                let special = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
                if special[0] | special[1] == 0 {
                    seen |= words[0] | words[1]
                    index &+= 16
                    continue
                }
                // Step to the first special byte, keeping the bytes before it.
                if special[0] != 0 {
                    let skipped = special[0].trailingZeroBitCount &>> 3
                    seen |= words[0] & ((1 &<< UInt64(skipped &* 8)) &- 1)
                    return index &+ skipped
                }
                let inSecond = special[1].trailingZeroBitCount &>> 3
                seen |= words[0] | (words[1] & ((1 &<< UInt64(inSecond &* 8)) &- 1))
                return index &+ 8 &+ inSecond
            }
        #endif
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let hits = specialBytes(word, stopsAtDelete)
            if hits != 0 {
                // The lowest flagged byte is the first special one (a borrow only runs upward from a flagged
                // byte): step to it, without a byte-by-byte walk.
                let skipped = hits.trailingZeroBitCount &>> 3
                seen |= word & ((1 &<< UInt64(skipped &* 8)) &- 1)
                return index &+ skipped
            }
            seen |= word
            index &+= 8
        }
        guard index < count else { return count }
        // The last word of the buffer, its bytes before `index` shifted out and plain bytes shifted in at its
        // end: a byte before `index` may be special, and its mark would spill into the bytes after it.
        let skipped = UInt64(index &- (count &- 8)) &* 8
        let last = UInt64(littleEndian: UnsafeRawPointer(base + count - 8).loadUnaligned(as: UInt64.self))
        let rest = last &>> skipped | 0x4141_4141_4141_4141 &<< (64 &- skipped)
        let hits = specialBytes(rest, stopsAtDelete)
        guard hits != 0 else {
            seen |= rest
            return count
        }
        let found = hits.trailingZeroBitCount &>> 3
        seen |= rest & ((1 &<< UInt64(found &* 8)) &- 1)
        return index &+ found
    }

    /// `scan` over the `length` bytes (1…7) at `start`, as one word without reading past them: the first four
    /// and the last four (or two and two, or the one), plain bytes (`A`) filling the rest. Bytes read twice
    /// are plain or found in the first part, so the lowest mark still names the first special byte, and the
    /// bytes before it in the word are the bytes before it in the text.
    @inline(__always)
    private static func short(
        _ start: UnsafePointer<UInt8>, _ length: Int, _ stopsAtDelete: Bool, _ seen: inout UInt64
    ) -> Int {
        let source = UnsafeRawPointer(start)
        let word: UInt64
        let secondAt: Int
        let firstPart: Int
        if length >= 4 {
            let first = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            let last = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)))
            word = first | last &<< 32
            secondAt = length &- 8
            firstPart = 4
        } else if length >= 2 {
            let first = UInt64(UInt16(littleEndian: source.loadUnaligned(as: UInt16.self)))
            let last = UInt64(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self)))
            word = first | last &<< 16 | 0x4141_4141 &<< 32
            secondAt = length &- 4
            firstPart = 2
        } else {
            word = UInt64(source.load(as: UInt8.self)) | 0x41_4141_4141_4141 &<< 8
            secondAt = 0
            firstPart = 1
        }
        let hits = specialBytes(word, stopsAtDelete)
        guard hits != 0 else {
            seen |= word
            return length
        }
        let byte = hits.trailingZeroBitCount &>> 3
        seen |= word & ((1 &<< UInt64(byte &* 8)) &- 1)
        // A byte of the first part is where it was read; one of the second was read `secondAt` bytes earlier.
        return byte < firstPart ? byte : byte &+ secondAt
    }

    /// The high bit of each byte of `word` (in memory order, from the lowest) that stops the scan — exactly
    /// for the first such byte; a byte after it may be marked when it does not stop it (a borrow): callers
    /// use only the lowest mark.
    @inline(__always)
    private static func specialBytes(_ word: UInt64, _ stopsAtDelete: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        var special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
        if stopsAtDelete {
            let delete = word ^ (ones &* 0x7F)
            special |= (delete &- ones) & ~delete
        }
        return special & 0x8080_8080_8080_8080
    }

    /// Writes the text whose UTF-8 is `bytes` as a JSON string through `out`, which must have room for
    /// `bound(bytes.count)` bytes. Every control character and DEL is escaped, so the output is one line and
    /// valid JSON whatever the (untrusted) text holds, back-to-back escapes included; runs that need no escape
    /// are copied whole.
    package static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        out.put(UInt8(ascii: "\""))
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            index = escapeFreeEnd(bytes, from: index)
            guard index < count else { break }
            let byte = bytes[index]
            out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
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
        out.put(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        out.put(UInt8(ascii: "\""))
    }

    /// `write(utf8:to:)` of `text`'s UTF-8.
    @inline(__always)
    package static func write(_ text: String, to out: inout ByteWriter) {
        var text = text
        text.withUTF8 { write(utf8: $0, to: &out) }
    }

    /// Appends the JSON string `write(utf8:to:)` writes to `out`: a text that needs no escape (nearly every
    /// name and value) appended as it is between its quotes, without scratch room; any other written into
    /// room of its bound, then appended in one copy.
    package static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if escapeFreeEnd(bytes, from: 0) == bytes.count {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return
        }
        ByteWriter.appending(to: &out, reserving: bound(bytes.count)) { write(utf8: bytes, to: &$0) }
    }

    /// `append(utf8:to:)` of `text`'s UTF-8.
    package static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: &out) }
    }
}
