import RiffleBytes
import RiffleCore
import Testing

/// Nothing the merge could not use goes unsaid: skipped, late and stopped-early counts with
/// their first reasons, a page of only skipped items as a failure, plain dates as times, no `null` in
/// `extra`.
@Suite struct SourceNoticeTests {
    func merge(pageSize: Int = 3) -> MergeState {
        MergeState(sources: [MergeState.SourceInfo(name: "s", pageSize: pageSize)])
    }

    func skippedPage(_ count: Int, cause: String, next: String? = "c2") -> Page {
        var notes = PageNotes()
        for position in 0..<count { notes.skip(item: position, because: cause) }
        return Page(items: [], nextCursor: next, hasMore: true, notes: notes)
    }

    @Test func aPageOfOnlySkippedItemsFailsItsSource() {
        var state = merge()
        let (out, loads) = drain(&state) { _, _, _ in .success(skippedPage(50, cause: "no time at published_at")) }
        #expect(out.isEmpty && loads == 1)
        let status = state.statuses[0]
        #expect(status.lastError?.message == "page 1: all 50 items skipped: no time at published_at")
        #expect(status.lastError?.kind == .mapping && status.lastError?.isRetryable == false)
        #expect(status.skippedItems == 50 && status.firstSkipReason == "item 1: no time at published_at")
    }

    @Test func theFailureNamesThePageItHappenedOn() {
        var state = merge(pageSize: 1)
        let (out, _) = drain(&state) { _, cursor, _ in
            if cursor == nil { return .success(Page(items: [item("a", 9)], nextCursor: "c2", hasMore: true)) }
            return .success(skippedPage(1, cause: "no value at title"))
        }
        #expect(out.map(\.item.id) == ["a"])
        #expect(state.statuses[0].lastError?.message == "page 2: its only item skipped: no value at title")
    }

    @Test func somePagesSkippedAndAnEmptyPageAreNoFailure() {
        var notes = PageNotes()
        notes.skip(item: 1, because: "no time at t")
        let partial = Page(items: [item("a", 5)], nextCursor: nil, hasMore: false, notes: notes)
        #expect(Pager.unusable(partial, number: 1) == nil)
        #expect(Pager.unusable(Page(items: [], nextCursor: nil, hasMore: false), number: 1) == nil)
        #expect(Pager.unusable(skippedPage(2, cause: "x"), number: 3)?.message == "page 3: all 2 items skipped: x")
    }

    @Test func everyNoticeIsWordedOnceWithItsCountAndFirstReason() {
        var state = merge()
        let (out, _) = drain(&state) { _, _, _ in
            var notes = PageNotes()
            notes.skip(item: 2, because: "no time at t")
            notes.skip(item: 4, because: "no value at id")
            notes.missingCursor = "has_more was true but data.x.pageInfo.endCursor is missing"
            let items = [item("x", 20), item("y", 30), item("z", 10), item("w", 25)]
            return .success(Page(items: items, nextCursor: nil, hasMore: true, notes: notes))
        }
        #expect(out.map(\.item.id) == ["x", "y", "z", "w"], "items out of order are emitted, never dropped")
        #expect(out.map(\.isLate) == [false, true, false, true])
        let status = state.statuses[0]
        #expect(status.lastError == nil && status.stopReason == .missingCursor)
        #expect(
            status.notices == [
                "2 items skipped (first: item 3: no time at t)",
                "2 items out of order (first: id y at 1970-01-01T00:00:30Z came after 1970-01-01T00:00:20Z)",
                "stopped early: has_more was true but data.x.pageInfo.endCursor is missing",
            ])
    }

    @Test func aMissingCursorWithoutTheAdaptersWordsStillSpeaks() {
        var state = merge()
        _ = drain(&state) { _, _, _ in .success(Page(items: [item("a", 1)], nextCursor: nil, hasMore: true)) }
        #expect(state.statuses[0].notices == ["stopped early: has_more was true but the answer gave no cursor"])
        var clean = merge()
        _ = drain(&clean) { _, _, _ in .success(Page(items: [item("a", 1)], nextCursor: nil, hasMore: false)) }
        #expect(clean.statuses[0].notices.isEmpty, "a source that reached its end has nothing to say")
    }

    @Test func theProbeReportsWhatTheMergeWould() async {
        let unusable = MergeSource(
            name: "bad", pageable: FixedPage(page: skippedPage(10, cause: "no time at when")), pageSize: 50)
        let failed = await MergedFeed.probe(unusable, pageSize: 10)
        #expect(failed.lastError?.message == "page 1: all 10 items skipped: no time at when")
        let unsorted = MergeSource(
            name: "late",
            pageable: FixedPage(page: Page(items: [item("a", 1), item("b", 2)], nextCursor: "n", hasMore: true)),
            pageSize: 50)
        let status = await MergedFeed.probe(unsorted, pageSize: 10)
        #expect(status.lastError == nil && status.itemsEmitted == 2 && status.lateItems == 1)
        #expect(status.stoppedEarly == nil, "the probe's one-page limit is no early stop")
    }

    @Test func aPlainDateIsItsMidnightUTC() {
        #expect(Timestamp(date: "2026-11-01") == Timestamp(rfc3339: "2026-11-01T00:00:00Z"))
        #expect(JSONValue.string("2026-11-01").timestampValue?.rfc3339 == "2026-11-01T00:00:00Z")
        #expect(JSONValue.string("1970-01-02").timestampValue == Timestamp(unixSeconds: 86_400))
        for bad in ["2026-02-30", "2026-13-01", "2026-1-01", "2026/11/01", "26-11-01", "2026-11-01x", "", "20261101"] {
            #expect(Timestamp(date: bad) == nil, "\(bad)")
        }
        #expect(JSONValue.string("2026-11-01T10:00:00+02:00").timestampValue?.rfc3339 == "2026-11-01T08:00:00Z")
        #expect(JSONValue.string("1730419200").timestampValue == Timestamp(unixSeconds: 1_730_419_200))
    }

    @Test func extraNeverHoldsNull() {
        let built = Item(
            id: "1", time: Timestamp(unixSeconds: 1), title: "t",
            extra: [
                "success": .null, "flight": .int(7),
                "nested": .object([
                    "gone": .null, "kept": .string("k"), "list": .array([.null, .object(["n": .null])]),
                ]),
            ])
        #expect(
            built.extra == [
                "flight": .int(7),
                "nested": .object(["kept": .string("k"), "list": .array([.null, .object([:])])]),
            ])
        var changed = built
        changed.extra = ["only": .null]
        #expect(changed.extra.isEmpty, "the setter drops nulls too")
        let clean: [String: JSONValue] = ["a": .array([.null]), "b": .bool(false)]
        #expect(JSONValue.droppingNullMembers(clean) == clean, "array elements keep their positions")
    }

    @Test func sourceContextLabelsLinesInsideALoadOnly() async {
        #expect(SourceContext.labelled("POST x") == "POST x")
        let inside = SourceContext.$name.withValue("docs") { SourceContext.labelled("POST x") }
        #expect(inside == "docs: POST x")
    }
}

/// A source that answers every load with the same page.
struct FixedPage: Pageable {
    var page: Page

    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page { page }
}
