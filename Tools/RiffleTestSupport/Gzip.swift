/// A tiny gzip encoder for test servers (no zlib): fixed-Huffman deflate that encodes runs of one byte
/// as back-references, so a long run of zeros compresses about 200:1 (enough for a "gzip bomb").
enum Gzip {
    /// `bytes` as a gzip member.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, count: 1)  // BFINAL
        writer.write(1, count: 2)  // BTYPE = fixed Huffman
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            writer.literal(Int(byte))
            var run = 0
            while index + 1 + run < bytes.count, bytes[index + 1 + run] == byte { run += 1 }
            index += 1
            while run >= 258 {
                writer.literal(285)  // length 258, no extra bits
                writer.huffman(0, length: 5)  // distance code 0: distance 1
                run -= 258
                index += 258
            }
        }
        writer.literal(256)  // end of block
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        output += writer.finish()
        output += littleEndian(crc32(bytes))
        output += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return output
    }

    /// The CRC-32 (IEEE) of `bytes`.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// Deflate's LSB-first bit stream.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var buffer: UInt32 = 0
        private var filled = 0

        mutating func write(_ value: UInt32, count: Int) {
            buffer |= value << filled
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                filled -= 8
            }
        }

        /// A Huffman code, which deflate stores most-significant bit first.
        mutating func huffman(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            write(reversed, count: length)
        }

        /// A literal/length symbol in the fixed Huffman code.
        mutating func literal(_ symbol: Int) {
            switch symbol {
            case 0...143: huffman(UInt32(0x30 + symbol), length: 8)
            case 144...255: huffman(UInt32(0x190 + symbol - 144), length: 9)
            case 256...279: huffman(UInt32(symbol - 256), length: 7)
            default: huffman(UInt32(0xC0 + symbol - 280), length: 8)
            }
        }

        mutating func finish() -> [UInt8] {
            if filled > 0 { write(0, count: 8 - filled) }
            return bytes
        }
    }
}
