internal import RiffleBytes

/// Lets `${VAR}` stand unquoted inside YAML flow collections, as in the contract's own example
/// `{name: swift, type: github-issues, token: ${GITHUB_TOKEN}}`: in flow context `{` and `}` end a plain
/// scalar, so libyaml alone rejects it. Before parsing, the braces of each `${NAME}` / `${NAME:-default}`
/// on one line become private-use characters (one character each, so libyaml's line:column marks stay
/// exact); scalars get them back as braces. Input that already holds those characters is left alone.
enum PlaceholderBraces {
    private static let openBytes: [UInt8] = [0xEE, 0x80, 0x80]
    private static let closeBytes: [UInt8] = [0xEE, 0x80, 0x81]

    /// The bytes with placeholder braces shielded, or `nil` when there is nothing to shield.
    static func shield(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer(shield)
    }

    /// `shield(_:)` over the file's bytes. The `$` are found eight bytes at a time and the text between
    /// placeholders is copied in one piece: read byte by byte, this copy of the file cost as much as a
    /// fifth of what libyaml takes to parse it.
    private static func shield(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let dollar = UInt8(ascii: "$")
        // The first placeholder: a file without one is parsed as it is.
        var first = ByteScan.firstIndex(of: dollar, in: bytes, from: 0)
        while let index = first, placeholderEnd(at: index, in: bytes) == nil {
            first = ByteScan.firstIndex(of: dollar, in: bytes, from: index + 1)
        }
        guard var index = first else { return nil }
        // A file that already holds the shielding characters is left alone.
        var lead = ByteScan.firstIndex(of: openBytes[0], in: bytes, from: 0)
        while let at = lead {
            if at + 2 < bytes.count, bytes[at + 1] == openBytes[1],
                bytes[at + 2] == openBytes[2] || bytes[at + 2] == closeBytes[2]
            {
                return nil
            }
            lead = ByteScan.firstIndex(of: openBytes[0], in: bytes, from: at + 1)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<index]))
        while index < bytes.count {
            if bytes[index] == dollar, let end = placeholderEnd(at: index, in: bytes) {
                out.append(dollar)
                out += openBytes
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(index + 2)..<end]))
                out += closeBytes
                index = end + 1
            } else {
                // Up to the next `$`, copied in one piece.
                let next = ByteScan.firstIndex(of: dollar, in: bytes, from: index + 1) ?? bytes.count
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
                index = next
            }
        }
        return out
    }

    /// Where the placeholder whose `$` is at `index` closes, when one does.
    private static func placeholderEnd(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else { return nil }
        return closingBrace(in: bytes, from: index + 2)
    }

    /// Where a placeholder that starts at `start` (just after `${`) closes: a name of letters, digits,
    /// `_` and `.`, optionally `:-default`, then `}` on the same line.
    private static func closingBrace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            let isName =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            if isName {
                index += 1
                continue
            }
            break
        }
        guard index > start, index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "}") { return index }
        guard bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") else {
            return nil
        }
        index += 2
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "}"): return index
            case UInt8(ascii: "{"), 0x0A, 0x0D: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// Appends a scalar's bytes to `out` with shielded braces restored (each three-byte character back
    /// to its one-byte brace). In well-formed UTF-8 the byte 0xEE only starts a character, so the
    /// characters are found byte by byte.
    static func restore(_ text: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == openBytes[0], index + 2 < text.count, text[index + 1] == openBytes[1],
                text[index + 2] == openBytes[2] || text[index + 2] == closeBytes[2]
            {
                out.append(text[index + 2] == openBytes[2] ? UInt8(ascii: "{") : UInt8(ascii: "}"))
                index += 3
            } else {
                out.append(byte)
                index += 1
            }
        }
    }
}
