/// A `JSONDocument`'s tape while it is parsed: entries written through a pointer into room reserved
/// beforehand (doubled when full), then handed to the document as they lie (`JSONEntries`).
///
/// `Array.append` costs a uniqueness check (a call into the runtime) and a capacity check per entry; here
/// an entry is a compare and a store. Only the parser writes it, and only `JSONDocument.init(parsing:)`
/// makes one.
///
/// Unsafe, because it writes through its own allocation: `base[0..<count]` is initialized, `count` never
/// passes `capacity` (it grows first), `close` is checked to name an entry written, and `finish` hands the
/// memory to `JSONEntries` exactly once (the tape is non-copyable and consumed).
struct JSONTape: ~Copyable {
    typealias Entry = JSONDocument.Entry

    /// The entries so far: `base[0..<count]` is initialized.
    private var base: UnsafeMutablePointer<Entry>
    /// How many entries have been written.
    private(set) var count = 0
    /// How many entries `base` has room for.
    private var capacity: Int

    /// A tape with room for `capacity` entries (at least one) before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Writes `entry` after the others.
    @inline(__always)
    mutating func append(_ entry: Entry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count += 1
    }

    /// Closes the container whose entry is at `position`: it ends at byte `end`, and the entries written
    /// since it are its contents (`next` is the tape's count).
    @inline(__always)
    mutating func close(_ position: Int, end: Int) {
        precondition(position >= 0 && position < count, "a container's entry is on the tape")
        base[position].end = UInt32(truncatingIfNeeded: end)
        base[position].next = UInt32(truncatingIfNeeded: count)
    }

    /// Twice the room, the entries moved there (entries are plain values: moving is copying their bytes).
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The entries written, handed over where they lie (no copy); the tape is used up.
    consuming func finish() -> JSONEntries {
        let entries = JSONEntries(taking: base, count: count)
        // The memory is the entries' now: the tape must not free it.
        discard self
        return entries
    }
}
