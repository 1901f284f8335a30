internal import RiffleCore

/// The bytes an export has encoded and not yet written, in memory of its own: the encoder reserves an
/// upper bound for each part of an item and writes it through a `ByteWriter`, one capacity check per part
/// rather than an array's checks per append (issue 17). One per export, used by one task.
final class ExportBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// The bytes written.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// `body` with a writer at the end that has room for `bound` bytes; what it writes is kept. Writing more
    /// than `bound` is a bug, and stops the program.
    @inline(__always)
    func write(reserving bound: Int, _ body: (inout ByteWriter) -> Void) {
        if capacity - count < bound { grow(to: count + bound) }
        let start = base + count
        var writer = ByteWriter(start)
        body(&writer)
        let written = writer.position - start
        precondition(written <= bound, "export buffer: wrote past its bound")
        count += written
    }

    /// Appends a constant.
    func append(_ text: StaticString) {
        write(reserving: text.utf8CodeUnitCount) { $0.put(text) }
    }

    /// Appends bytes as they are.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        write(reserving: bytes.count) { $0.put(bytes) }
    }

    /// Appends bytes as they are.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Writes the bytes written to `sink` where they lie, without a copy.
    func write(to sink: any ExportSink) throws {
        try sink.write(bytes: UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes written, keeping the memory.
    func removeAll() { count = 0 }

    /// Moves the bytes to memory of at least `needed` bytes (twice the capacity, when that is more).
    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
