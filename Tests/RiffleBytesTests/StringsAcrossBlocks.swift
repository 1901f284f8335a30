/// Quoted strings of every length below 40 with each of some inserted bytes at every place: the cases that
/// put each kind of byte at every offset around the parsers' sixteen- and eight-byte blocks (the tape
/// reader's scan, `skipPlainRun`, `writeString`'s runs).
enum StringsAcrossBlocks {
    /// Calls `body` with each string (quotes included), the bytes inserted, and where: `place` of `length`
    /// plain letters.
    static func forEach(
        inserting inserts: [[UInt8]],
        _ body: (_ string: [UInt8], _ insert: [UInt8], _ length: Int, _ place: Int) throws -> Void
    ) rethrows {
        for length in 0..<40 {
            for place in 0...length {
                for insert in inserts {
                    var text = Array(repeating: UInt8(ascii: "a"), count: length)
                    text.insert(contentsOf: insert, at: place)
                    try body([0x22] + text + [0x22], insert, length, place)
                }
            }
        }
    }
}
