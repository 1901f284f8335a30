/// One source's buffer: whole pages as the source sent them, consumed from the front. Keeping the
/// delivered arrays (rather than copying items into a queue) makes buffering a page O(1) copies.
/// Items dropped after delivery (duplicates, superseded versions, older than `--since`) are marked,
/// not moved.
struct ItemQueue: Sendable {
    struct Chunk: Sendable {
        var items: [Item]
        /// The cursor that loaded this page.
        var cursor: String?
        /// The next item to hand out.
        var next: Int
        /// Positions not to hand out. Usually empty.
        var dropped: Set<Int> = []
    }

    private var chunks: [Chunk] = []
    private var head = 0
    /// Live items left.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Pages held, finished ones included (for tests of the memory bound).
    var pageCount: Int { chunks.count }

    /// The front item, where it came from (page cursor and index). Never a dropped one.
    var first: (item: Item, cursor: String?, index: Int)? {
        guard head < chunks.count else { return nil }
        let chunk = chunks[head]
        return (chunk.items[chunk.next], chunk.cursor, chunk.next)
    }

    /// The front item's time, without copying the item.
    var firstTime: Timestamp? {
        guard head < chunks.count else { return nil }
        return chunks[head].items[chunks[head].next].time
    }

    /// Buffers a page; `dropped` positions and those before `start` are never handed out.
    mutating func append(page items: [Item], cursor: String?, start: Int, dropped: Set<Int>) {
        let live = items.count - start - dropped.count { $0 >= start }
        guard live > 0 else { return }
        chunks.append(Chunk(items: items, cursor: cursor, next: start, dropped: dropped))
        count += live
        normalize()
    }

    /// Takes the front item, with where it sat: whether on a first page (loaded without a cursor) and its
    /// index on its page (resume tokens locate the last item by them).
    mutating func popFirst() -> (item: Item, onFirstPage: Bool, index: Int)? {
        guard head < chunks.count else { return nil }
        let index = chunks[head].next
        let taken = (chunks[head].items[index], chunks[head].cursor == nil, index)
        chunks[head].next += 1
        count -= 1
        normalize()
        return taken
    }

    /// The front item's page when that is a first page (loaded without a cursor): its items and the front's
    /// index, so that what was consumed of it can be looked at.
    var firstPageAtFront: (items: [Item], next: Int)? {
        guard head < chunks.count, chunks[head].cursor == nil else { return nil }
        return (chunks[head].items, chunks[head].next)
    }

    /// Drops the live item with this id; returns whether there was one.
    mutating func remove(id: String) -> Bool {
        for chunkIndex in head..<chunks.count {
            let chunk = chunks[chunkIndex]
            for position in chunk.next..<chunk.items.count
            where chunk.items[position].id == id && !chunk.dropped.contains(position) {
                chunks[chunkIndex].dropped.insert(position)
                count -= 1
                normalize()
                return true
            }
        }
        return false
    }

    /// Moves the front past dropped items and finished pages.
    private mutating func normalize() {
        while head < chunks.count {
            while chunks[head].next < chunks[head].items.count, !chunks[head].dropped.isEmpty,
                chunks[head].dropped.contains(chunks[head].next)
            {
                chunks[head].next += 1
            }
            if chunks[head].next < chunks[head].items.count { break }
            chunks[head] = Chunk(items: [], cursor: nil, next: 0)  // release the finished page now
            head += 1
        }
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 8 {
            chunks.removeFirst(head)
            head = 0
        }
    }
}

extension Collection {
    fileprivate func count(where predicate: (Element) -> Bool) -> Int {
        var total = 0
        for element in self where predicate(element) { total += 1 }
        return total
    }
}
