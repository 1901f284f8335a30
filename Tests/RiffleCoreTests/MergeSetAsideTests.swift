import RiffleCore
import Testing

/// `MergeState.setAside(source:)`: a slow source no longer holds the others; when it lands, its items
/// newer than what was emitted come out at once as `cameBehind` (not late: its source is in order).
@Suite struct MergeSetAsideTests {
    func page(_ items: [Item]) -> Result<Page, SourceError> {
        .success(Page(items: items, nextCursor: nil, hasMore: false))
    }

    @Test func aSlowSourceSetAsideLetsTheOthersThroughAndJoinsWhenItLands() {
        var state = MergeState(sources: [.init(name: "live", pageSize: 10), .init(name: "slow", pageSize: 10)])
        #expect(state.loadsToStart().map(\.source) == [0, 1])
        state.deliver(page([item("a", 30), item("b", 10)]), to: 0)
        #expect(state.next() == .waiting)
        #expect(state.waitingOn == [1])
        state.setAside(source: 1)
        #expect(state.statuses[1].isSetAside)
        #expect(state.waitingOn.isEmpty)
        guard case .item(let first) = state.next() else {
            Issue.record("no item")
            return
        }
        #expect(first.item.id == "a")
        guard case .item(let second) = state.next() else {
            Issue.record("no item")
            return
        }
        #expect(second.item.id == "b")
        // Nothing left of the live source, but the slow one is still loading: not the end.
        #expect(state.next() == .waiting)
        state.deliver(page([item("new", 40), item("mid", 20), item("old", 5)]), to: 1)
        #expect(!state.statuses[1].isSetAside)
        var out: [MergedItem] = []
        while case .item(let merged) = state.next() { out.append(merged) }
        #expect(out.map(\.item.id) == ["new", "mid", "old"])
        #expect(out.map(\.cameBehind) == [true, true, false])
        #expect(out.allSatisfy { !$0.isLate })
        #expect(state.statuses[1].lateItems == 0)
        #expect(state.next() == .finished)
    }

    @Test func onlyASourceThatHoldsTheMergeIsSetAside() {
        var state = MergeState(sources: [.init(name: "a", pageSize: 10), .init(name: "b", pageSize: 10)])
        _ = state.loadsToStart()
        state.deliver(page([item("x", 3)]), to: 0)
        state.setAside(source: 0)
        #expect(!state.statuses[0].isSetAside)
        #expect(state.waitingOn == [1])
    }

    @Test func aRetriedSourcesItemsComeBehind() {
        var state = MergeState(sources: [.init(name: "live", pageSize: 10), .init(name: "flaky", pageSize: 10)])
        _ = state.loadsToStart()
        state.deliver(page([item("a", 30), item("b", 10)]), to: 0)
        state.deliver(.failure(SourceError("503")), to: 1)
        var out: [MergedItem] = []
        while case .item(let merged) = state.next() { out.append(merged) }
        #expect(out.map(\.item.id) == ["a", "b"])
        state.retry(source: 1)
        #expect(state.loadsToStart().map(\.source) == [1])
        state.deliver(page([item("c", 20)]), to: 1)
        guard case .item(let back) = state.next() else {
            Issue.record("no item")
            return
        }
        #expect(back.cameBehind && !back.isLate)
    }
}
