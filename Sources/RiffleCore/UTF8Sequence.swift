/// Well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF, no
/// sequence cut short) — the bytes `String(decoding:as:)` keeps unchanged. One check for the config's
/// input check (RiffleConfig) and the JSON readers that copy a page's strings as they lie.
public enum UTF8Sequence {
    /// The length of the well-formed sequence that starts with the non-ASCII byte at `index`, `nil` when
    /// none does.
    public static func length(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
    package static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            // ASCII runs (most of an API page's texts) eight bytes at a time: no high bit in the word. Taken
            // up again after each non-ASCII character, not only at the start: a text with a `é` or a `☕`
            // near its beginning was checked byte by byte to its end (issue 17).
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
            // second byte may be any continuation byte, checked here without the call to `length` (~41
            // instructions a character on the large measuring set's texts, issue 17); the rest go through it.
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
            guard let length = length(at: index, in: bytes) else { return false }
            index += length
        }
        return true
    }
}
