/// One source's buffer: items in the order the source sent them, with where each came from so the
/// merge can say where a source stands. Removed entries (superseded by a newer version) stay as
/// tombstones until they reach the front.
struct ItemQueue: Sendable {
    struct Entry: Sendable {
        var item: Item
        /// The cursor that loaded this item's page.
        var pageCursor: String?
        /// The item's index in that page as the source sent it.
        var index: Int
        var removed = false
    }

    private var storage: [Entry] = []
    private var head = 0
    /// Live (not removed) entries.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The first live entry. The front is never a tombstone.
    var first: Entry? { head < storage.count ? storage[head] : nil }

    mutating func append(_ entry: Entry) {
        storage.append(entry)
        count += 1
    }

    mutating func popFirst() -> Entry? {
        guard head < storage.count else { return nil }
        let entry = storage[head]
        head += 1
        count -= 1
        dropTombstones()
        return entry
    }

    /// Marks the live entry with this id removed; returns whether there was one.
    mutating func remove(id: String) -> Bool {
        guard let position = storage[head...].firstIndex(where: { !$0.removed && $0.item.id == id }) else {
            return false
        }
        storage[position].removed = true
        count -= 1
        dropTombstones()
        return true
    }

    private mutating func dropTombstones() {
        while head < storage.count, storage[head].removed { head += 1 }
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
