package import RiffleCore

/// Unread state and what a refresh found: the model's copy of the read marks (the session asks
/// `ReadMarks` and records the answers here, so drawing needs no wait), `n`'s search, and the items
/// waiting for `g`.
extension ReaderModel {
    // MARK: Unread

    /// Whether the held version of this item is unread.
    package func isUnread(_ merged: MergedItem) -> Bool { unreadKeys.contains(ItemVersion(merged)) }

    /// Records these items as unread, each only if it is the version held.
    package mutating func setUnread(_ merged: some Sequence<MergedItem>) {
        var admitted = false
        for item in merged {
            let key = ItemVersion(item)
            guard latest[key] == item.item.time else { continue }
            unreadKeys.insert(key)
            if unreadOnly, unreadView.insert(key).inserted { admitted = true }
        }
        if admitted { rebuildMatches() }
    }

    /// Records these items as read.
    package mutating func setRead(_ merged: some Sequence<MergedItem>) {
        for item in merged { unreadKeys.remove(ItemVersion(item)) }
    }

    /// Records every held item as read (`A`); the unread view, when on, is left empty.
    package mutating func setAllRead() {
        unreadKeys.removeAll()
        if unreadOnly { setUnreadOnly(true) }
    }

    /// Records every held item of one source as read (`m N`).
    package mutating func setAllRead(source: Int) {
        unreadKeys = unreadKeys.filter { $0.source != source }
        if unreadOnly {
            unreadView = unreadView.filter { $0.source != source }
            rebuildMatches()
        }
    }

    /// Held items that are unread, per source index.
    package var unreadCountBySource: [Int: Int] {
        var counts: [Int: Int] = [:]
        for key in unreadKeys { counts[key.source, default: 0] += 1 }
        return counts
    }

    /// Where `n` went.
    package enum UnreadMove: Sendable, Hashable {
        /// To the page that holds the next unread item.
        case found
        /// Past everything held, to a page still on its way: it may hold unread items.
        case searching
        /// No unread item after this page, and the merge has ended.
        case noneLeft
    }

    /// The next page (on the same grid as Enter's pages) that holds an unread item in the view. When
    /// no held item after this page is unread, moves to the first page not yet complete, whose items are
    /// still to come.
    package mutating func nextUnreadPage() -> UnreadMove {
        let from = pageStart + pageSize
        if from < viewCount {
            for position in from..<viewCount where unreadKeys.contains(ItemVersion(items[itemIndex(view: position)])) {
                pageStart += (position - pageStart) / pageSize * pageSize
                return .found
            }
        }
        if feedFinished { return .noneLeft }
        pageStart += max(1, (viewCount - pageStart) / pageSize) * pageSize
        return .searching
    }

    /// Whether the page on screen holds an unread item.
    var pageHasUnread: Bool { page.contains { isUnread($0.item) } }

    // MARK: What a refresh found

    /// Items found by a refresh, waiting for `g` (`N new — g`).
    package var freshCount: Int { fresh.count }

    /// Keeps what a refresh found that is new: a newer version of a held item, or an item not held that
    /// is newer than everything its source has shown (older ones the merge brings in its turn). The page
    /// on screen does not change. Returns how many items now wait.
    @discardableResult
    package mutating func holdFresh(_ found: [MergedItem]) -> Int {
        for item in found {
            let key = ItemVersion(item)
            if let seen = latest[key] {
                if seen >= item.item.time { continue }
            } else if let newest = newestBySource[item.sourceIndex], item.item.time <= newest {
                continue
            } else if newestBySource[item.sourceIndex] == nil {
                continue
            }
            if let waiting = fresh[key], waiting.item.time >= item.item.time { continue }
            fresh[key] = item
        }
        if fresh.count > Self.maxFresh {
            let kept = fresh.values.sorted { $0.item.time > $1.item.time }.prefix(Self.maxFresh)
            fresh = Dictionary(uniqueKeysWithValues: kept.map { (ItemVersion($0), $0) })
        }
        return fresh.count
    }

    /// Puts the waiting items at the top and shows the first page (`g`); returns the items inserted,
    /// whose unread state the caller asks for.
    package mutating func showFresh() -> [MergedItem] {
        let waiting = Array(fresh.values)
        fresh = [:]
        guard !waiting.isEmpty else {
            firstPage()
            return []
        }
        insertAtTop(waiting)
        return waiting.filter { latest[ItemVersion($0)] == $0.item.time }
    }
}
