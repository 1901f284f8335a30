/// Bytes written and not yet handed on, in memory of its own that grows: each part is written through a
/// `ByteWriter` whose room is exactly the bound reserved for it, so a part longer than its bound traps at
/// the write that would pass it, never past the memory. One capacity check per part rather than an array's
/// checks per appended byte. One per export (its block), used by one task at a time.
package final class ByteBuffer {
    /// `capacity` bytes, of which the first `count` are initialized.
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// The bytes written (`count`).
    @exclusivity(unchecked) @usableFromInline var written = 0

    /// The bytes written.
    package var count: Int { written }

    package init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// `body` with a writer at the end whose room is `bound` bytes; what it writes is kept. A write past
    /// `bound` traps before it happens (`ByteWriter`). Inlinable, so that a part's writes are inlined into
    /// its caller in another module.
    @inlinable @inline(__always)
    package func write(reserving bound: Int, _ body: (inout ByteWriter) -> Void) {
        precondition(bound >= 0, "byte buffer: negative bound")
        if capacity - count < bound { grow(to: count + bound) }
        var writer = ByteWriter(UnsafeMutableBufferPointer(start: base + count, count: bound))
        body(&writer)
        written += writer.count
    }

    /// Appends a constant.
    package func append(_ text: StaticString) {
        write(reserving: text.utf8CodeUnitCount) { $0.put(text) }
    }

    /// Appends bytes as they are.
    package func append(_ bytes: [UInt8]) {
        write(reserving: bytes.count) { $0.put(bytes) }
    }

    /// Appends `text`'s UTF-8 bytes as they are.
    package func append(utf8 text: String) {
        write(reserving: text.utf8.count) { $0.put(utf8: text) }
    }

    /// A copy of the bytes written.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// `body` with the bytes written where they lie, valid only during the call (a write to a descriptor
    /// without a copy).
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the memory.
    package func removeAll() { written = 0 }

    /// Moves the bytes to memory of at least `needed` bytes (twice the capacity, when that is more).
    @usableFromInline func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
