/// Writes bytes forward from a pointer, into room its caller made beforehand: no capacity or uniqueness
/// check per write. The export encodes every item this way into its block (issue 17), where each append
/// to an array cost some 90 instructions; the caller reserves an upper bound of what it writes
/// (`JSONValue.stringBound`, `Timestamp.rfc3339Bound`, the lengths of what it copies).
public struct ByteWriter {
    /// Where the next byte goes.
    public var position: UnsafeMutablePointer<UInt8>

    @inlinable public init(_ position: UnsafeMutablePointer<UInt8>) { self.position = position }

    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        position.initialize(to: byte)
        position += 1
    }

    /// Copies `bytes` (one `memcpy`).
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        position.initialize(from: source, count: bytes.count)
        position += bytes.count
    }

    /// Copies a constant's UTF-8 bytes.
    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
