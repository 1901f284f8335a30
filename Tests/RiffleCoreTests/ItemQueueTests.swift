import Testing

@testable import RiffleCore

// Pages a source's buffer has taken to their end go out with its next page check, to be released where
// the check runs (`MergedFeed`: the load's task), not by the consumer.

@Suite struct ItemQueueTests {
    /// The buffer keeps each page it takes to its end, once, in order, and hands them out only once; a page
    /// it is still taking from is not among them.
    @Test func finishedPagesAreKeptUntilTakenOnce() {
        var queue = ItemQueue()
        queue.append(page: [item("a", 9), item("b", 8)], cursor: nil, start: 0, dropped: [])
        queue.append(page: [item("c", 7), item("d", 6), item("e", 5)], cursor: "2", start: 0, dropped: [2])
        #expect(queue.popFirst()?.item.id == "a")
        #expect(queue.takeSpent().isEmpty)
        #expect(queue.popFirst()?.item.id == "b")
        #expect(queue.popFirst()?.item.id == "c")
        #expect(queue.takeSpent().map { $0.map(\.id) } == [["a", "b"]])
        #expect(queue.takeSpent().isEmpty)
        // "e" is dropped: taking "d" ends the page.
        #expect(queue.popFirst()?.item.id == "d")
        #expect(queue.isEmpty)
        #expect(queue.takeSpent().map { $0.map(\.id) } == [["c", "d", "e"]])
        queue.append(page: [item("f", 4)], cursor: "5", start: 0, dropped: [])
        #expect(queue.popFirst()?.item.id == "f")
        queue.releaseSpent()
        #expect(queue.takeSpent().isEmpty)
    }

    /// `popFirst()` counts what it hands out (a source's items emitted) and says when the front left its page
    /// or the queue emptied — the only times `firstPlace`'s cursor can change (the merge's token tail is
    /// checked again only then) — and never otherwise.
    @Test func popFirstCountsItemsAndTellsWhenTheFrontLeavesItsPage() {
        var queue = ItemQueue()
        queue.append(page: [item("a", 9), item("b", 8)], cursor: nil, start: 0, dropped: [])
        queue.append(page: [item("c", 7), item("d", 6), item("e", 5)], cursor: "2", start: 0, dropped: [2])
        var moves: [String: Bool] = [:]
        var cursors: [String?] = []
        while let taken = queue.popFirst() {
            moves[taken.item.id] = taken.movedOn
            let cursor = queue.firstPlace?.cursor
            if !taken.movedOn { #expect(cursor == cursors.last ?? nil) }
            cursors.append(cursor)
        }
        #expect(moves == ["a": false, "b": true, "c": true, "d": true])
        #expect(queue.taken == 4)
        #expect(queue.isEmpty)
        // On a page without dropped items, only the page's last item moves the front on.
        queue.append(page: [item("f", 4), item("g", 3), item("h", 2)], cursor: "5", start: 1, dropped: [])
        #expect(queue.popFirst().map { ($0.item.id, $0.movedOn) } ?? ("", true) == ("g", false))
        #expect(queue.popFirst().map { ($0.item.id, $0.movedOn) } ?? ("", false) == ("h", true))
        #expect(queue.popFirst() == nil)
        #expect(queue.taken == 6)
    }

    /// Through the merge: the page a source finished goes out with the check of its next load, and once the
    /// source has no more pages to load, what it finishes is released at once rather than kept.
    @Test func aFinishedPageGoesOutWithTheSourcesNextCheck() {
        var state = MergeState(sources: [.init(name: "s0", pageSize: 2)], options: MergeOptions(prefetchThreshold: 1))
        #expect(state.loadsToStart().map(\.source) == [0])
        state.deliver(
            state.takePageCheck(for: 0).checking(
                .success(Page(items: [item("a", 9), item("b", 8)], nextCursor: "2", hasMore: true))),
            to: 0)
        var out: [String] = []
        while case .item(let merged) = state.next() { out.append(merged.item.id) }
        #expect(out == ["a", "b"])
        #expect(state.loadsToStart() == [.init(source: 0, cursor: "2", pageSize: 2)])
        let check = state.takePageCheck(for: 0)
        #expect(check.spent.map { $0.map(\.id) } == [["a", "b"]])
        state.deliver(
            check.checking(.success(Page(items: [item("c", 7)], nextCursor: nil, hasMore: false))), to: 0)
        #expect(state.next() == .item(MergedItem(sourceIndex: 0, sourceName: "s0", item: item("c", 7))))
        #expect(state.next() == .finished)
        var buffer = state.slots[0].buffer
        #expect(buffer.takeSpent().isEmpty)
    }
}
