/// The ids one source sent recently, with their times, so that an item sent again (offset paging over
/// data that changed, an overlapping keyset page, a server that restarts) is recognised. Two
/// generations of about `capacity` pages each: when the newer fills, the older is dropped whole. It
/// covers at least the last `capacity` pages, and memory stays O(page size), never O(items).
///
/// Keys are a 64-bit FNV-1a hash of the id (integer keys hash far faster than strings); the id itself is
/// kept and compared on a hit, so a hash collision can at worst miss a duplicate, never drop an item.
struct DedupWindow: Sendable {
    private struct Seen: Sendable {
        var id: String
        var time: Timestamp
    }

    private var current: [UInt64: Seen] = [:]
    private var previous: [UInt64: Seen] = [:]
    private let generationSize: Int

    init(pages capacity: Int, pageSize: Int) {
        generationSize = max(1, capacity) * max(1, pageSize)
        current.reserveCapacity(generationSize)
    }

    /// Remembers `id` at `time` and returns the time it was seen at before, if it was.
    mutating func remember(_ id: String, at time: Timestamp) -> Timestamp? {
        let key = FNV1a.hash(id)
        if let earlier = current[key], earlier.id == id {
            if time > earlier.time { current[key] = Seen(id: id, time: time) }
            return earlier.time
        }
        if !previous.isEmpty, let earlier = previous[key], earlier.id == id {
            current[key] = Seen(id: id, time: max(time, earlier.time))
            return earlier.time
        }
        if current.count >= generationSize {
            previous = current
            current = [:]
            current.reserveCapacity(generationSize)
        }
        current[key] = Seen(id: id, time: time)
        return nil
    }
}
