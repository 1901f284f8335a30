/// Writes bytes forward into room of a fixed size that it carries the end of: every write checks that it
/// fits before it touches memory, so a bound its caller miscounted stops the program (a precondition, in
/// release builds too) instead of writing past the room. The export, the resume tokens and the JSON and
/// time writers write this way: one comparison per write rather than an array's capacity and uniqueness
/// checks per appended byte.
///
/// A writer is valid only during the call that hands it out (`ByteBuffer.write(reserving:_:)`,
/// `ByteWriter.appending(to:reserving:_:)`, `ByteWriter.withRoom(_:_:)`); it does not own its room.
package struct ByteWriter {
    /// The first byte of the room.
    @usableFromInline let start: UnsafeMutablePointer<UInt8>
    /// Where the next byte goes: `start...end`.
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    /// One past the room's last byte.
    @usableFromInline let end: UnsafeMutablePointer<UInt8>

    /// A writer over `room`, from its start. The room is the caller's, and must outlive the writer.
    @inlinable
    package init(_ room: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = room.baseAddress else {
            // No memory: a room of nothing, where every write but an empty one traps.
            let none = UnsafeMutablePointer<UInt8>(bitPattern: 1).unsafelyUnwrapped
            start = none
            position = none
            end = none
            return
        }
        start = base
        position = base
        end = base + room.count
    }

    /// The bytes written so far.
    @inlinable package var count: Int { position - start }

    /// The bytes that still fit.
    @inlinable package var room: Int { end - position }

    @inlinable @inline(__always)
    package mutating func put(_ byte: UInt8) {
        precondition(position < end, "byte writer: write past its room")
        position.initialize(to: byte)
        position += 1
    }

    /// Copies `bytes` (one `memcpy`).
    @inlinable @inline(__always)
    package mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        precondition(bytes.count <= end - position, "byte writer: write past its room")
        position.initialize(from: source, count: bytes.count)
        position += bytes.count
    }

    /// Copies `bytes`.
    @inlinable @inline(__always)
    package mutating func put(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// Copies `bytes`.
    @inlinable @inline(__always)
    package mutating func put(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { put($0) }
    }

    /// Copies a constant's UTF-8 bytes.
    @inlinable @inline(__always)
    package mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies `text`'s UTF-8 bytes as they are.
    @inlinable @inline(__always)
    package mutating func put(utf8 text: String) {
        var text = text
        text.withUTF8 { put($0) }
    }

    /// Keeps the next `count` bytes as the caller has already initialized them (bytes written into the room
    /// before this writer was made over it), checked like a write.
    @inlinable
    package mutating func keep(_ count: Int) {
        precondition(count >= 0 && count <= end - position, "byte writer: write past its room")
        position += count
    }

    /// The bytes written so far, valid while the room is.
    @inlinable package var written: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: start, count: position - start)
    }

    /// Gives `body` the next `count` bytes of room (checked to fit) to fill in any order; they count as
    /// written once it returns. `body` must initialize every one of them.
    @inlinable @inline(__always)
    package mutating func fill(_ count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void) {
        precondition(count >= 0 && count <= end - position, "byte writer: write past its room")
        body(UnsafeMutableBufferPointer(start: position, count: count))
        position += count
    }

    /// Appends to `out` what `body` writes through a writer with room for `bound` bytes (on the stack when
    /// small): the array's checks paid once rather than per byte.
    @inlinable
    package static func appending(to out: inout [UInt8], reserving bound: Int, _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { room in
            var writer = ByteWriter(room)
            body(&writer)
            out.append(contentsOf: writer.written)
        }
    }

    /// What `body` writes through a writer with room for `bound` bytes, as a `String` (its UTF-8; invalid
    /// sequences repaired as `String(decoding:as:)` repairs them). Written straight into the string's storage.
    @inlinable
    package static func string(reserving bound: Int, _ body: (inout ByteWriter) -> Void) -> String {
        let text = String(unsafeUninitializedCapacity: bound) { room in
            var writer = ByteWriter(room)
            body(&writer)
            return writer.count
        }
        return text
    }

    /// `body` with a writer over scratch room of `bound` bytes on the stack (when small), and what it wrote:
    /// valid only during the call.
    @inlinable
    package static func withRoom<Result>(
        _ bound: Int, _ body: (inout ByteWriter) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { room in
            var writer = ByteWriter(room)
            return body(&writer)
        }
    }
}
