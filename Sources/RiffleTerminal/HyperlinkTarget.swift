/// The target of an OSC 8 hyperlink (`ESC ] 8 ; ; URI ESC \`), made from a remote URL so that it can
/// neither end the sequence early nor start another one.
///
/// Only `http://` and `https://` URLs (any case) become targets, at most `maxBytes` long. Every byte
/// outside printable ASCII (`!` to `~`) is percent-encoded: ESC, BEL, the 8-bit string terminator
/// U+009C (UTF-8 `C2 9C`), spaces, and every other control or non-ASCII byte. What is left holds no
/// byte a terminal could take as the end of the sequence. Existing `%XX` escapes are kept as they are.
package struct HyperlinkTarget: Sendable, Hashable {
    /// The encoded URI: printable ASCII only.
    package let uri: String

    /// The longest URL, in UTF-8 bytes, that becomes a link.
    package static let maxBytes = 4096

    /// The target for `url`, or nil when it is not http or https, or too long.
    package init?(_ url: String) {
        let bytes = Array(url.utf8)
        guard bytes.count <= Self.maxBytes else { return nil }
        let lower = url.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(bytes.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if (0x21...0x7E).contains(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        uri = String(decoding: encoded, as: UTF8.self)
    }

    /// The sequence that opens the link.
    var opening: String { "\u{1B}]8;;" + uri + "\u{1B}\\" }

    /// The sequence that closes any link.
    static let closing = "\u{1B}]8;;\u{1B}\\"
}
