/// A parsed JSON document kept as its received bytes and a flat tape of entries over them, without a
/// `JSONValue` tree: no dictionary, string or box is made for a value until someone asks for it.
///
/// An adapter's mapping reads a few fields of each item of a page; building the whole tree (a hashed
/// dictionary per object, a string per name and value) and tearing it down was about 45% of the
/// export's CPU per item when measured. Here each value is one entry in document order: a container's
/// entry is followed by its members (name entry, then the value's entries) or elements, and `next`
/// skips a whole subtree, so a member is found by a short linear scan of names compared as bytes.
///
/// The grammar, the limits and the errors are `JSONValue(parsing:)`'s (the same parser's string,
/// number and literal readers), and a value read out of the document (`JSONNode.value`) is what
/// `JSONValue(parsing:)` would have made of its bytes.
package final class JSONDocument: Sendable {
    /// The kinds of entries on the tape.
    enum Kind: UInt8, Sendable {
        case null, falseValue, trueValue, number
        /// A string without escapes: its text is the bytes between the quotes.
        case string
        /// A member name without escapes whose bytes are all ASCII: compared with an ASCII name as bytes.
        case asciiName
        /// A string with escapes: its text comes from the parser.
        case escapedString
        case object, array
    }

    /// One value (or member name) on the tape.
    struct Entry: Sendable {
        /// Offset of the value's first byte (a string's opening quote).
        var start: UInt32
        /// Offset just past the value's last byte.
        var end: UInt32
        /// The tape index just past this value and everything inside it.
        var next: UInt32
        var kind: Kind
    }

    /// The received bytes.
    let bytes: [UInt8]
    /// The values in document order.
    let entries: JSONEntries

    /// The largest document: offsets on the tape are 32-bit. Response bodies are limited far below this.
    static let maxBytes = Int(UInt32.max) - 1

    /// Parses one JSON document, with `JSONValue(parsing:)`'s grammar, depth limit and errors.
    package init(parsing bytes: [UInt8]) throws(JSONParseError) {
        guard bytes.count <= Self.maxBytes else {
            throw JSONParseError(offset: 0, reason: "document larger than \(Self.maxBytes) bytes")
        }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) -> JSONEntries in
                // Up to one entry per 8 bytes in API pages (GitHub-shaped issues: one per ~11): one allocation,
                // where a sixteenth grew the tape twice a page (a copy of it each time).
                var tape = JSONTape(capacity: bytes.count / 8 + 16)
                if JSONTapeReader.read(buffer, into: &tape) { return tape.finish() }
                // The tape reader accepts exactly the documents the value parser accepts and does not say why it
                // gave up: the value parser, reading the bytes again, throws the error at its offset (the same
                // grammar, limits and messages as `JSONValue(parsing:)`).
                var parser = JSONParser(bytes: buffer)
                _ = try parser.parseDocument()
                throw JSONParseError(offset: 0, reason: "the tape reader refused a document the value parser read")
            }
        }
        self.entries = try parsed.get()
        self.bytes = bytes
    }

    /// The document's top-level value.
    package var root: JSONNode { JSONNode(document: self, index: 0) }
}
