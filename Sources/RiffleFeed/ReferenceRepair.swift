/// Mends the two ill-formed references real feeds are full of, before libxml2 sees the bytes: a bare `&`
/// (`Salt & pepper`, `?a=1&b=2`) becomes `&amp;`, and an HTML named reference XML does not know
/// (`&nbsp;`, `&hellip;`, `&rsquo;`) becomes the numeric one, so that neither is dropped by recovery.
///
/// CDATA sections are left alone. Works on any ASCII-compatible encoding (`&`, `;` and `<` are never
/// part of a multi-byte character in UTF-8, the ISO-8859 family, Windows-125x, Shift_JIS, GBK or Big5);
/// UTF-16 bodies are not touched. One pass; a copy only when something needs mending.
enum ReferenceRepair {
    /// The mended bytes, or `nil` when nothing needed mending.
    static func repaired(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.prefix(4).contains(0) {
            return nil
        }
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            var output: [UInt8] = []
            var copied = 0
            var index = 0
            while index < input.count {
                let byte = input[index]
                if byte == UInt8(ascii: "<") {
                    if matches(input, at: index, "<![CDATA[") {
                        index = find(input, "]]>", from: index + 9).map { $0 + 3 } ?? input.count
                    } else {
                        index += 1
                    }
                    continue
                }
                guard byte == UInt8(ascii: "&") else {
                    index += 1
                    continue
                }
                let (replacement, length) = mend(input, at: index)
                if let replacement {
                    if output.isEmpty { output.reserveCapacity(input.count + 256) }
                    output.append(contentsOf: input[copied..<index])
                    output.append(contentsOf: replacement)
                    copied = index + length
                }
                index += length
            }
            guard copied > 0 else { return nil }
            output.append(contentsOf: input[copied...])
            return output
        }
    }

    /// What the `&` at `start` should become (`nil`: stays) and how many bytes it covers.
    private static func mend(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> ([UInt8]?, Int) {
        let ampersand = Array("&amp;".utf8)
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "x")
            if hex { index += 1 }
            let digits = index
            while index < bytes.count, isDigit(bytes[index], hex: hex) { index += 1 }
            let wellFormed = index > digits && index < bytes.count && bytes[index] == UInt8(ascii: ";")
            return wellFormed ? (nil, index + 1 - start) : (ampersand, 1)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 32, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return (ampersand, 1) }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<index]), as: UTF8.self)
        switch name {
        case "amp", "lt", "gt", "quot", "apos": return (nil, index + 1 - start)
        default:
            // An unknown name may be one the document declares: libxml2 decides (and riffle refuses those).
            guard let scalar = HTMLEntities.scalar(named: name) else { return (nil, index + 1 - start) }
            return (Array("&#\(scalar.value);".utf8), index + 1 - start)
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        Markup.isLetter(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
        (byte >= 0x30 && byte <= 0x39)
            || (hex && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != needle.utf8Start[offset] { return false }
        return true
    }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from: Int) -> Int? {
        var index = from
        while index < bytes.count {
            if bytes[index] == needle.utf8Start[0], matches(bytes, at: index, needle) { return index }
            index += 1
        }
        return nil
    }
}
