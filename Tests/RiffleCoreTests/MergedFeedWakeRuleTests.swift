import RiffleCore
import Testing

/// The rule for when the consumer's page requests wake the load side (`MergedFeed.WakeRule`), and the
/// merge's part of it: `MergeState.runsLow` for a source that starts loading, or is loading, with fewer
/// items than its low water.
@Suite struct MergedFeedWakeRuleTests {
    @Test func wakesWhenUrgentOrABatchWaitsAndNeverForNothing() {
        let rule = MergedFeed.WakeRule(batch: 4)
        #expect(!rule.wakes(waiting: 0, urgent: false))
        #expect(!rule.wakes(waiting: 0, urgent: true))
        #expect(!rule.wakes(waiting: 1, urgent: false))
        #expect(!rule.wakes(waiting: 3, urgent: false))
        #expect(rule.wakes(waiting: 4, urgent: false))
        #expect(rule.wakes(waiting: 9, urgent: false))
        #expect(rule.wakes(waiting: 1, urgent: true))
        // A batch of one wakes at every request, as before the rule.
        #expect(MergedFeed.WakeRule(batch: 1).wakes(waiting: 1, urgent: false))
        #expect(MergedFeed.WakeRule(batch: 0).batch == 1)
    }

    @Test func lowWaterIsHalfAPageAndAtLeastOne() {
        #expect(MergedFeed.WakeRule.lowWater(pageSize: 100) == 50)
        #expect(MergedFeed.WakeRule.lowWater(pageSize: 3) == 1)
        #expect(MergedFeed.WakeRule.lowWater(pageSize: 1) == 1)
    }

    /// First pages are urgent; a next page asked for while a page and more is buffered is not; the source
    /// then runs low while that page loads, once, and says so without asking for anything twice.
    @Test func aLoadingSourceRunningLowIsReportedOnce() {
        let newer = (0..<20).map { item("a\($0)", 1_000 - Int64($0)) }
        let older = (0..<20).map { item("b\($0)", 100 - Int64($0)) }
        var state = MergeState(
            sources: [.init(name: "a", pageSize: 4), .init(name: "b", pageSize: 4)], options: MergeOptions())
        let loader = arrayLoader([newer, older])
        let first = state.loadsToStart()
        #expect(first.map(\.source) == [0, 1])
        let firstRunsLow = state.takeRunsLow()
        let runsLowAfterTaking = state.takeRunsLow()
        #expect(firstRunsLow)
        #expect(!runsLowAfterTaking)
        for request in first {
            state.deliver(loader(request.source, request.cursor, request.pageSize), to: request.source)
        }
        // Four items each, below the threshold of two pages: both ask for a next page, with a page
        // buffered, at or above the low water (2): not urgent.
        let second = state.loadsToStart()
        let secondRunsLow = state.takeRunsLow()
        #expect(second.map(\.source) == [0, 1])
        #expect(!secondRunsLow)
        // Source 0 holds every newer item: taking from it while its page loads runs it low (below 2).
        var taken: [String] = []
        var lowAt: [Int] = []
        for _ in 0..<3 {
            guard case .item(let merged) = state.next() else {
                Issue.record("an item was buffered")
                return
            }
            taken.append(merged.item.id)
            let started = state.loadsToStart()
            #expect(started.isEmpty)
            if state.takeRunsLow() { lowAt.append(taken.count) }
        }
        #expect(taken == ["a0", "a1", "a2"])
        #expect(lowAt == [3])
    }
}
