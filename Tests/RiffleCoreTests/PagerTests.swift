import RiffleCore
import Testing

@Suite struct PagerTests {
    func page(_ ids: [String], next: String?, more: Bool = true) -> Page {
        Page(items: ids.map { item($0, 1) }, nextCursor: next, hasMore: more)
    }

    @Test func pagesThroughCursorsUntilNoMore() throws {
        var pager = Pager()
        #expect(try pager.beginLoad() == nil)
        pager.finishLoad(page(["a"], next: "c1"))
        #expect(pager.phase == .ready)
        #expect(try pager.beginLoad() == "c1")
        pager.finishLoad(page(["b"], next: "c2", more: false))
        #expect(pager.phase == .exhausted(.noMorePages))
        #expect(throws: Pager.LoadRefusal.exhausted) { try pager.beginLoad() }
    }

    @Test func refusesASecondLoadInFlight() throws {
        var pager = Pager()
        _ = try pager.beginLoad()
        #expect(throws: Pager.LoadRefusal.loadInProgress) { try pager.beginLoad() }
    }

    @Test func failureKeepsTheLastGoodCursorAndRetries() throws {
        var pager = Pager()
        _ = try pager.beginLoad()
        pager.finishLoad(page(["a"], next: "c1"))
        _ = try pager.beginLoad()
        pager.failLoad(SourceError("boom", isRetryable: true))
        #expect(throws: Pager.LoadRefusal.failed) { try pager.beginLoad() }
        pager.retry()
        #expect(try pager.beginLoad() == "c1", "a retry continues at the failed cursor, never the first page")
    }

    @Test func stopsOnEmptyPageRepeatedCursorOrMissingCursor() throws {
        var empty = Pager()
        _ = try empty.beginLoad()
        empty.finishLoad(page([], next: "c1"))
        #expect(empty.phase == .exhausted(.emptyPage))

        var repeated = Pager()
        _ = try repeated.beginLoad()
        repeated.finishLoad(page(["a"], next: "c1"))
        _ = try repeated.beginLoad()
        repeated.finishLoad(page(["b"], next: "c2"))
        _ = try repeated.beginLoad()
        repeated.finishLoad(page(["c"], next: "c1"))  // a server that restarted at page 1
        #expect(repeated.phase == .exhausted(.repeatedCursor))

        var same = Pager()
        _ = try same.beginLoad()
        same.finishLoad(page(["a"], next: "c1"))
        _ = try same.beginLoad()
        same.finishLoad(page(["b"], next: "c1"))
        #expect(same.phase == .exhausted(.repeatedCursor))

        var missing = Pager()
        _ = try missing.beginLoad()
        missing.finishLoad(page(["a"], next: nil))
        #expect(missing.phase == .exhausted(.missingCursor))
    }

    @Test func stopsAtThePageLimit() throws {
        var pager = Pager(maxPages: 2)
        for number in 1...2 {
            _ = try pager.beginLoad()
            pager.finishLoad(page(["x\(number)"], next: "c\(number)"))
        }
        #expect(pager.phase == .exhausted(.pageLimit(2)))
    }
}
