internal import RiffleBytes

/// The byte layer of resume tokens (`r3.`, see ``MergePosition``): LEB128 varints, zigzag for signed
/// numbers, length-prefixed UTF-8, little-endian 32-bit words. Binary rather than JSON because a token goes
/// with every exported item, so every byte counts; reading is bounded by the bytes there are.
enum TokenCoding {
    /// Appends values to a token's bytes.
    struct Writer {
        private(set) var bytes: [UInt8] = []

        init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

        mutating func varint(_ value: UInt64) { varint(value, length: 1) }

        /// `value` as a varint of at least `length` bytes: LEB128 allows continuation bytes that add nothing,
        /// which every reader of varints here accepts. Used to make a part's length a multiple of 3.
        mutating func varint(_ value: UInt64, length: Int) {
            TokenCoding.varint(value, length: length) { bytes.append($0) }
        }

        /// The bytes of `value` as a shortest varint.
        static func varintLength(_ value: UInt64) -> Int {
            var rest = value >> 7
            var length = 1
            while rest > 0 {
                rest >>= 7
                length += 1
            }
            return length
        }

        /// A non-negative count or index.
        mutating func count(_ value: Int) { varint(TokenCoding.unsigned(count: value)) }

        mutating func signed(_ value: Int64) { varint(TokenCoding.zigzag(value)) }

        mutating func word(_ value: UInt32) { TokenCoding.word(value) { bytes.append($0) } }

        mutating func string(_ text: String) {
            count(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func raw(_ more: some Collection<UInt8>) { bytes.append(contentsOf: more) }
    }

    /// `value` as LEB128 of at least `length` bytes (continuation bytes that add nothing make up the
    /// length), each byte given to `put` in order: written once for the `Writer` and for tokens assembled
    /// in place (`MergePosition.r3Text`).
    static func varint(_ value: UInt64, length: Int, _ put: (UInt8) -> Void) {
        var rest = value
        var written = 0
        while rest >= 0x80 || written + 1 < length {
            put(UInt8(truncatingIfNeeded: rest & 0x7f) | 0x80)
            rest >>= 7
            written += 1
        }
        put(UInt8(rest))
    }

    /// A shortest varint of `value`, through `out`: the `Writer`'s numbers written into room made beforehand
    /// (a token's head, per exported item).
    static func varint(_ value: UInt64, to out: inout ByteWriter) { varint(value, length: 1) { out.put($0) } }

    /// `Writer.count` through `out`.
    static func count(_ value: Int, to out: inout ByteWriter) { varint(unsigned(count: value), to: &out) }

    /// `Writer.signed` through `out`.
    static func signed(_ value: Int64, to out: inout ByteWriter) { varint(zigzag(value), to: &out) }

    /// `Writer.word` through `out`.
    static func word(_ value: UInt32, to out: inout ByteWriter) { word(value) { out.put($0) } }

    /// A count or index as its varint holds it: a negative one as 0.
    static func unsigned(count value: Int) -> UInt64 { UInt64(max(0, value)) }

    /// A signed number as its varint holds it (zigzag: small magnitudes, either sign, stay short).
    static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    /// The four bytes of `value`, the lowest first, each given to `put`: the one writer of a word, for the
    /// `Writer` and for heads written in place.
    static func word(_ value: UInt32, _ put: (UInt8) -> Void) {
        for shift in stride(from: 0, to: 32, by: 8) { put(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// Reads values back; every read returns `nil` past the end or on a malformed value.
    struct Reader {
        private let bytes: [UInt8]
        private var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }

        mutating func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7f) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        /// A count or index no larger than `limit`.
        mutating func count(limit: Int) -> Int? {
            guard let value = varint(), value <= UInt64(limit) else { return nil }
            return Int(value)
        }

        mutating func signed() -> Int64? {
            guard let value = varint() else { return nil }
            return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
        }

        mutating func word() -> UInt32? {
            guard remaining >= 4 else { return nil }
            var value: UInt32 = 0
            for index in 0..<4 { value |= UInt32(bytes[offset + index]) << UInt32(8 * index) }
            offset += 4
            return value
        }

        mutating func bytes(_ length: Int) -> ArraySlice<UInt8>? {
            guard length >= 0, length <= remaining else { return nil }
            defer { offset += length }
            return bytes[offset..<offset + length]
        }

        /// UTF-8 text; `nil` when the bytes are not valid UTF-8.
        mutating func string() -> String? {
            guard let length = count(limit: remaining), let slice = bytes(length) else { return nil }
            return String(validating: slice, as: UTF8.self)
        }
    }
}
