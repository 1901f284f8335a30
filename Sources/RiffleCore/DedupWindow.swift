/// The ids one source sent recently, with their times, so that an item sent again (offset paging over
/// data that changed, an overlapping keyset page, a server that restarts) is recognised. Two
/// generations of about `capacity` pages each: when the newer fills, the older is dropped whole. It
/// covers at least the last `capacity` pages, and memory stays O(page size), never O(items).
///
/// Keys are a 64-bit FNV-1a hash of the id, used as the table's hash directly (no second hash of the key,
/// which cost more than the rest of the merge per item). A probe compares the full id only where the key
/// matches, and goes on past a key that matches with another id, so the window is exact: a hash collision
/// costs a comparison, never a missed duplicate or a dropped item.
package struct DedupWindow: Sendable {
    private var current: Generation
    private var previous: Generation
    private let generationSize: Int
    /// The key bits kept: all of them, but in tests, where fewer make collisions common.
    private let keyMask: UInt64

    package init(pages capacity: Int, pageSize: Int) {
        self.init(pages: capacity, pageSize: pageSize, keyMask: ~0)
    }

    /// A window whose keys keep only `keyMask`'s bits of the hash (for tests of colliding keys).
    init(pages capacity: Int, pageSize: Int, keyMask: UInt64) {
        generationSize = min(max(1, capacity) * max(1, pageSize), Generation.maxCount)
        current = Generation(expected: generationSize)
        previous = Generation(expected: 0)
        self.keyMask = keyMask
    }

    /// Remembers `id` at `time` and returns the time it was seen at before, if it was.
    package mutating func remember(_ id: String, at time: Timestamp) -> Timestamp? {
        let key = FNV1a.hash(id) & keyMask
        let inCurrent = current.probe(key, id: id)
        if inCurrent >= 0 { return current.raise(inCurrent, to: time) }
        if !previous.isEmpty {
            let inPrevious = previous.probe(key, id: id)
            if inPrevious >= 0 {
                let earlier = previous.time(at: inPrevious)
                // Carried into the newer generation (which a generation grown to its hard limit skips).
                if current.count < Generation.maxCount {
                    current.insert(key, id: id, time: max(time, earlier), at: inCurrent)
                }
                return earlier
            }
        }
        if current.count >= generationSize {
            // The newer generation becomes the older; the older one's storage is reused, emptied.
            swap(&previous, &current)
            current.removeAll()
            current.insert(key, id: id, time: time, at: current.probe(key, id: id))
        } else {
            current.insert(key, id: id, time: time, at: inCurrent)
        }
        return nil
    }

    /// Remembers each of `items` in order, as a page check does; returns how many were seen before. For the
    /// benchmark (`riffle-bench merge --child window`): its ids are read here, in place, where a caller in
    /// another module would copy each item to read its id.
    package mutating func remember(_ items: [Item]) -> Int {
        var repeats = 0
        for position in items.indices where remember(items[position].id, at: items[position].time) != nil {
            repeats += 1
        }
        return repeats
    }

    /// One generation: ids by their hash in an open-addressed table (linear probing) over a dense list, so
    /// that it empties and fills again without allocating. Each slot is one 32-bit word: 0 when empty, else
    /// seven bits of the key (with the top bit set) over the entry's index in `seen`. A probe for an id not
    /// seen — the common case — reads one word, and the insertion that follows writes that same word: one
    /// table of 4 bytes a slot rather than a byte of tag and a separate index (two cache lines missed per
    /// new id once hundreds of sources take turns).
    private struct Generation: Sendable {
        struct Seen: Sendable {
            var key: UInt64
            var time: Timestamp
            var id: String
        }

        /// The most entries a slot's 24 bits of index can name (far above any window: pages hold ≤ 1,000 items).
        static let maxCount = 1 << 24 - 1

        /// The entries, the first `count` of them live; the rest are old entries kept to be overwritten
        /// (emptying a generation then costs no release per id: each is released when its place is reused).
        private var seen: [Seen] = []
        private(set) var count = 0
        /// A power of two long, at most half full.
        private var slots: [UInt32]
        private var mask: Int

        init(expected: Int) {
            var size = 16
            while size < 2 * expected { size *= 2 }
            slots = Array(repeating: 0, count: size)
            mask = size - 1
            seen.reserveCapacity(expected)
        }

        var isEmpty: Bool { count == 0 }

        /// Where `key`'s chain starts: the high half of a multiplicative (Fibonacci) mix, since FNV-1a's low
        /// bits vary little over short ids such as decimal numbers.
        @inline(__always)
        private func home(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
        }

        /// Seven other bits of the key with the top bit set, in a slot's top byte: never 0.
        @inline(__always)
        private static func tag(_ key: UInt64) -> UInt32 { (UInt32(truncatingIfNeeded: key >> 57) | 0x80) << 24 }

        /// The index in `seen` of `id`'s entry (whose key is `key`), or else the empty slot where it would
        /// go, as `-1 - slot`.
        @inline(__always)
        func probe(_ key: UInt64, id: String) -> Int {
            let tag = Self.tag(key)
            var slot = home(key)
            while true {
                let found = slots[slot]
                if found == 0 { return -1 - slot }
                if found & 0xff00_0000 == tag {
                    let index = Int(found & 0x00ff_ffff)
                    if seen[index].key == key, seen[index].id == id { return index }
                }
                slot = (slot + 1) & mask
            }
        }

        func time(at index: Int) -> Timestamp { seen[index].time }

        /// Keeps the later of entry `index`'s time and `time`; returns the time it had.
        mutating func raise(_ index: Int, to time: Timestamp) -> Timestamp {
            let earlier = seen[index].time
            if time > earlier { seen[index].time = time }
            return earlier
        }

        /// Adds an entry for an id not in the generation; `probed` is `probe(key, id:)`, unchanged since.
        mutating func insert(_ key: UInt64, id: String, time: Timestamp, at probed: Int) {
            if 2 * (count + 1) > slots.count {
                grow()
                return insert(key, id: id, time: time, at: probe(key, id: id))
            }
            slots[-1 - probed] = Self.tag(key) | UInt32(truncatingIfNeeded: count)
            if count < seen.count {
                seen[count] = Seen(key: key, time: time, id: id)
            } else {
                seen.append(Seen(key: key, time: time, id: id))
            }
            count += 1
        }

        mutating func removeAll() {
            count = 0
            for slot in slots.indices { slots[slot] = 0 }
        }

        /// Doubles the table (only when a generation outgrows its expected size: ids repeated from the
        /// older generation are carried over without counting towards the newer one's limit).
        private mutating func grow() {
            slots = Array(repeating: 0, count: 2 * slots.count)
            mask = slots.count - 1
            for index in 0..<count {
                var slot = home(seen[index].key)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Self.tag(seen[index].key) | UInt32(truncatingIfNeeded: index)
            }
        }
    }
}
