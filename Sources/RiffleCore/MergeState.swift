/// The k-way merge of newest-first sources as a pure state machine: no I/O, no clocks, no tasks.
///
/// A driver (``MergedFeed``) asks `loadsToStart()` which pages to fetch, delivers each page or error with
/// `deliver(_:to:)`, and pulls items with `next()`. An item is emitted only when every live source has
/// its next item buffered or has ended, so the output is ordered by time (newest first), then source
/// order, with each source's own order kept for ties. Memory is O(sources × page size).
public struct MergeState: Sendable {
    /// One page the driver should fetch.
    public struct LoadRequest: Sendable, Hashable {
        public var source: Int
        public var cursor: String?
        public var pageSize: Int

        public init(source: Int, cursor: String?, pageSize: Int) {
            self.source = source
            self.cursor = cursor
            self.pageSize = pageSize
        }
    }

    /// What `next()` found.
    public enum Step: Sendable, Hashable {
        /// The next item of the merged stream.
        case item(MergedItem)
        /// A source the merge needs is still loading: deliver a page, then call `next()` again.
        case waiting
        /// Every source has ended.
        case finished
    }

    /// A source as the merge sees it: its name and page size.
    public struct SourceInfo: Sendable, Hashable {
        public var name: String
        public var pageSize: Int

        public init(name: String, pageSize: Int) {
            self.name = name
            self.pageSize = max(1, pageSize)
        }
    }

    struct Slot: Sendable {
        var info: SourceInfo
        var pager: Pager
        var buffer = ItemQueue()
        var window: DedupWindow
        var status: SourceStatus
        /// Items to pass over at the start of the next page (resuming mid-page).
        var skipOnNextPage = 0
        var isBlocked = false
        var inHeap = false

        /// The source may still load pages: its pager has neither ended nor failed.
        var isLive: Bool { !(pager.isExhausted || pager.isFailed) }
    }

    private(set) var slots: [Slot]
    private var heap = HeadHeap()
    /// Live sources with an empty buffer: while any exist, nothing can be emitted.
    private var blocked = 0
    /// Sources whose buffer changed since the last `loadsToStart()`.
    private var candidates: [Int] = []
    private var isCandidate: [Bool]
    public let options: MergeOptions
    /// The time of the last in-order item emitted.
    public private(set) var frontier: Timestamp?

    /// A merge over `sources`, from the top or, given `position`, right after the item it was taken at.
    /// Sources not named in `position` start from their first page.
    public init(
        sources: [SourceInfo], options: MergeOptions = MergeOptions(), resumingAt position: MergePosition? = nil
    ) {
        self.options = options
        self.frontier = position?.frontier
        self.slots = sources.map { info in
            var slot = Slot(
                info: info, pager: Pager(maxPages: options.maxPagesPerSource),
                window: DedupWindow(pages: options.dedupWindowPages, pageSize: info.pageSize),
                status: SourceStatus(name: info.name))
            if let entry = position?.entry(named: info.name) {
                slot.pager = Pager(cursor: entry.cursor, maxPages: options.maxPagesPerSource)
                slot.skipOnNextPage = entry.skip
                if entry.done {
                    slot.pager.stop(.noMorePages)
                    slot.status.state = .done
                }
            }
            return slot
        }
        self.isCandidate = Array(repeating: false, count: sources.count)
        for index in slots.indices { settle(index) }
    }

    /// Pages a source's buffer holds, for checking the memory bound.
    public func bufferedPageCount(source index: Int) -> Int { slots[index].buffer.pageCount }

    /// Every source's status, in configuration order.
    public var statuses: [SourceStatus] { slots.map(\.status) }

    /// Marks the pages that should be fetched now as loading and returns them: every source that can
    /// load and holds fewer items than the prefetch threshold. Loads of different sources run at once;
    /// one source never has two loads in flight.
    public mutating func loadsToStart() -> [LoadRequest] {
        guard !candidates.isEmpty else { return [] }
        var requests: [LoadRequest] = []
        for index in candidates {
            isCandidate[index] = false
            let threshold = options.prefetchThreshold ?? 2 * slots[index].info.pageSize
            guard slots[index].pager.canLoad, slots[index].buffer.count < threshold else { continue }
            let cursor: String?
            do { cursor = try slots[index].pager.beginLoad() } catch { continue }
            slots[index].status.state = .fetching
            requests.append(LoadRequest(source: index, cursor: cursor, pageSize: slots[index].info.pageSize))
        }
        candidates.removeAll(keepingCapacity: true)
        return requests
    }

    /// The next item, or why there is none yet.
    public mutating func next() -> Step {
        if blocked > 0 { return .waiting }
        guard let top = heap.pop() else { return .finished }
        let index = top.source
        slots[index].inHeap = false
        guard let item = slots[index].buffer.popFirst() else { return next() }
        var isLate = false
        if let frontier, item.time > frontier {
            isLate = true
            slots[index].status.lateItems += 1
            if slots[index].status.firstLateItem == nil {
                slots[index].status.firstLateItem =
                    "id \(item.id) at \(item.time.rfc3339) came after \(frontier.rfc3339)"
            }
        } else {
            frontier = item.time
        }
        slots[index].status.itemsEmitted += 1
        settle(index)
        return .item(
            MergedItem(sourceIndex: index, sourceName: slots[index].info.name, item: item, isLate: isLate))
    }

    /// Delivers the outcome of a load started by `loadsToStart()`.
    /// A page whose every item was skipped fails its source (`Pager.unusable`); its skips are counted.
    public mutating func deliver(_ result: Result<Page, SourceError>, to index: Int) {
        var result = result
        if case .success(let page) = result,
            let error = Pager.unusable(page, number: slots[index].pager.pagesLoaded + 1)
        {
            record(page.notes, for: index)
            result = .failure(error)
        }
        switch result {
        case .failure(let error):
            slots[index].pager.failLoad(error)
            slots[index].status.state = .failed(error)
            slots[index].status.failedLoads += 1
        case .success(let page):
            let pageCursor = slots[index].pager.cursor
            slots[index].pager.finishLoad(page)
            slots[index].status.pagesLoaded += 1
            record(page.notes, for: index)
            accept(page.items, pageCursor: pageCursor, into: index)
            if case .exhausted(let reason) = slots[index].pager.phase {
                slots[index].status.stopReason = reason
                if reason == .missingCursor || page.notes.missingCursor != nil {
                    slots[index].status.stoppedEarly =
                        page.notes.missingCursor ?? "has_more was true but the answer gave no cursor"
                }
            }
        }
        settle(index)
    }

    /// Makes a failed source loadable again at the cursor that failed.
    public mutating func retry(source index: Int) {
        guard slots[index].pager.isFailed else { return }
        slots[index].pager.retry()
        slots[index].status.state = .waiting
        settle(index)
    }

    /// Where the stream stands now: resuming from it continues right after the last emitted item.
    public var position: MergePosition {
        MergePosition(entries: slots.indices.map(entry(for:)), frontier: frontier)
    }

    /// One source's part of `position`. Emitting an item changes only its own source's entry, and an
    /// entry does not depend on whether a prefetch has arrived yet, so positions are the same on every
    /// run over the same data.
    public func entry(for index: Int) -> MergePosition.Entry {
        let slot = slots[index]
        if let head = slot.buffer.first {
            return .init(name: slot.info.name, cursor: head.cursor, skip: head.index, done: false)
        }
        let done = slot.pager.isExhausted
        return .init(
            name: slot.info.name, cursor: done ? nil : slot.pager.cursor, skip: done ? 0 : slot.skipOnNextPage,
            done: done)
    }

    private mutating func record(_ notes: PageNotes, for index: Int) {
        slots[index].status.skippedItems += notes.skipped
        if slots[index].status.firstSkipReason == nil { slots[index].status.firstSkipReason = notes.firstSkipReason }
        if !notes.warnings.isEmpty {
            slots[index].status.warnings = Array((slots[index].status.warnings + notes.warnings).suffix(5))
        }
    }

    /// Buffers a page's items, dropping duplicates (the newer version of an item wins) and, with
    /// `since`, items older than it — which also ends the source's paging.
    private mutating func accept(_ items: [Item], pageCursor: String?, into index: Int) {
        let skip = min(slots[index].skipOnNextPage, items.count)
        slots[index].skipOnNextPage = 0
        var dropped: Set<Int> = []
        var headChanged = false
        for position in items.indices {
            let item = items[position]
            if position >= skip, let since = options.since, item.time < since {
                slots[index].pager.stop(.olderThanSince)
                dropped.insert(position)
                continue
            }
            guard let seen = slots[index].window.remember(item.id, at: item.time), position >= skip else { continue }
            slots[index].status.duplicates += 1
            // A newer version replaces a buffered older one; any other repeat is dropped.
            if item.time > seen {
                let wasHead = slots[index].buffer.first?.item.id == item.id
                if slots[index].buffer.remove(id: item.id) {
                    headChanged = headChanged || wasHead
                    continue
                }
            }
            dropped.insert(position)
        }
        slots[index].buffer.append(page: items, cursor: pageCursor, start: skip, dropped: dropped)
        if headChanged { rebuildHeap() }
    }

    private mutating func rebuildHeap() {
        var entries: [HeadHeap.Entry] = []
        for index in slots.indices {
            if let time = slots[index].buffer.firstTime {
                entries.append(.init(time: time, source: index))
                slots[index].inHeap = true
            } else {
                slots[index].inHeap = false
            }
        }
        heap.rebuild(entries)
    }

    /// Brings a source's bookkeeping up to date after its buffer or pager changed.
    private mutating func settle(_ index: Int) {
        let shouldBlock = slots[index].buffer.isEmpty && slots[index].isLive
        if shouldBlock != slots[index].isBlocked {
            blocked += shouldBlock ? 1 : -1
            slots[index].isBlocked = shouldBlock
        }
        if !slots[index].inHeap, let time = slots[index].buffer.firstTime {
            heap.push(.init(time: time, source: index))
            slots[index].inHeap = true
        }
        switch slots[index].pager.phase {
        case .failed, .loading: break
        case .exhausted:
            if slots[index].buffer.isEmpty { slots[index].status.state = .done }
        case .idle, .ready:
            slots[index].status.state = slots[index].pager.pagesLoaded == 0 ? .waiting : .ready
        }
        if !isCandidate[index] {
            isCandidate[index] = true
            candidates.append(index)
        }
    }
}
