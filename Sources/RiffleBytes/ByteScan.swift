/// Word-at-a-time searches over bytes: for the checks that read every byte of a configuration file before
/// libyaml does (`InputCheck`, `PlaceholderBraces`), and the check of well-formed UTF-8 that lets the JSON
/// readers copy a page's strings as they lie. Eight bytes per step where a byte-by-byte loop takes a step
/// per byte. SWAR: a test sets a byte's high bit in a mask where it holds. Every read stays inside the
/// buffer it is given.
package enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The end of the whole eight-byte words from `start` on whose bytes are all ASCII and none NUL; the
    /// caller reads the bytes from there one by one.
    package static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A NUL byte, or a byte with its high bit set.
            if ((word &- ones) & ~word | word) & highs != 0 { return index }
            index += 8
        }
        return index
    }

    /// Whether `bytes` are all ASCII, and whether one of them is `$`: what the tree notes of every scalar.
    package static func asciiAndDollar(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasDollar: Bool) {
        var high: UInt64 = 0
        var dollar: UInt64 = 0
        var index = 0
        if let base = bytes.baseAddress {
            let pattern = ones &* UInt64(UInt8(ascii: "$"))
            while index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                high |= word
                let matches = word ^ pattern
                dollar |= (matches &- ones) & ~matches
                index += 8
            }
        }
        var isASCII = high & highs == 0
        var hasDollar = dollar & highs != 0
        while index < bytes.count {
            isASCII = isASCII && bytes[index] < 0x80
            hasDollar = hasDollar || bytes[index] == UInt8(ascii: "$")
            index += 1
        }
        return (isASCII, hasDollar)
    }

    /// The offset of the first `byte` at or after `start`, `nil` when there is none.
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = bytes.baseAddress {
            let pattern = ones &* UInt64(byte)
            while index + 8 <= bytes.count {
                let word =
                    UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ pattern
                if (word &- ones) & ~word & highs != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes` spell `word` in any case. `word` is lower-case ASCII letters only: a byte with
    /// 0x20 set is a lower-case letter exactly when the byte is that letter in either case.
    package static func spells(_ bytes: UnsafeBufferPointer<UInt8>, caseInsensitively word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return zip(bytes, letters).allSatisfy { byte, letter in byte | 0x20 == letter }
    }

    // Well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, no
    // sequence cut short): the bytes `String(decoding:as:)` keeps unchanged. One check for the config's input
    // check and the JSON readers that copy a page's strings as they lie.

    /// The length of the well-formed sequence that starts with the non-ASCII byte at `index`, `nil` when
    /// none does.
    package static func utf8SequenceLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        if bytes[index + 1] < low || bytes[index + 1] > high { return nil }
        for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// Whether all of `bytes` is well-formed UTF-8.
    package static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            // ASCII runs (most of an API page's texts) eight bytes at a time: no high bit in the word. Taken
            // up again after each non-ASCII character, not only at the start, so that a text with a `é` or
            // a `☕` near its beginning is not checked byte by byte to its end.
            if let base = bytes.baseAddress {
                while index + 8 <= bytes.count,
                    UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
            }
            while index < bytes.count, bytes[index] < 0x80 { index += 1 }
            guard index < bytes.count else { return true }
            // The two- and three-byte sequences of Latin, Greek, CJK and symbols (`é`, `ü`, `☕`) whose
            // second byte may be any continuation byte, checked in place: the commonest non-ASCII
            // characters; the rest go through `utf8SequenceLength`.
            let lead = bytes[index]
            if lead &- 0xC2 < 0x1E, index + 1 < bytes.count, bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
                continue
            }
            if lead &- 0xE1 < 0x0F, lead != 0xED, index + 2 < bytes.count, bytes[index + 1] & 0xC0 == 0x80,
                bytes[index + 2] & 0xC0 == 0x80
            {
                index += 3
                continue
            }
            guard let length = utf8SequenceLength(at: index, in: bytes) else { return false }
            index += length
        }
        return true
    }
}
