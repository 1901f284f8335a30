internal import RiffleBytes

/// The k-way merge of newest-first sources as a pure state machine: no I/O, no clocks, no tasks.
///
/// A driver (``MergedFeed``) asks `loadsToStart()` which pages to fetch, delivers each page or error with
/// `deliver(_:to:)`, and pulls items with `next()`. An item is emitted only when every live source has
/// its next item buffered or has ended, so the output is ordered by time (newest first), then source
/// order, with each source's own order kept for ties. Memory is O(sources × page size).
package struct MergeState: Sendable {
    /// One page the driver should fetch.
    package struct LoadRequest: Sendable, Hashable {
        package var source: Int
        package var cursor: String?
        package var pageSize: Int

        package init(source: Int, cursor: String?, pageSize: Int) {
            self.source = source
            self.cursor = cursor
            self.pageSize = pageSize
        }
    }

    /// What `next()` found.
    package enum Step: Sendable, Hashable {
        /// The next item of the merged stream.
        case item(MergedItem)
        /// A source the merge needs is still loading: deliver a page, then call `next()` again.
        case waiting
        /// Every source has ended.
        case finished
    }

    /// A source as the merge sees it: its name and page size.
    package struct SourceInfo: Sendable, Hashable {
        var name: String
        var pageSize: Int

        package init(name: String, pageSize: Int) {
            self.name = name
            self.pageSize = max(1, pageSize)
        }
    }

    /// A source's state. Its buffer comes first: `next()` reads the buffer's front (see `ItemQueue`) per
    /// item, and the fields laid out first share the slot's first cache line, where the rest of the slot
    /// (about 480 bytes) would spread them over several.
    struct Slot: Sendable {
        var buffer = ItemQueue()
        var info: SourceInfo
        var pager: Pager
        /// The source's duplicate window; `nil` while a load has it (see `PageCheck`).
        var window: DedupWindow?
        var status: SourceStatus
        /// Items to pass over at the start of the next page (resuming mid-page).
        var skipOnNextPage = 0
        /// How a resumed run finds where this source's unread items start on the pages it loads.
        var resume: ResumeRule?
        /// The source's next item may lie beyond its first page: its token entry is needed.
        var pastFirstPage = false
        var isListedPastFirstPage = false
        /// The source ended within its first page (see `MergePosition.finished`).
        var finishedOnFirstPage = false
        /// The source ended: its pager is exhausted and its buffer empty.
        var isDone = false
        /// The oldest time on its first page (not counting items older than `--since`).
        var firstPageOldest: Timestamp?
        /// A duplicate was dropped from it, or an item older than `since` before items it kept: its consumed
        /// items may not all sort before the anchor.
        var droppedDuplicates = false
        var isBlocked = false
        /// The merge goes on without the source until its load lands (`setAside(source:)`).
        var isSetAside = false
        /// The source answers after the merge went past it (set aside, or failed and retried): its items
        /// newer than the frontier are `MergedItem.cameBehind`, not late, until one is in order.
        var answersBehind = false

        /// The source may still load pages: its pager has neither ended nor failed.
        var isLive: Bool { !(pager.isExhausted || pager.isFailed) }
    }

    /// Where a resumed source without an entry starts (see `MergePosition`).
    enum ResumeRule: Sendable {
        /// At the first item that sorts after the anchor, on whichever page that is.
        case afterAnchor
        /// Right after the anchor itself, at `index` of the first page when the item there has the anchor's
        /// id hash, else found by its time and hash, else as `afterAnchor`.
        case anchorItem(index: Int, idHash: UInt32)
    }

    /// The last item emitted and where it sat. No id: a first page's item's is kept apart
    /// (`lastFirstPageID`), so that the record is plain data, replaced per item without a reference count.
    struct Emitted: Sendable {
        var source: Int
        var time: Timestamp
        var onFirstPage: Bool
        var index: Int
        /// Nothing emitted before it sorts after it.
        var isInOrder: Bool
    }

    private(set) var slots: [Slot]
    /// The sources' heads in merge order. A blocked source's key may be stale: nothing is emitted then.
    private var tree: LoserTree
    /// Live sources with an empty buffer: while any exist, nothing can be emitted.
    private var blocked = 0
    /// Sources set aside (`setAside(source:)`) whose load has not landed: while any exist, the merge has
    /// not ended.
    private var setAsideCount = 0
    /// Sources whose buffer changed since the last `loadsToStart()`.
    private var candidates: [Int] = []
    /// Per source, the bookkeeping `next()` does per item beside its buffer (`Hot`).
    private var hot: [Hot]
    let options: MergeOptions
    /// The time of the last in-order item emitted.
    package private(set) var frontier: Timestamp?
    /// The greatest source index among items emitted at `frontier` (`Int.max` when a resumed run cannot
    /// know it): with `frontier`, the last key of the merge order emitted so far.
    private var frontierRank = 0
    private var lastEmitted: Emitted?
    /// The id of the last item emitted from a first page, the only anchor that names its item (by its hash,
    /// see `anchorPlace`): read only while `lastEmitted` is on a first page, so set only then. Most items are
    /// past their source's first page, and keeping each one's id would cost a retain and a release per
    /// item.
    private var lastFirstPageID = ""
    /// The position this run resumed at, which stands until the first item is emitted.
    private let resumedAt: MergePosition?
    /// The resume anchor's time and its source's index here (-1 when that source is gone).
    private var resumeAnchor: (time: Timestamp, rank: Int)?
    /// The indices of the sources with `pastFirstPage`, `finishedOnFirstPage` and `droppedDuplicates`, each
    /// ascending, so a position looks only at those.
    package private(set) var pastFirstPageSources: [Int] = []
    private var finishedSources: [Int] = []
    private var irregularSources: [Int] = []
    /// Every source that ended, ascending.
    private var doneSources: [Int] = []
    /// What a token carries as `finished`, made again when it changes: `doneSources` when that fits the
    /// budget (`finishedHoldsDone`), else `finishedSources` when that fits, else nil.
    package private(set) var finishedForToken: MergePosition.FinishedSources?
    /// Counts the changes of `finishedForToken`: a token encoder's kept tail is stale when it was made at
    /// another one.
    package private(set) var finishedGeneration = 0
    private var finishedHoldsDone = false
    private let namesFingerprint: UInt32
    /// This run resumed a source other than the anchor's by a count of items to pass over, which may
    /// include items that sort after the anchor: its tokens then give every entry its count.
    private var resumedWithCounts = false
    /// Sources whose token entry may have changed since a token encoder last asked
    /// (`moveTouchedSources(into:)`), each once.
    private var touchedSources: [Int] = []
    private var isTouched: [Bool]

    /// A merge over `sources`, from the top or, given `position`, right after the item it was taken at.
    /// Sources not named in `position` start from their first page.
    package init(
        sources: [SourceInfo], options: MergeOptions = MergeOptions(), resumingAt position: MergePosition? = nil
    ) {
        self.options = options
        self.frontier = position?.frontier
        self.resumedAt = position
        let names = sources.map(\.name)
        let fingerprint = MergePosition.FinishedSources.fingerprint(names: names)
        self.namesFingerprint = fingerprint
        self.isTouched = Array(repeating: false, count: sources.count)
        var entries: [String: MergePosition.Entry] = [:]
        for entry in position?.entries ?? [] where entries[entry.name] == nil { entries[entry.name] = entry }
        let anchor = position?.anchor
        // `finished`, and an anchor named by index, hold only for the list of names they were made with.
        let sameList = position?.finished.map { $0.fingerprint == fingerprint && $0.sourceCount == sources.count }
        let anchorRank: Int
        switch anchor?.source {
        case .name(let name)?: anchorRank = names.firstIndex(of: name) ?? -1
        case .index(let index)?: anchorRank = sameList == true && index < sources.count ? index : -1
        case nil: anchorRank = -1
        }
        if let anchor { resumeAnchor = (anchor.time, anchorRank) }
        if position?.frontier != nil {
            frontierRank = anchor.map { $0.isFrontier && anchorRank >= 0 } == true ? anchorRank : Int.max
        }
        var finished: Set<Int> = []
        if let set = position?.finished, sameList == true { finished = Set(set.indices) }
        var resumesByCount = false
        self.slots = sources.enumerated().map { index, info in
            var slot = Slot(
                info: info, pager: Pager(maxPages: options.maxPagesPerSource),
                window: DedupWindow(pages: options.dedupWindowPages, pageSize: info.pageSize),
                status: SourceStatus(name: info.name))
            if let entry = entries[info.name] {
                slot.pager = Pager(cursor: entry.cursor, maxPages: options.maxPagesPerSource)
                if index == anchorRank, let skip = anchor?.entrySkip {
                    slot.skipOnNextPage = skip
                } else if let skip = entry.skip {
                    slot.skipOnNextPage = skip
                    if skip > 0, !entry.done, index != anchorRank { resumesByCount = true }
                } else if anchor != nil, !entry.done {
                    slot.resume = .afterAnchor
                }
                slot.pastFirstPage = entry.cursor != nil || entry.done
                if entry.done {
                    slot.pager.stop(.noMorePages)
                    slot.status.state = .done
                }
            } else if let anchor {
                if finished.contains(index) {
                    slot.pager.stop(.noMorePages)
                    slot.status.state = .done
                } else if index == anchorRank, let anchorIndex = anchor.firstPageIndex {
                    slot.resume = .anchorItem(index: anchorIndex, idHash: anchor.idHash)
                } else {
                    slot.resume = .afterAnchor
                }
            }
            return slot
        }
        self.resumedWithCounts = resumesByCount
        self.hot = names.map { Hot(name: $0) }
        self.tree = LoserTree(count: sources.count)
        for index in slots.indices { settle(index) }
    }

    /// Pages a source's buffer holds, for checking the memory bound.
    package func bufferedPageCount(source index: Int) -> Int { slots[index].buffer.pageCount }

    /// Every source's status, in configuration order.
    package var statuses: [SourceStatus] {
        slots.indices.map { index in
            var status = slots[index].status
            status.itemsEmitted = slots[index].buffer.taken
            return status
        }
    }

    /// Whether `loadsToStart()` may have anything to return: a cheap check before calling it per item.
    var hasLoadsToConsider: Bool { !candidates.isEmpty }

    /// Marks the pages that should be fetched now as loading and returns them: every source that can
    /// load and holds fewer items than the prefetch threshold. Loads of different sources run at once;
    /// one source never has two loads in flight.
    package mutating func loadsToStart() -> [LoadRequest] {
        guard !candidates.isEmpty else { return [] }
        var requests: [LoadRequest] = []
        for index in candidates {
            hot[index].isCandidate = false
            guard slots[index].pager.canLoad, slots[index].buffer.count < threshold(index) else { continue }
            let cursor: String?
            do { cursor = try slots[index].pager.beginLoad() } catch { continue }
            slots[index].status.state = .fetching
            hot[index].loadBelow = 0
            requests.append(LoadRequest(source: index, cursor: cursor, pageSize: slots[index].info.pageSize))
        }
        candidates.removeAll(keepingCapacity: true)
        return requests
    }

    /// The next item, or why there is none yet.
    package mutating func next() -> Step {
        if blocked > 0 { return .waiting }
        guard let index = tree.winner() else { return setAsideCount > 0 ? .waiting : .finished }
        // Taken apart at once: an item read out of a tuple still used after it is copied, not moved.
        guard case let (item, onFirstPage, position, movedOn)? = slots[index].buffer.popFirst() else {
            // A winner always has a head; should its key ever be stale, drop it and choose again.
            tree.update(index, time: nil)
            return next()
        }
        let isInOrder = frontier.map { item.time < $0 || (item.time == $0 && index >= frontierRank) } ?? true
        if isInOrder { frontierRank = index }
        lastEmitted = Emitted(
            source: index, time: item.time, onFirstPage: onFirstPage, index: position, isInOrder: isInOrder)
        if onFirstPage { lastFirstPageID = item.id }
        var isLate = false
        var cameBehind = false
        if let frontier, item.time > frontier {
            if slots[index].answersBehind {
                cameBehind = true
            } else {
                isLate = true
                slots[index].status.lateItems += 1
                if slots[index].status.firstLateItem == nil {
                    slots[index].status.firstLateItem =
                        "id \(item.id) at \(item.time.rfc3339) came after \(frontier.rfc3339)"
                }
            }
        } else {
            frontier = item.time
            slots[index].answersBehind = false
        }
        // The source's entry in a token's tail (its front page's cursor, or what follows once its buffer is
        // empty: `tailEntry`) can change only when its front left a page; an item taken within a page
        // leaves it as it was.
        if movedOn { touch(index) }
        settleAfterTaking(index)
        return .item(
            MergedItem(
                sourceIndex: index, sourceName: hot[index].name, item: item, isLate: isLate, cameBehind: cameBehind))
    }

    /// Delivers the outcome of a load started by `loadsToStart()`, checking the page here (see `PageCheck`).
    /// A page whose every item was skipped fails its source (`Pager.unusable`); its skips are counted.
    package mutating func deliver(_ result: Result<Page, SourceError>, to index: Int) {
        deliver(takePageCheck(for: index).checking(result), to: index)
    }

    /// Hands out `index`'s page check for the load `loadsToStart()` just started for it, to run where the
    /// page lands; it comes back with the load's outcome (`deliver(_:to:)` with a `CheckedLoad`).
    package mutating func takePageCheck(for index: Int) -> PageCheck {
        guard let window = slots[index].window.take() else {
            preconditionFailure("source \(index)'s page check is already out: one load at a time per source")
        }
        let resume = slots[index].resume.flatMap { rule in resumeAnchor.map { (rule, $0) } }
        return PageCheck(
            window: window, since: options.since, skip: slots[index].skipOnNextPage, resume: resume, source: index,
            isFirstPage: slots[index].pager.cursor == nil, spent: slots[index].buffer.takeSpent())
    }

    /// Delivers the outcome of a load whose page was checked where it landed (`takePageCheck(for:)`).
    package mutating func deliver(_ load: CheckedLoad, to index: Int) {
        slots[index].window = load.window
        touch(index)
        if slots[index].isSetAside {
            slots[index].isSetAside = false
            slots[index].status.isSetAside = false
            slots[index].answersBehind = true
            setAsideCount -= 1
        }
        var result = load.result
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
            if let findings = load.findings { accept(page.items, pageCursor: pageCursor, findings, into: index) }
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
    package mutating func retry(source index: Int) {
        guard slots[index].pager.isFailed else { return }
        touch(index)
        slots[index].pager.retry()
        slots[index].status.state = .waiting
        // Whatever it loads now comes after the merge went on without it.
        slots[index].answersBehind = true
        settle(index)
    }

    /// Lets the merge go on without a source whose load is slow: it no longer holds the other sources'
    /// items back. When its load lands, it takes part again; its items newer than what was emitted
    /// meanwhile come out at once, marked `MergedItem.cameBehind`. Only a source that holds the merge
    /// (loading with nothing buffered, `waitingOn`) is set aside; the merge does not end while one is.
    package mutating func setAside(source index: Int) {
        guard slots[index].isBlocked, !slots[index].isSetAside else { return }
        slots[index].isSetAside = true
        slots[index].status.isSetAside = true
        setAsideCount += 1
        settle(index)
    }

    /// The sources the merge waits for now: loading, with nothing buffered, not set aside.
    package var waitingOn: [Int] { slots.indices.filter { slots[$0].isBlocked } }

    /// Where the stream stands now: resuming from it continues right after the last emitted item. Its
    /// size grows with the sources past their first page, not with all sources (see `MergePosition`).
    package var position: MergePosition {
        guard let last = lastEmitted else {
            return resumedAt ?? MergePosition(entries: [], frontier: frontier)
        }
        let byRule = entriesMayUseTheRule(last)
        var withEntry: [Int] = []
        var entries: [MergePosition.Entry] = []
        for index in pastFirstPageSources {
            guard let entry = tailEntry(for: index, byRule: byRule) else { continue }
            withEntry.append(index)
            entries.append(entry)
        }
        // Out of order, a source on its first page may have consumed items that sort after the anchor;
        // the anchor rule would show those again, so such a source gets an entry (see `MergePosition`).
        let suspects = last.isInOrder ? irregularSources : Array(slots.indices)
        var extra: [Int] = []
        if !suspects.isEmpty {
            let listed = Set(withEntry)
            for index in suspects where index != last.source && !listed.contains(index) {
                if consumedPastAnchor(index, last) { extra.append(index) }
            }
        }
        if !extra.isEmpty {
            withEntry = (withEntry + extra).sorted()
            entries = withEntry.map { tailEntry(for: $0, byRule: false) ?? entry(for: $0) }
        }
        var position = MergePosition(
            entries: entries, frontier: frontier,
            anchor: anchor(at: last, hasEntry: withEntry.contains(last.source), byRule: byRule),
            finished: finishedForToken)
        if entries.isEmpty, position.token.utf8.count > MergePosition.r3SmallTokenLimit {
            position.anchor?.source = .index(last.source)
            position.finished = finishedBesideIndex
        }
        return position
    }

    /// The `finished` of a token that names the anchor's source by its index rather than its name (see
    /// `MergePosition`), which it does when no source has an entry (entries are matched by name, and a
    /// token with them is not bounded by the contract anyway) and the name would take it past
    /// `MergePosition.r3SmallTokenLimit` bytes: `finishedForToken`, or before any source ended (or when
    /// the ended ones do not fit) an empty set, which still carries the fingerprint of the names that
    /// guards the index. Contract section 3's 200 bytes then hold whatever the names' length, and the ended
    /// list is never left out for room; only such tokens need the resumed run's list of sources to be the
    /// same (with another, their anchor's source is unknown, as for a source renamed since).
    private var finishedBesideIndex: MergePosition.FinishedSources {
        finishedForToken ?? .init(fingerprint: namesFingerprint, sourceCount: slots.count, indices: [])
    }

    /// Whether a token after the last emitted item may be written by the rule `ResumeTokenEncoder` follows:
    /// an item was emitted and every entry may leave its count to the anchor rule.
    package var tokenFollowsTheRule: Bool { lastEmitted.map(entriesMayUseTheRule) ?? false }

    /// The anchor's parts of a token written right after the last emitted item by the anchor rule
    /// (`tokenFollowsTheRule`), for `ResumeTokenEncoder`, whose tail says whether a source has an entry.
    /// Only after an item. Mutating though it changes nothing: a method of `self` called on an `inout`
    /// state copies no state.
    package mutating func tokenSnapshot(anchorHasEntry: (Int) -> Bool) -> TokenSnapshot {
        guard let last = lastEmitted else { preconditionFailure("no item emitted: no anchor") }
        let place = anchorPlace(at: last, hasEntry: anchorHasEntry(last.source), byRule: true)
        return TokenSnapshot(
            source: last.source, time: last.time, isInOrder: last.isInOrder, firstPageIndex: place.firstPageIndex,
            idHash: place.firstPageIndex == nil ? 0 : MergePosition.Anchor.hash(id: lastFirstPageID),
            entrySkip: place.entrySkip, frontier: frontier, hasFinished: finishedForToken != nil)
    }

    /// The anchor after the last emitted item named by its source's index, with the `finished` that goes
    /// beside it (see `finishedBesideIndex`): for a token whose source's name would take it past
    /// `MergePosition.r3SmallTokenLimit`. Only after an item (`tokenSnapshot`).
    package func anchorNamedByIndex(anchorHasEntry: Bool) -> (
        anchor: MergePosition.Anchor, finished: MergePosition.FinishedSources
    ) {
        guard let last = lastEmitted else { preconditionFailure("no item emitted: no anchor") }
        var anchor = anchor(at: last, hasEntry: anchorHasEntry, byRule: true)
        anchor.source = .index(last.source)
        return (anchor, finishedBesideIndex)
    }

    /// A source's entry in a token's tail by the anchor rule, or `nil` when it needs none.
    package func tailEntry(for index: Int) -> MergePosition.Entry? { tailEntry(for: index, byRule: true) }

    /// Hands over the sources whose entry may have changed since the last call, emptying the list
    /// (`sources`' buffer is swapped in for the next ones: no allocation per call).
    package mutating func moveTouchedSources(into sources: inout [Int]) {
        guard !touchedSources.isEmpty else { return }
        for index in touchedSources { isTouched[index] = false }
        swap(&touchedSources, &sources)
        touchedSources.removeAll(keepingCapacity: true)
    }

    /// Notes that `index`'s entry in a token may have changed (its front left a page, a page or a retry came).
    private mutating func touch(_ index: Int) {
        guard !isTouched[index] else { return }
        isTouched[index] = true
        touchedSources.append(index)
    }

    /// Whether entries may leave out their count, the anchor rule finding the same place: the anchor is in
    /// order, no source passed over an item that may sort after it, and none resumed by a count.
    private func entriesMayUseTheRule(_ last: Emitted) -> Bool {
        last.isInOrder && irregularSources.isEmpty && !resumedWithCounts
    }

    /// A source's entry in a token's tail, or `nil` when it needs none: only sources past their first page
    /// have one; an ended source is in `finished` when that holds every ended source; `byRule`, a source
    /// leaves its count to the anchor rule. A failed source keeps its count: items of the page it could not
    /// load may be newer than the anchor, and are shown on resume.
    private func tailEntry(for index: Int, byRule: Bool) -> MergePosition.Entry? {
        guard slots[index].isListedPastFirstPage else { return nil }
        let name = slots[index].info.name
        if let place = slots[index].buffer.firstPlace {
            guard let cursor = place.cursor else { return nil }
            return .init(name: name, cursor: cursor, skip: byRule ? nil : place.index, done: false)
        }
        if slots[index].pager.isExhausted {
            return finishedHoldsDone && finishedForToken != nil
                ? nil : .init(name: name, cursor: nil, skip: nil, done: true)
        }
        guard let cursor = slots[index].pager.cursor else { return nil }
        // Its next page is still to come: the same entry as once it has come (tokens do not depend on when
        // a prefetch lands), unless the page failed to load.
        let skip = byRule && !slots[index].pager.isFailed ? nil : slots[index].skipOnNextPage
        return .init(name: name, cursor: cursor, skip: skip, done: false)
    }

    /// The anchor of a position taken right after `last` (its place: `anchorPlace`).
    private func anchor(at last: Emitted, hasEntry: Bool, byRule: Bool) -> MergePosition.Anchor {
        let place = anchorPlace(at: last, hasEntry: hasEntry, byRule: byRule)
        return MergePosition.Anchor(
            time: last.time, source: .name(slots[last.source].info.name), firstPageIndex: place.firstPageIndex,
            idHash: place.firstPageIndex == nil ? 0 : MergePosition.Anchor.hash(id: lastFirstPageID),
            isFrontier: last.isInOrder, entrySkip: place.entrySkip)
    }

    /// Where an anchor taken right after `last` places its item besides its time and source. Its first-page
    /// index is left out when its source has an entry or is listed as finished (neither loads that page
    /// again); with `byRule`, the count of its source's entry goes with it. Inlined: called as a method from
    /// `tokenBytes` (mutating), it was handed a copy of the whole state per token.
    @inline(__always)
    private func anchorPlace(at last: Emitted, hasEntry: Bool, byRule: Bool) -> (firstPageIndex: Int?, entrySkip: Int?)
    {
        let listedFinished =
            slots[last.source].isDone && finishedForToken != nil
            && (finishedHoldsDone || slots[last.source].finishedOnFirstPage)
        var entrySkip: Int?
        if byRule, hasEntry, !slots[last.source].pager.isExhausted || !slots[last.source].buffer.isEmpty {
            entrySkip = self.entrySkip(for: last.source)
        }
        return (hasEntry || listedFinished || !last.onFirstPage ? nil : last.index, entrySkip)
    }

    /// Whether an item of `index`'s first page that it has consumed sorts after the anchor `last`.
    private func consumedPastAnchor(_ index: Int, _ last: Emitted) -> Bool {
        let sortsAfter = { (time: Timestamp) in time < last.time || (time == last.time && index > last.source) }
        if let page = slots[index].buffer.firstPageAtFront {
            return page.items[..<page.next].contains { sortsAfter($0.time) }
        }
        // A finished source that the token lists is not loaded again at all.
        if slots[index].finishedOnFirstPage, finishedForToken == nil, let oldest = slots[index].firstPageOldest {
            return sortsAfter(oldest)
        }
        return false
    }

    /// What a token carries as `finished` (see `finishedForToken`), and whether that is every ended source.
    private func finishedSet() -> (set: MergePosition.FinishedSources?, holdsDone: Bool) {
        if let set = fitting(doneSources) { return (set, true) }
        return (fitting(finishedSources), false)
    }

    /// `indices` as a `finished` set, when there are any and they fit `MergePosition.FinishedSources.budget`.
    private func fitting(_ indices: [Int]) -> MergePosition.FinishedSources? {
        guard !indices.isEmpty else { return nil }
        // Every form takes at least a byte per listed index or per 8 sources, and 5 more: skip what cannot fit.
        let budget = MergePosition.FinishedSources.budget
        guard min((slots.count + 7) / 8, indices.count, slots.count - indices.count) + 5 <= budget else { return nil }
        let set = MergePosition.FinishedSources(
            fingerprint: namesFingerprint, sourceCount: slots.count, indices: indices)
        return MergePosition.r3Encode(set).count <= budget ? set : nil
    }

    /// `entry(for: index).skip`, read in place: `entry(for:)` copies the whole slot, and the token of every
    /// exported item asks for it.
    @inline(__always)
    private func entrySkip(for index: Int) -> Int? {
        if let place = slots[index].buffer.firstPlace { return place.index }
        return slots[index].pager.isExhausted ? 0 : slots[index].skipOnNextPage
    }

    /// One source's part of `position`. Emitting an item changes only its own source's entry, and an
    /// entry does not depend on whether a prefetch has arrived yet, so positions are the same on every
    /// run over the same data.
    package func entry(for index: Int) -> MergePosition.Entry {
        let slot = slots[index]
        if let place = slot.buffer.firstPlace {
            return .init(name: slot.info.name, cursor: place.cursor, skip: place.index, done: false)
        }
        let done = slot.pager.isExhausted
        return .init(
            name: slot.info.name, cursor: done ? nil : slot.pager.cursor, skip: done ? 0 : slot.skipOnNextPage,
            done: done)
    }

    private mutating func record(_ notes: PageNotes, for index: Int) {
        slots[index].status.skippedItems += notes.skipped
        if slots[index].status.firstSkipReason == nil { slots[index].status.firstSkipReason = notes.firstSkipReason }
        for path in notes.unmatchedPaths
        where slots[index].status.unmatchedPaths.count < 10 && !slots[index].status.unmatchedPaths.contains(path) {
            slots[index].status.unmatchedPaths.append(path)
        }
        if let restarted = notes.restarted { slots[index].status.restarted = restarted }
        if !notes.warnings.isEmpty {
            slots[index].status.warnings = Array((slots[index].status.warnings + notes.warnings).suffix(5))
        }
    }

    /// Buffers a page's items, as its check found them (`PageCheck`): dropping duplicates (the newer
    /// version of an item wins) and, with `since`, items older than it — which also ends the source's paging.
    private mutating func accept(_ items: [Item], pageCursor: String?, _ findings: PageCheck.Findings, into index: Int)
    {
        if slots[index].resume != nil, resumeAnchor != nil { slots[index].resume = findings.resume }
        slots[index].skipOnNextPage = 0
        if pageCursor == nil { slots[index].firstPageOldest = findings.oldest }
        var dropped = findings.tooOld
        if !dropped.isEmpty { slots[index].pager.stop(.olderThanSince) }
        if findings.keptPastTooOld { markIrregular(index) }
        for found in findings.repeats {
            slots[index].status.duplicates += 1
            markIrregular(index)
            // A newer version replaces a buffered older one; any other repeat is dropped.
            // (`settle`, which follows, gives the tree the new head when the old version was the head.)
            let item = items[found.position]
            if item.time > found.seenAt, slots[index].buffer.remove(id: item.id) { continue }
            dropped.insert(found.position)
        }
        slots[index].buffer.append(page: items, cursor: pageCursor, start: findings.skip, dropped: dropped)
    }

    /// Notes that a source dropped a duplicate, or an item older than `since` before items it kept: its
    /// consumed items may not all sort before the anchor.
    private mutating func markIrregular(_ index: Int) {
        guard !slots[index].droppedDuplicates else { return }
        slots[index].droppedDuplicates = true
        Self.insert(index, into: &irregularSources)
    }

    /// Inserts `index` into an ascending list.
    private static func insert(_ index: Int, into list: inout [Int]) {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < index { low = middle + 1 } else { high = middle }
        }
        if low == list.count || list[low] != index { list.insert(index, at: low) }
    }

    /// A source loads its next page while its buffer holds fewer items than this (see `MergeOptions`).
    private func threshold(_ index: Int) -> Int {
        options.prefetchThreshold ?? max(2 * slots[index].info.pageSize, options.sourceReadAhead)
    }

    /// `settle` for the common case right after `next()` took a source's head and items are left: only the
    /// source's key and its need for a load can have changed (its pager and status have not).
    @inline(__always)
    private mutating func settleAfterTaking(_ index: Int) {
        guard let time = slots[index].buffer.firstTime else { return settle(index) }
        tree.update(index, time: time)
        if !hot[index].isCandidate, slots[index].buffer.count < hot[index].loadBelow {
            hot[index].isCandidate = true
            candidates.append(index)
        }
    }

    /// Brings a source's bookkeeping up to date after its buffer or pager changed.
    private mutating func settle(_ index: Int) {
        if !slots[index].isListedPastFirstPage, slots[index].pastFirstPage || slots[index].pager.cursor != nil {
            slots[index].pastFirstPage = true
            slots[index].isListedPastFirstPage = true
            Self.insert(index, into: &pastFirstPageSources)
        }
        if !slots[index].isDone, slots[index].pager.isExhausted, slots[index].buffer.isEmpty {
            slots[index].isDone = true
            Self.insert(index, into: &doneSources)
            if !slots[index].pastFirstPage {
                slots[index].finishedOnFirstPage = true
                Self.insert(index, into: &finishedSources)
            }
            (finishedForToken, finishedHoldsDone) = finishedSet()
            finishedGeneration &+= 1
        }
        let shouldBlock = slots[index].buffer.isEmpty && slots[index].isLive && !slots[index].isSetAside
        if shouldBlock != slots[index].isBlocked {
            blocked += shouldBlock ? 1 : -1
            slots[index].isBlocked = shouldBlock
        }
        if !shouldBlock { tree.update(index, time: slots[index].buffer.firstTime) }
        switch slots[index].pager.phase {
        case .failed, .loading: break
        case .exhausted:
            // No load is in flight once paging has stopped: `done` when its last items are out, else
            // `ready` (`s` words both from `stopReason`).
            slots[index].status.state = slots[index].buffer.isEmpty ? .done : .ready
        case .idle, .ready:
            slots[index].status.state = slots[index].pager.pagesLoaded == 0 ? .waiting : .ready
        }
        hot[index].loadBelow = slots[index].pager.canLoad ? threshold(index) : 0
        // Pages it finished go out with its next load (see `ItemQueue.spent`): with none to come, now.
        if !slots[index].isLive { slots[index].buffer.releaseSpent() }
        if !hot[index].isCandidate {
            hot[index].isCandidate = true
            candidates.append(index)
        }
    }
}
