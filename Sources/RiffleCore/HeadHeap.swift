/// A max-heap of the sources' head items, keyed by (time descending, source order ascending): the
/// top is the item the merge emits next. One entry per source with a non-empty buffer.
struct HeadHeap: Sendable {
    struct Entry: Sendable {
        var time: Timestamp
        var source: Int
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    /// Whether `a` comes out before `b`.
    @inline(__always)
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.time != b.time ? a.time > b.time : a.source < b.source
    }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let top = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var best = parent
                if left < entries.count, Self.precedes(entries[left], entries[best]) { best = left }
                if right < entries.count, Self.precedes(entries[right], entries[best]) { best = right }
                if best == parent { break }
                entries.swapAt(parent, best)
                parent = best
            }
        }
        return top
    }

    /// Rebuilds from scratch (after a head changed in place, which is rare).
    mutating func rebuild(_ newEntries: [Entry]) {
        entries = []
        for entry in newEntries { push(entry) }
    }
}
