/// The ids one source sent recently, with their times, so that an item sent again (offset paging over
/// data that changed, an overlapping keyset page, a server that restarts) is recognised. Two
/// generations of about `capacity` pages each: when the newer fills, the older is dropped whole. It
/// covers at least the last `capacity` pages, and memory stays O(page size), never O(items).
///
/// Keys are a 64-bit FNV-1a hash of the id, used as the table's hash directly (no second hash of the key,
/// which cost more than the rest of the merge per item); the id itself is kept and compared on a hit, so a
/// hash collision can at worst miss a duplicate, never drop an item. A key taken by another id is
/// overwritten by the newer one.
struct DedupWindow: Sendable {
    private var current: Generation
    private var previous: Generation
    private let generationSize: Int

    init(pages capacity: Int, pageSize: Int) {
        generationSize = max(1, capacity) * max(1, pageSize)
        current = Generation(expected: generationSize)
        previous = Generation(expected: 0)
    }

    /// Remembers `id` at `time` and returns the time it was seen at before, if it was.
    mutating func remember(_ id: String, at time: Timestamp) -> Timestamp? {
        let key = FNV1a.hash(id)
        let inCurrent = current.probe(key)
        if inCurrent >= 0, current[inCurrent].id == id {
            let earlier = current[inCurrent].time
            if time > earlier { current[inCurrent].time = time }
            return earlier
        }
        if !previous.isEmpty {
            let inPrevious = previous.probe(key)
            if inPrevious >= 0, previous[inPrevious].id == id {
                let earlier = previous[inPrevious].time
                current.set(key, id: id, time: max(time, earlier), at: inCurrent)
                return earlier
            }
        }
        if current.count >= generationSize {
            // The newer generation becomes the older; the older one's storage is reused, emptied.
            swap(&previous, &current)
            current.removeAll()
            current.set(key, id: id, time: time, at: current.probe(key))
        } else {
            current.set(key, id: id, time: time, at: inCurrent)
        }
        return nil
    }

    /// One generation: ids by their hash in an open-addressed table (linear probing) over a dense list, so
    /// that it empties and fills again without allocating. Beside each slot, a byte of the key's hash (0:
    /// empty) decides most probes: a probe for an id not seen — the common case — reads only those bytes,
    /// a kilobyte per generation that stays in the cache while hundreds of sources take turns.
    private struct Generation: Sendable {
        struct Seen: Sendable {
            var key: UInt64
            var id: String
            var time: Timestamp
        }

        private var seen: [Seen] = []
        /// 0 where the slot is empty, else `tag(key)`; a power of two long, at most half full.
        private var tags: [UInt8]
        /// The index in `seen` of each occupied slot's entry.
        private var slots: [Int32]
        private var mask: Int

        init(expected: Int) {
            var size = 16
            while size < 2 * expected { size *= 2 }
            tags = Array(repeating: 0, count: size)
            slots = Array(repeating: 0, count: size)
            mask = size - 1
            seen.reserveCapacity(expected)
        }

        var count: Int { seen.count }
        var isEmpty: Bool { seen.isEmpty }

        subscript(index: Int) -> Seen {
            get { seen[index] }
            set { seen[index] = newValue }
        }

        /// Where `key`'s chain starts: the high half of a multiplicative (Fibonacci) mix, since FNV-1a's low
        /// bits vary little over short ids such as decimal numbers.
        @inline(__always)
        private func home(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9e37_79b9_7f4a_7c15) >> 32) & mask
        }

        /// Seven other bits of the key, never 0.
        @inline(__always)
        private static func tag(_ key: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: key >> 57) | 0x80 }

        /// The index in `seen` of the entry with this key, or else the empty slot where it would go, as
        /// `-1 - slot`.
        @inline(__always)
        func probe(_ key: UInt64) -> Int {
            let tag = Self.tag(key)
            var slot = home(key)
            while true {
                let found = tags[slot]
                if found == 0 { return -1 - slot }
                if found == tag {
                    let index = Int(slots[slot])
                    if seen[index].key == key { return index }
                }
                slot = (slot + 1) & mask
            }
        }

        /// Sets the entry for `key`, replacing whatever that key held; `probed` is `probe(key)`, unchanged since.
        mutating func set(_ key: UInt64, id: String, time: Timestamp, at probed: Int) {
            if probed >= 0 {
                seen[probed] = Seen(key: key, id: id, time: time)
                return
            }
            if 2 * (seen.count + 1) > tags.count {
                grow()
                return set(key, id: id, time: time, at: probe(key))
            }
            tags[-1 - probed] = Self.tag(key)
            slots[-1 - probed] = Int32(truncatingIfNeeded: seen.count)
            seen.append(Seen(key: key, id: id, time: time))
        }

        mutating func removeAll() {
            seen.removeAll(keepingCapacity: true)
            for slot in tags.indices { tags[slot] = 0 }
        }

        /// Doubles the table (only when a generation outgrows its expected size: ids repeated from the
        /// older generation are carried over without counting towards the newer one's limit).
        private mutating func grow() {
            tags = Array(repeating: 0, count: 2 * tags.count)
            slots = Array(repeating: 0, count: tags.count)
            mask = tags.count - 1
            for index in seen.indices {
                var slot = home(seen[index].key)
                while tags[slot] != 0 { slot = (slot + 1) & mask }
                tags[slot] = Self.tag(seen[index].key)
                slots[slot] = Int32(truncatingIfNeeded: index)
            }
        }
    }
}
