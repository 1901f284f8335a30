/// The 64-bit FNV-1a hash: tiny, fast on short keys, and the same on every run and machine (unlike
/// `Hasher`, which is seeded per process).
///
/// For stable picks and cheap keys, never for security: the merge's duplicate window keys ids by it,
/// the reader colours sources by it, and the sandbox names its random streams by it.
package enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes.
    ///
    /// Read through the string's `Span` of bytes where the platform has it (everywhere on Linux): about twice
    /// as fast as walking `text.utf8`, and the merge hashes every item's id.
    package static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if #available(macOS 26, *) {
            let bytes = text.utf8.span
            for index in bytes.indices {
                hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
            }
            return hash
        }
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
