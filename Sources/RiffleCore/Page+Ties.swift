extension Page {
    /// The page with each run of consecutive items of one time ordered by id (contract section 3: ties
    /// are broken by source, then by id), whatever order the server gave them in. The network view then
    /// orders ties as the store's view does. Only neighbours are reordered, so an item out of its
    /// source's order is still seen as such; a tie split across two pages keeps the server's order.
    func orderingTiesByID() -> Page {
        var items = self.items
        var start = 0
        var changed = false
        while start < items.count {
            var end = start + 1
            while end < items.count, items[end].time == items[start].time { end += 1 }
            if end - start > 1, !items[start..<end].isSorted(by: { $0.id < $1.id }) {
                items[start..<end].sort { $0.id < $1.id }
                changed = true
            }
            start = end
        }
        guard changed else { return self }
        var page = self
        page.items = items
        return page
    }
}

extension Collection {
    /// Whether each element is ordered before or equal to the next by `areInIncreasingOrder`.
    fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
    }
}
