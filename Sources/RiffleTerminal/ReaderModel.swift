package import RiffleCore

/// What the reader holds and shows, without I/O: every item received so far (kept, so `b` and `g` need
/// no refetch), the filters, which page of the (filtered) view is on screen, which items are unread, and
/// what a refresh found waiting for `g`. The interactive loop feeds it items and commands; tests drive
/// it directly.
///
/// Numbers shown on screen are positions in the whole list (1-based), so `o N` and `v N` mean the same
/// item whatever the filter. Items a refresh found wait (`N new — g`) and go to the top, renumbering
/// the list, only when `g` shows them: never into the page being read.
package struct ReaderModel: Sendable {
    package private(set) var items: [MergedItem] = []
    /// Items of `items` that pass the filters (indices), maintained only while a filter is set.
    private var matches: [Int] = []
    /// The text filter, lowercased; nil shows everything.
    private(set) var filter: String?
    /// The sources shown (indices, `f NAME…`); nil shows every source.
    private(set) var sourceFilter: Set<Int>?
    /// Only unread items are shown (`u`, `reader.unread_only`).
    package private(set) var unreadOnly = false
    /// The items the unread view admits: those unread when it was turned on or when they were learned
    /// unread since. An item read while the view is on stays in it, so the page being read keeps its shape.
    var unreadView: Set<ItemVersion> = []
    /// First view position on screen.
    var pageStart = 0
    package var pageSize: Int { didSet { pageSize = max(1, pageSize) } }
    /// The merge has nothing more.
    private(set) var feedFinished = false
    /// Items received from the merge (not counting those a refresh added): what demand is measured in.
    private(set) var pulled = 0
    /// Items received since the last navigation; bounds how far a filter searches on its own.
    private var scannedSinceNavigation = 0
    /// The newest version seen of each item, by source and id.
    var latest: [ItemVersion: Timestamp] = [:]
    /// The newest time each source has shown, for deciding what a refresh found is new.
    package private(set) var newestBySource: [Int: Timestamp] = [:]
    /// How many items a filter examines per step before it shows what it found.
    var filterScanLimit: Int
    /// Held items (their held version) that are unread.
    var unreadKeys: Set<ItemVersion> = []
    /// What a refresh found above what is held, waiting for `g`, by item.
    var fresh: [ItemVersion: MergedItem] = [:]
    /// How many items at the front of `items` have been drawn at some point: an item that comes behind
    /// (`MergedItem.cameBehind`) newer than the last of them waits for `g`; an older one joins the items
    /// not yet drawn, where its time puts it.
    private(set) var shownThrough = 0

    /// The most items kept waiting for `g`; beyond it the oldest are dropped (a later refresh finds them
    /// again).
    package static let maxFresh = 10_000

    struct ItemVersion: Hashable, Sendable {
        var source: Int
        var id: String

        init(source: Int, id: String) {
            self.source = source
            self.id = id
        }

        init(_ merged: MergedItem) { self.init(source: merged.sourceIndex, id: merged.item.id) }
    }

    package init(pageSize: Int, filterScanLimit: Int = 1000) {
        self.pageSize = max(1, pageSize)
        self.filterScanLimit = filterScanLimit
    }

    // MARK: The view

    /// A text or source filter is in force.
    package var isFiltered: Bool { filter != nil || sourceFilter != nil || unreadOnly }

    /// Items in the view (all items, or those that pass the filters).
    var viewCount: Int { isFiltered ? matches.count : items.count }

    func itemIndex(view position: Int) -> Int { isFiltered ? matches[position] : position }

    /// The page on screen: (number, item) pairs, at most `pageSize`.
    package var page: [(number: Int, item: MergedItem)] {
        let end = min(viewCount, pageStart + pageSize)
        guard pageStart < end else { return [] }
        return (pageStart..<end).map { position in
            let index = itemIndex(view: position)
            return (index + 1, items[index])
        }
    }

    /// The view positions on screen, 1-based, for the prompt (`41–60`); nil when the page is empty.
    package var pageRange: ClosedRange<Int>? {
        let end = min(viewCount, pageStart + pageSize)
        return pageStart < end ? (pageStart + 1)...end : nil
    }

    /// Whether the page can be drawn now: it is full, the merge has ended, or a filter searched as far
    /// as one step goes.
    package var isPageReady: Bool {
        viewCount >= pageStart + pageSize || feedFinished
            || (isFiltered && scannedSinceNavigation >= filterScanLimit)
    }

    /// Whether a filter stopped searching before the page was full (the prompt says so).
    package var filterSearchPaused: Bool {
        isFiltered && !feedFinished && viewCount < pageStart + pageSize && scannedSinceNavigation >= filterScanLimit
    }

    /// How many items the merge should have delivered in total: the page on screen plus `prefetchPages`
    /// pages beyond it, as the reader's `ReadAhead` counts them: `aheadItems` beyond the page. With a filter,
    /// while the page is not full, one page more than received. The page is drawn as soon as its own items
    /// are here (`isPageReady`), never waiting for the items beyond it.
    package func demand(aheadItems: Int) -> Int {
        let target = pageStart + pageSize + max(0, aheadItems)
        if !isFiltered {
            return pulled + max(0, target - items.count)
        }
        if matches.count >= target || scannedSinceNavigation >= filterScanLimit { return pulled }
        return pulled + pageSize
    }

    /// The item numbered `number` on screen.
    package func item(number: Int) -> MergedItem? {
        items.indices.contains(number - 1) ? items[number - 1] : nil
    }

    // MARK: Changes

    /// Takes items from the merge, in order. A version of an item already held with the same or a newer
    /// time (which a refresh put at the top) is dropped.
    package mutating func receive(_ merged: [MergedItem]) {
        for item in merged {
            pulled += 1
            let key = ItemVersion(item)
            if let seen = latest[key], seen >= item.item.time { continue }
            if latest[key] != nil { remove(key) }
            if item.cameBehind, placeBehind(item, key: key) { continue }
            append(item, key: key)
            scannedSinceNavigation += 1
        }
    }

    /// Puts an item that came behind where it belongs: waiting for `g` when it is newer than the last
    /// item drawn (the page being read does not change), else among the items not drawn yet, before the
    /// first older one. Returns false when it belongs at the end (the caller appends it).
    private mutating func placeBehind(_ item: MergedItem, key: ItemVersion) -> Bool {
        if shownThrough > 0, Self.sortsBefore(item, items[shownThrough - 1]) {
            if let waiting = fresh[key], waiting.item.time >= item.item.time { return true }
            fresh[key] = item
            return true
        }
        guard let place = items[shownThrough...].firstIndex(where: { Self.sortsBefore(item, $0) }) else {
            return false
        }
        latest[key] = item.item.time
        newestBySource[item.sourceIndex] = max(newestBySource[item.sourceIndex] ?? item.item.time, item.item.time)
        items.insert(item, at: place)
        rebuildMatches()
        scannedSinceNavigation += 1
        return true
    }

    /// The merge's order: newer first, then the source listed first.
    static func sortsBefore(_ a: MergedItem, _ b: MergedItem) -> Bool {
        a.item.time != b.item.time ? a.item.time > b.item.time : a.sourceIndex < b.sourceIndex
    }

    /// The page on screen has been drawn: items before its end are no longer where a late item goes.
    package mutating func pageDrawn() {
        if let last = page.last { shownThrough = max(shownThrough, last.number) }
    }

    /// The merge has ended (or, after a retry, has not).
    package mutating func setFeedFinished(_ finished: Bool) { feedFinished = finished }

    /// Puts items at the top, newest first, and shows the first page. Items already held at the same
    /// time are ignored; newer versions replace the old ones (which lose their unread mark: the caller
    /// asks afresh). Returns (new, updated) counts.
    @discardableResult
    package mutating func insertAtTop(_ fresh: [MergedItem]) -> (new: Int, updated: Int) {
        var added: [MergedItem] = []
        var updated = 0
        for item in fresh {
            let key = ItemVersion(item)
            if let seen = latest[key] {
                if seen >= item.item.time { continue }
                remove(key)
                updated += 1
            }
            latest[key] = item.item.time
            added.append(item)
        }
        added.sort(by: Self.sortsBefore)
        for item in added {
            newestBySource[item.sourceIndex] = max(newestBySource[item.sourceIndex] ?? item.item.time, item.item.time)
        }
        items.insert(contentsOf: added, at: 0)
        if shownThrough > 0 { shownThrough += added.count }
        rebuildMatches()
        pageStart = 0
        scannedSinceNavigation = 0
        return (added.count - updated, updated)
    }

    package enum Move: Sendable, Hashable {
        case moved
        /// Nothing further: the merge ended and the last page is on screen.
        case atEnd
        /// Already at the first page.
        case atStart
    }

    /// The next page. On a page a filter left short, searches further instead of moving.
    package mutating func nextPage() -> Move {
        scannedSinceNavigation = 0
        if pageStart + pageSize < viewCount || (!feedFinished && viewCount >= pageStart + pageSize) {
            pageStart += pageSize
            return .moved
        }
        return feedFinished ? .atEnd : .moved
    }

    package mutating func previousPage() -> Move {
        scannedSinceNavigation = 0
        guard pageStart > 0 else { return .atStart }
        pageStart = max(0, pageStart - pageSize)
        return .moved
    }

    package mutating func firstPage() {
        scannedSinceNavigation = 0
        pageStart = 0
    }

    /// Shows only items whose title, author, tags or source name contain `text`, ignoring case; nil clears.
    package mutating func setFilter(_ text: String?) {
        filter = text.map { $0.lowercased() }
        filtersChanged()
    }

    /// Shows only the items of these sources (indices); nil shows every source.
    package mutating func setSourceFilter(_ sources: Set<Int>?) {
        sourceFilter = sources
        filtersChanged()
    }

    /// Shows only unread items (`u`), from the first page: those unread now and those learned unread
    /// later; off shows every item again.
    package mutating func setUnreadOnly(_ on: Bool) {
        unreadOnly = on
        unreadView = on ? unreadKeys : []
        filtersChanged()
    }

    // MARK: Internals

    private mutating func filtersChanged() {
        rebuildMatches()
        pageStart = 0
        scannedSinceNavigation = 0
    }

    private mutating func append(_ item: MergedItem, key: ItemVersion) {
        latest[key] = item.item.time
        newestBySource[item.sourceIndex] = max(newestBySource[item.sourceIndex] ?? item.item.time, item.item.time)
        items.append(item)
        if isFiltered, passes(item) { matches.append(items.count - 1) }
    }

    private mutating func remove(_ key: ItemVersion) {
        if let index = items.firstIndex(where: { $0.sourceIndex == key.source && $0.item.id == key.id }),
            index < shownThrough
        {
            shownThrough -= 1
        }
        items.removeAll { $0.sourceIndex == key.source && $0.item.id == key.id }
        unreadKeys.remove(key)
        rebuildMatches()
    }

    mutating func rebuildMatches() {
        guard isFiltered else {
            matches = []
            return
        }
        matches = items.indices.filter { passes(items[$0]) }
    }

    /// Whether an item passes both filters.
    func passes(_ merged: MergedItem) -> Bool {
        if let sourceFilter, !sourceFilter.contains(merged.sourceIndex) { return false }
        if unreadOnly, !unreadView.contains(ItemVersion(merged)) { return false }
        if let filter, !Self.matches(merged, filter) { return false }
        return true
    }

    /// Case-insensitive containment in title, author, tags or source name.
    static func matches(_ merged: MergedItem, _ needle: String) -> Bool {
        let item = merged.item
        if item.title.lowercased().contains(needle) || merged.sourceName.lowercased().contains(needle) { return true }
        if let author = item.author, author.lowercased().contains(needle) { return true }
        return item.tags.contains { $0.lowercased().contains(needle) }
    }
}
