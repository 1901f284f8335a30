/// One source's buffer: whole pages as the source sent them, consumed from the front. Keeping the
/// delivered arrays (rather than copying items into a queue) makes buffering a page O(1) copies.
/// Items dropped after delivery (duplicates, superseded versions, older than `--since`) are marked,
/// not moved.
///
/// The page being consumed is held apart from the pages after it, so taking an item reads that page's
/// array directly rather than through the list of pages: one dependent memory read less per item, which
/// shows when a merge interleaves hundreds of sources and their buffers fall out of the cache.
struct ItemQueue: Sendable {
    /// A page and how far it was handed out. What `popFirst()` reads comes first (see `ItemQueue`'s
    /// fields).
    struct Chunk: Sendable {
        var items: [Item]
        /// The next item to hand out.
        var next: Int
        /// Positions not to hand out. Usually empty.
        var dropped: Set<Int> = []
        /// The cursor that loaded this page.
        var cursor: String?

        static let none = Chunk(items: [], next: 0, cursor: nil)
    }

    // What `popFirst()` and `firstTime` read per item comes first, within the queue's first 64 bytes (and
    // so, as `MergeState.Slot` starts with its buffer, near the start of the source's slot).
    /// The page the front item is on (`Chunk.none` when the queue is empty).
    private var front = Chunk.none
    /// The index at which taking an item moves the front on: the front page's count while it has no dropped
    /// items, else 0 (every item then moves on, see `popFirst()`). Kept beside `front` so that taking an item
    /// reads neither the page array's header nor the dropped set's storage.
    private var frontQuietEnd = 0
    /// Live items left.
    private(set) var count = 0
    /// Items handed out by `popFirst()` so far (a source's `SourceStatus.itemsEmitted`): counted here, in
    /// the queue that `popFirst()` writes anyway, rather than in a record of its own written per item.
    private(set) var taken = 0
    /// Whether `front` was loaded without a cursor: a first page.
    private var frontIsFirstPage = false
    /// The pages after `front`, oldest first, from `restHead` on.
    private var rest: [Chunk] = []
    private var restHead = 0
    /// Pages taken to their end, not yet released: they go out with the source's next page check
    /// (`takeSpent()`), so that a driver releases them where it runs the check — `MergedFeed` in the
    /// load's task, on the other core — rather than the consumer destroying a page's items between two
    /// items it hands out.
    private var spent: [[Item]] = []

    var isEmpty: Bool { count == 0 }

    /// Pages held (for tests of the memory bound).
    var pageCount: Int { (count > 0 ? 1 : 0) + rest.count }

    /// The front item, where it came from (page cursor and index). Never a dropped one.
    var first: (item: Item, cursor: String?, index: Int)? {
        guard count > 0 else { return nil }
        return (front.items[front.next], front.cursor, front.next)
    }

    /// Where the front item sits — the cursor that loaded its page and its index there — without copying
    /// the item.
    var firstPlace: (cursor: String?, index: Int)? {
        guard count > 0 else { return nil }
        return (front.cursor, front.next)
    }

    /// The front item's time, without copying the item.
    var firstTime: Timestamp? {
        guard count > 0 else { return nil }
        return Self.item(at: front.next, in: front.items).time
    }

    /// `items[index]`, read through the array's buffer: the merge reads the front page's items by an index
    /// the queue keeps below the page's count (while `count > 0`, `front.next < front.items.count`), so the
    /// array's own bounds check — a load of its header, a cache line apart from the items, missed per item
    /// once hundreds of sources take turns — is left out. Checked in debug builds.
    @inline(__always)
    private static func item(at index: Int, in items: [Item]) -> Item {
        items.withUnsafeBufferPointer { $0[index] }
    }

    /// Buffers a page; `dropped` positions and those before `start` are never handed out.
    mutating func append(page items: [Item], cursor: String?, start: Int, dropped: Set<Int>) {
        let live = items.count - start - dropped.count { $0 >= start }
        guard live > 0 else { return }
        let chunk = Chunk(items: items, next: start, dropped: dropped, cursor: cursor)
        if count == 0 {
            front = chunk
            frontIsFirstPage = cursor == nil
            frontQuietEnd = Self.quietEnd(of: chunk)
        } else {
            rest.append(chunk)
        }
        count += live
        normalize()
    }

    /// Takes the front item, with where it sat: whether on a first page (loaded without a cursor) and its
    /// index on its page (resume tokens locate the last item by them); `movedOn` when the front may have
    /// left that page (or the queue emptied): `firstPlace`'s cursor, and whether the queue is empty, can
    /// change only then.
    @inline(__always)
    mutating func popFirst() -> (item: Item, onFirstPage: Bool, index: Int, movedOn: Bool)? {
        guard count > 0 else { return nil }
        let index = front.next
        let item = Self.item(at: index, in: front.items)
        let onFirstPage = frontIsFirstPage
        front.next = index + 1
        count -= 1
        taken &+= 1
        let movesOn = front.next >= frontQuietEnd
        if movesOn { normalize() }
        return (item, onFirstPage, index, movesOn)
    }

    /// The front item's page when that is a first page (loaded without a cursor): its items and the front's
    /// index, so that what was consumed of it can be looked at.
    var firstPageAtFront: (items: [Item], next: Int)? {
        guard count > 0, frontIsFirstPage else { return nil }
        return (front.items, front.next)
    }

    /// Drops the live item with this id; returns whether there was one.
    mutating func remove(id: String) -> Bool {
        guard count > 0 else { return false }
        if let position = Self.live(id: id, in: front) {
            front.dropped.insert(position)
            frontQuietEnd = 0
        } else if let chunkIndex = rest.indices.dropFirst(restHead).first(where: {
            Self.live(id: id, in: rest[$0]) != nil
        }), let position = Self.live(id: id, in: rest[chunkIndex]) {
            rest[chunkIndex].dropped.insert(position)
        } else {
            return false
        }
        count -= 1
        normalize()
        return true
    }

    /// `frontQuietEnd` for a page at the front.
    private static func quietEnd(of chunk: Chunk) -> Int { chunk.dropped.isEmpty ? chunk.items.count : 0 }

    /// The position of the live item with this id on a page.
    private static func live(id: String, in chunk: Chunk) -> Int? {
        (chunk.next..<chunk.items.count).first { chunk.items[$0].id == id && !chunk.dropped.contains($0) }
    }

    /// The pages taken to their end since the last call, for the caller to release (see `spent`).
    mutating func takeSpent() -> [[Item]] {
        guard !spent.isEmpty else { return [] }
        defer { spent = [] }
        return spent
    }

    /// Releases the pages taken to their end at once: for a source that loads no more pages.
    mutating func releaseSpent() {
        if !spent.isEmpty { spent = [] }
    }

    /// Moves the front past dropped items and finished pages, keeping each finished page in `spent`.
    private mutating func normalize() {
        while true {
            while front.next < front.items.count, !front.dropped.isEmpty, front.dropped.contains(front.next) {
                front.next += 1
            }
            if front.next < front.items.count { return }
            if !front.items.isEmpty { spent.append(front.items) }
            guard restHead < rest.count else {
                front = .none
                frontIsFirstPage = false
                frontQuietEnd = 0
                rest.removeAll(keepingCapacity: true)
                restHead = 0
                return
            }
            front = rest[restHead]
            frontIsFirstPage = front.cursor == nil
            frontQuietEnd = Self.quietEnd(of: front)
            rest[restHead] = .none
            restHead += 1
            if restHead == rest.count {
                rest.removeAll(keepingCapacity: true)
                restHead = 0
            } else if restHead >= 8 {
                rest.removeFirst(restHead)
                restHead = 0
            }
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
