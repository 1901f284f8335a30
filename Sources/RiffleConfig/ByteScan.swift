/// Word-at-a-time searches over a file's bytes, for the checks that read every byte of it before
/// libyaml does (`InputCheck`, `PlaceholderBraces`): eight bytes per step where a byte-by-byte loop
/// cost a step per byte. SWAR: a test sets a byte's high bit in a mask where it holds.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The end of the whole eight-byte words from `start` on whose bytes are all ASCII and none NUL; the
    /// caller reads the bytes from there one by one.
    static func plainASCIIEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
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
    static func asciiAndDollar(_ bytes: UnsafeBufferPointer<UInt8>) -> (isASCII: Bool, hasDollar: Bool) {
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
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
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
    static func spells(_ bytes: UnsafeBufferPointer<UInt8>, caseInsensitively word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        return zip(bytes, letters).allSatisfy { byte, letter in byte | 0x20 == letter }
    }
}
