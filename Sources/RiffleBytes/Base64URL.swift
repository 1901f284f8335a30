/// Base64url without padding (RFC 4648 §5), for tokens that travel in command lines, URLs and JSON:
/// the merge's resume tokens, and the sandbox's GitLab-style keyset cursors.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The text form of `bytes`.
    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        encode(bytes[...], appendingTo: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text form of `bytes` to `out`, as ASCII. The text of a concatenation is the texts
    /// concatenated whenever the first part's length is a multiple of 3, which lets a long, rarely
    /// changing part be encoded once and reused (resume tokens, see `ResumeTokenEncoder`).
    package static func encode(_ bytes: ArraySlice<UInt8>, appendingTo out: inout [UInt8]) {
        let start = out.count
        let count = encodedCount(bytes.count)
        out.append(contentsOf: repeatElement(0, count: count))
        out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                encode(source, into: UnsafeMutableBufferPointer(rebasing: target[start..<(start + count)]))
            }
        }
    }

    /// The length of the text form of `count` bytes (no padding).
    package static func encodedCount(_ count: Int) -> Int {
        count / 3 * 4 + (count % 3 == 0 ? 0 : count % 3 + 1)
    }

    /// Every pair of letters, for twelve bits at a time: entry `v` holds the letters of `v >> 6` and `v & 63`, in
    /// memory order (8 KiB).
    private static let pairs: [UInt16] = (0..<4096).map { value in
        UInt16(littleEndian: UInt16(alphabet[value >> 6]) | UInt16(alphabet[value & 63]) << 8)
    }

    /// Writes the text form of `bytes` to the start of `out`, which holds at least `encodedCount(bytes.count)`
    /// bytes: how a token is written straight into its `String`'s storage (`MergePosition.r3Text`). Traps
    /// when `out` is too small.
    package static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(out.count >= encodedCount(bytes.count), "base64url output too small")
        guard let source = bytes.baseAddress, let target = out.baseAddress else { return }
        // Through pointers, the tables' too: the room is checked once above rather than per character; three
        // bytes as two pairs of letters (a token's head is encoded for every exported item).
        pairs.withUnsafeBufferPointer { pairs in
            guard let pairs = pairs.baseAddress else { return }
            let raw = UnsafeMutableRawPointer(target)
            var index = 0
            var position = 0
            while index + 2 < bytes.count {
                let value = Int(source[index]) << 16 | Int(source[index + 1]) << 8 | Int(source[index + 2])
                raw.storeBytes(of: pairs[value >> 12], toByteOffset: position, as: UInt16.self)
                raw.storeBytes(of: pairs[value & 4095], toByteOffset: position + 2, as: UInt16.self)
                index += 3
                position += 4
            }
        }
        let index = bytes.count / 3 * 3
        let position = bytes.count / 3 * 4
        let rest = bytes.count - index
        guard rest > 0 else { return }
        alphabet.withUnsafeBufferPointer { alphabet in
            guard let letters = alphabet.baseAddress else { return }
            let value = UInt32(source[index]) << 16 | (rest == 2 ? UInt32(source[index + 1]) << 8 : 0)
            target[position] = letters[Int(value >> 18 & 63)]
            target[position + 1] = letters[Int(value >> 12 & 63)]
            if rest == 2 { target[position + 2] = letters[Int(value >> 6 & 63)] }
        }
    }

    /// The bytes `text` encodes; `nil` when it holds a character outside the alphabet (padding
    /// included) or has an impossible length.
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "_"): value = 63
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return bits >= 6 ? nil : out
    }
}
