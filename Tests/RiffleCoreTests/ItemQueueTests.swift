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

extension ItemQueueTests {
    /// A page as the model holds it: its items, where taking starts, what is dropped.
    struct ModelPage {
        var items: [Item]
        var start: Int
        var dropped: Set<Int>
    }

    /// The queue against a plain model of its rule, over random pages (random starts and dropped items) and
    /// random removals between takes: every item comes out in the model's order, with its page's first-page
    /// flag and its index there, and `movedOn` is what it always was — the item was its page's last, or the
    /// page has dropped items — however the queue keeps track of it. Times repeat, as they do in feeds.
    @Test(arguments: 0..<30)
    func takesAndRemovesAsTheModelDoes(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 401)
        var queue = ItemQueue()
        var pages: [ModelPage] = []
        // The live items not yet taken, in order: (page, position).
        var live: [(page: Int, position: Int)] = []
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let page = pages.count
                let count = Int.random(in: 1...6, using: &rng)
                let start = Int.random(in: 0..<5, using: &rng) == 0 ? Int.random(in: 0...count, using: &rng) : 0
                let dropped = Set((0..<count).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
                let ids = (0..<count).map { "p\(page)-\($0)" }
                let items = ids.map { item($0, Int64.random(in: 0...3, using: &rng)) }
                pages.append(ModelPage(items: items, start: start, dropped: dropped))
                queue.append(page: items, cursor: page == 0 ? nil : "c\(page)", start: start, dropped: dropped)
                live += (start..<count).filter { !dropped.contains($0) }.map { (page, $0) }
            case 2 where !live.isEmpty:
                let victim = Int.random(in: 0..<live.count, using: &rng)
                let (page, position) = live.remove(at: victim)
                pages[page].dropped.insert(position)
                let removed = queue.remove(id: pages[page].items[position].id)
                #expect(removed, "step \(step)")
            case 3:
                let removed = queue.remove(id: "absent")
                #expect(!removed, "step \(step)")
            default:
                guard let taken = queue.popFirst() else {
                    #expect(live.isEmpty, "step \(step)")
                    continue
                }
                let (page, position) = live.removeFirst()
                #expect(taken.item == pages[page].items[position], "step \(step)")
                #expect(taken.index == position, "step \(step)")
                #expect(taken.onFirstPage == (page == 0), "step \(step)")
                let movedOn = position + 1 == pages[page].items.count || !pages[page].dropped.isEmpty
                #expect(taken.movedOn == movedOn, "step \(step): page \(page) position \(position)")
            }
            #expect(queue.count == live.count, "step \(step)")
            #expect(queue.firstTime == live.first.map { pages[$0.page].items[$0.position].time }, "step \(step)")
        }
    }
}
