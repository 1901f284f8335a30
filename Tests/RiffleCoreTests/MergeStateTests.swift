import RiffleBytes
import RiffleCore
import Testing

@Suite struct MergeStateTests {
    func merge(_ sources: [[Item]], pageSize: Int = 3, options: MergeOptions? = nil) -> MergeState {
        MergeState(
            sources: sources.indices.map { .init(name: "s\($0)", pageSize: pageSize) },
            options: options ?? MergeOptions())
    }

    func ids(_ items: [MergedItem]) -> [String] { items.map { "\($0.sourceIndex):\($0.item.id)" } }

    @Test(arguments: 0..<40)
    func interleavesRandomSourcesInOrder(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 1...6, using: &rng)
        let sources = (0..<count).map { index in
            sortedItems(
                prefix: "i", count: Int.random(in: 0...40, using: &rng), spread: Int64.random(in: 0...5, using: &rng),
                rng: &rng)
        }
        var state = merge(sources, pageSize: Int.random(in: 1...7, using: &rng))
        let (out, _) = drain(&state, loader: arrayLoader(sources))
        #expect(ids(out) == expectedOrder(sources))
        #expect(out.allSatisfy { !$0.isLate })
        #expect(state.statuses.allSatisfy { $0.state == .done })
    }

    @Test func tiesGoBySourceOrderThenTheSourcesOwnOrder() {
        let sources = [[item("b", 5), item("a", 5)], [item("c", 5)], [item("d", 6)]]
        var state = merge(sources)
        let (out, _) = drain(&state, loader: arrayLoader(sources))
        #expect(ids(out) == ["2:d", "0:b", "0:a", "1:c"])
    }

    @Test func emptyAndSingleItemSources() {
        let sources: [[Item]] = [[], [item("only", 3)], []]
        var state = merge(sources)
        let (out, _) = drain(&state, loader: arrayLoader(sources))
        #expect(ids(out) == ["1:only"])
        var none = merge([[], []])
        #expect(drain(&none, loader: arrayLoader([[], []])).items.isEmpty)
    }

    @Test func aFailingSourceLeavesAndTheOthersGoOn() {
        let good = (0..<10).map { item("g\($0)", 100 - Int64($0) * 10) }
        var state = merge([good, []], pageSize: 2)
        let (out, _) = drain(&state) { source, cursor, pageSize in
            if source == 1 {
                if cursor == nil {
                    return .success(Page(items: [item("b0", 95), item("b1", 85)], nextCursor: "p2", hasMore: true))
                }
                return .failure(SourceError("HTTP 502 from api.example"))
            }
            return arrayLoader([good])(0, cursor, pageSize)
        }
        #expect(out.count == 12)
        #expect(out.filter { $0.sourceIndex == 1 }.map(\.item.id) == ["b0", "b1"])
        #expect(state.statuses[1].lastError?.message == "HTTP 502 from api.example")
        #expect(state.statuses[0].state == .done)
    }

    @Test func aFailedSourceCanBeRetriedFromItsLastGoodCursor() {
        var calls: [String?] = []
        var failOnce = true
        var state = merge([[]], pageSize: 1)
        let loader: (Int, String?, Int) -> Result<Page, SourceError> = { _, cursor, _ in
            calls.append(cursor)
            if cursor == "p2" && failOnce {
                failOnce = false
                return .failure(SourceError("timeout", isRetryable: true))
            }
            let number = Int(cursor?.dropFirst() ?? "1") ?? 1
            return .success(
                Page(items: [item("x\(number)", 10 - Int64(number))], nextCursor: "p\(number + 1)", hasMore: number < 3)
            )
        }
        let first = drain(&state, loader: loader)
        #expect(first.items.map(\.item.id) == ["x1"])
        #expect(state.statuses[0].lastError != nil)
        state.retry(source: 0)
        let rest = drain(&state, loader: loader)
        #expect(rest.items.map(\.item.id) == ["x2", "x3"])
        #expect(calls == [nil, "p2", "p2", "p3"])
    }

    @Test func aRepeatedCursorEndsTheSourceInsteadOfLooping() {
        var state = merge([[]], pageSize: 2)
        var loads = 0
        let (out, _) = drain(&state) { _, cursor, _ in
            loads += 1
            // An Apollo-style server: an unknown cursor restarts at page 1.
            if cursor == "c1" {
                return .success(Page(items: [item("c", 3), item("d", 2)], nextCursor: "c2", hasMore: true))
            }
            return .success(Page(items: [item("a", 5), item("b", 4)], nextCursor: "c1", hasMore: true))
        }
        #expect(loads == 3)
        #expect(out.map(\.item.id) == ["a", "b", "c", "d"], "the restarted page repeats a, b: dropped as duplicates")
        #expect(state.statuses[0].stopReason == .repeatedCursor)
        #expect(state.statuses[0].duplicates == 2)
    }

    @Test func duplicatesAcrossPagesAppearOnceAndTheNewerVersionWins() throws {
        // Offset paging over data that shifted: page 2 repeats "b"; "c" comes again with a newer time
        // while its older version is still buffered.
        var state = merge([[], []], pageSize: 3, options: MergeOptions(prefetchThreshold: 10))
        #expect(state.loadsToStart().map(\.source) == [0, 1])
        state.deliver(
            .success(Page(items: [item("a", 10), item("b", 9), item("c", 2)], nextCursor: "2", hasMore: true)), to: 0)
        let second = state.loadsToStart()
        #expect(second == [.init(source: 0, cursor: "2", pageSize: 3)])
        state.deliver(
            .success(Page(items: [item("b", 9), item("c", 8), item("d", 7)], nextCursor: "3", hasMore: false)), to: 0)
        state.deliver(.success(Page(items: [item("z", 1)], nextCursor: nil, hasMore: false)), to: 1)
        let (out, loads) = drain(&state) { _, _, _ in .failure(SourceError("no more loads expected")) }
        #expect(loads == 0)
        #expect(ids(out) == ["0:a", "0:b", "0:c", "0:d", "1:z"])
        #expect(out.first { $0.item.id == "c" }?.item.time == Timestamp(unixSeconds: 8))
        #expect(state.statuses[0].duplicates == 2)

        // Once an item is out, a repeat of it is dropped whatever its time: an item appears once.
        var emitted = merge([[]], pageSize: 1, options: MergeOptions(prefetchThreshold: 1))
        let pages = [
            nil: Page(items: [item("x", 5)], nextCursor: "2", hasMore: true),
            "2": Page(items: [item("x", 6)], nextCursor: "3", hasMore: true),
            "3": Page(items: [item("y", 4)], nextCursor: nil, hasMore: false),
        ]
        let again = drain(&emitted) { _, cursor, _ in
            .success(pages[cursor] ?? Page(items: [], nextCursor: nil, hasMore: false))
        }
        #expect(again.items.map(\.item.id) == ["x", "y"])
    }

    @Test func lateItemsAreEmittedMarkedAndCounted() {
        let unsorted = [item("u1", 50), item("u2", 10), item("u3", 40), item("u4", 5)]
        let sorted = [item("s1", 45), item("s2", 30), item("s3", 20)]
        var state = merge([unsorted, sorted], pageSize: 2)
        let (out, _) = drain(&state, loader: arrayLoader([unsorted, sorted]))
        #expect(out.count == 7, "no item is dropped")
        let late = out.filter(\.isLate).map(\.item.id)
        #expect(late == ["u3"])
        #expect(state.statuses[0].lateItems == 1)
    }

    @Test func sinceDropsOlderItemsAndStopsPaging() {
        let items = (0..<20).map { item("i\($0)", 100 - Int64($0)) }
        var state = merge([items], pageSize: 5, options: MergeOptions(since: Timestamp(unixSeconds: 93)))
        let (out, loads) = drain(&state, loader: arrayLoader([items]))
        #expect(out.map(\.item.id) == (0...7).map { "i\($0)" })
        #expect(loads == 2, "no page past the one that reached --since")
        #expect(state.statuses[0].stopReason == .olderThanSince)
    }

    @Test func buffersStayBoundedByThePrefetchThreshold() {
        let items = (0..<1000).map { item("i\($0)", 10_000 - Int64($0)) }
        var state = merge([items, items], pageSize: 10)
        let (out, loads) = drain(&state, limit: 25, loader: arrayLoader([items, items]))
        #expect(out.count == 25)
        #expect(loads <= 6, "only pages needed to keep each buffer above the threshold were loaded")
    }

    /// A reader's read-ahead in items (`sourceReadAhead`) keeps a source of small pages loading page after
    /// page, one at a time, until it holds that many items, and no further; capped at `maxSourceReadAhead`.
    @Test func aSourceKeepsTheReadAheadInItemsOfItsOwn() {
        let items = (0..<1000).map { item("i\($0)", 10_000 - Int64($0)) }
        for (readAhead, buffered) in [(0, 20), (40, 40), (45, 50), (500, MergeOptions.maxSourceReadAhead)] {
            var options = MergeOptions()
            options.sourceReadAhead = readAhead
            var state = merge([items], pageSize: 10, options: options)
            var pages = 0
            while let load = state.loadsToStart().first {
                #expect(state.loadsToStart().isEmpty, "one load at a time per source")
                pages += 1
                state.deliver(arrayLoader([items])(load.source, load.cursor, load.pageSize), to: load.source)
            }
            #expect(pages * 10 == buffered, "read-ahead \(readAhead): \(pages) pages")
            #expect(state.bufferedPageCount(source: 0) == pages)
        }
    }

    @Test(arguments: 0..<30)
    func resumingEqualsReadingOn(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1000)
        let count = Int.random(in: 1...5, using: &rng)
        var sources = (0..<count).map { index in
            sortedItems(prefix: "i", count: Int.random(in: 0...30, using: &rng), spread: 3, rng: &rng)
        }
        if seed % 3 == 0, !sources[0].isEmpty { sources[0].swapAt(0, sources[0].count - 1) }  // some late items
        let pageSize = Int.random(in: 1...6, using: &rng)
        let infos = sources.indices.map { MergeState.SourceInfo(name: "s\($0)", pageSize: pageSize) }
        var whole = MergeState(sources: infos, options: MergeOptions())
        var positions: [MergePosition] = []
        let loader = arrayLoader(sources)
        let full = drain(&whole, afterEach: { positions.append($0.position) }, loader: loader).items
        #expect(full.count == sources.map(\.count).reduce(0, +))
        for (index, position) in positions.enumerated() {
            let token = position.token
            let parsed = try #require(MergePosition(token: token))
            #expect(parsed == position)
            var resumed = MergeState(sources: infos, options: MergeOptions(), resumingAt: parsed)
            let rest = drain(&resumed, loader: loader).items
            #expect(rest == Array(full[(index + 1)...]), "resume after item \(index)")
            if rest != Array(full[(index + 1)...]) { break }
        }
    }

    @Test func tokensRejectGarbage() {
        #expect(MergePosition(token: "") == nil)
        #expect(MergePosition(token: "r1.!!!") == nil)
        #expect(MergePosition(token: "r1." + String(repeating: "A", count: 70_000)) == nil)
        #expect(MergePosition(token: "x1.e30") == nil)
    }
}

@Suite struct MergePositionTokenTests {
    @Test func tokensRoundTripWhateverTheNamesAndCursorsHold() throws {
        let position = MergePosition(
            entries: [
                .init(name: "a \"quoted\" \\ name", cursor: "eyJpZCI6IjEifQ\n\u{1B}", skip: 3, done: false),
                .init(name: "ünïcode 😀", cursor: nil, skip: 0, done: true),
            ], frontier: Timestamp(microseconds: -5))
        #expect(MergePosition(token: position.token) == position)
        let empty = MergePosition(entries: [], frontier: nil)
        #expect(MergePosition(token: empty.token) == empty)
    }

    /// Tokens of the formats before `r3.` are refused, saying which format they are, whatever they hold.
    @Test func earlierFormatsAreRefusedByName() {
        func token(_ json: String) -> String { "r1." + Base64URL.encode(Array(json.utf8)) }
        let earlier = [
            token(#"{"f":7,"s":[{"c":"c1","i":2,"n":"a","x":false}]}"#), token(#"[]"#), "r1.", "r1.!!!",
        ]
        for text in earlier {
            guard case .failure(let problem) = MergePosition.parse(token: text) else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(problem.earlierFormat == "r1", "\(text)")
            #expect(problem.description.contains("r1. format of an earlier riffle"))
        }
        guard case .failure(let problem) = MergePosition.parse(token: "r2.EAIBYQEAAAAJAQEJ") else {
            Issue.record("an r2. token was read")
            return
        }
        #expect(problem.earlierFormat == "r2")
        guard case .failure(let garbage) = MergePosition.parse(token: "x1.e30") else {
            Issue.record("garbage was read")
            return
        }
        #expect(garbage == .notAToken)
    }
}

/// Pages checked where they land (`MergeState.takePageCheck(for:)`, as `MergedFeed` runs the check in the
/// load's task) merge exactly as pages checked in line by `deliver(_:to:)`.
@Suite struct PageCheckTests {
    /// A source whose items come again now and then — the same version, or (`newerVersions`) a newer one
    /// while the older may still be buffered — in newest-first order otherwise. Whether a newer version
    /// replaces the older one depends on whether that was emitted before the page came, so only a driver
    /// delivering pages at the same points sees the same items.
    static func repeatingItems(prefix: String, count: Int, newerVersions: Bool = true, rng: inout SplitMix64) -> [Item]
    {
        var time: Int64 = 1_000_000
        var items: [Item] = []
        for index in 0..<count {
            time -= Int64.random(in: 0...3, using: &rng)
            if index > 3, Int.random(in: 0..<4, using: &rng) == 0 {
                let earlier = items[Int.random(in: max(0, items.count - 8)..<items.count, using: &rng)]
                let again =
                    newerVersions && Bool.random(using: &rng) ? Timestamp(unixSeconds: time + 2) : earlier.time
                items.append(Item(id: earlier.id, time: again, title: "again \(earlier.id)"))
            } else {
                items.append(item("\(prefix)\(index)", time))
            }
        }
        return items
    }

    /// Drives `state` as `drain` does (a page delivered when the merge waits, in the order asked for), with
    /// each page's check handed out when its load starts and run when the page comes.
    static func drainCheckingWhereTheyLand(
        _ state: inout MergeState, loader: (Int, String?, Int) -> Result<Page, SourceError>
    ) -> [MergedItem] {
        var out: [MergedItem] = []
        var inFlight: [(request: MergeState.LoadRequest, check: MergeState.PageCheck)] = []
        while true {
            for request in state.loadsToStart() {
                inFlight.append((request, state.takePageCheck(for: request.source)))
            }
            switch state.next() {
            case .item(let merged): out.append(merged)
            case .finished: return out
            case .waiting:
                guard !inFlight.isEmpty else {
                    Issue.record("merge waits with no load in flight")
                    return out
                }
                let (request, check) = inFlight.removeFirst()
                let result = loader(request.source, request.cursor, request.pageSize)
                state.deliver(check.checking(result), to: request.source)
            }
        }
    }

    static func described(_ items: [MergedItem]) -> [String] {
        items.map { "\($0.sourceIndex):\($0.item.id)@\($0.item.time.microseconds)\($0.isLate ? " late" : "")" }
    }

    @Test(arguments: 0..<30)
    func pagesCheckedWhereTheyLandMergeAsPagesCheckedInLine(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let sources = (0..<Int.random(in: 1...5, using: &rng)).map { index in
            Self.repeatingItems(prefix: "s\(index)-", count: Int.random(in: 0...60, using: &rng), rng: &rng)
        }
        let since =
            Bool.random(using: &rng) ? nil : Timestamp(unixSeconds: 1_000_000 - Int64.random(in: 20...90, using: &rng))
        let options = MergeOptions(since: since)
        let infos = sources.indices.map {
            MergeState.SourceInfo(name: "s\($0)", pageSize: Int.random(in: 1...7, using: &rng))
        }
        let loader = arrayLoader(sources)

        var inLine = MergeState(sources: infos, options: options)
        let expected = drain(&inLine, loader: loader).items
        var handedOut = MergeState(sources: infos, options: options)
        let merged = Self.drainCheckingWhereTheyLand(&handedOut, loader: loader)
        #expect(Self.described(merged) == Self.described(expected))
        #expect(handedOut.statuses == inLine.statuses)
        #expect(handedOut.position == inLine.position)

        // Resumed from a position part of the way through: the same items after it, either way.
        guard !expected.isEmpty else { return }
        var partial = MergeState(sources: infos, options: options)
        _ = drain(&partial, limit: Int.random(in: 1...expected.count, using: &rng), loader: loader)
        let position = partial.position
        var resumedInLine = MergeState(sources: infos, options: options, resumingAt: position)
        let rest = drain(&resumedInLine, loader: loader).items
        var resumedHandedOut = MergeState(sources: infos, options: options, resumingAt: position)
        let restHandedOut = Self.drainCheckingWhereTheyLand(&resumedHandedOut, loader: loader)
        #expect(Self.described(restHandedOut) == Self.described(rest))
        #expect(resumedHandedOut.statuses == resumedInLine.statuses)
    }

    /// The two cases the check's findings leave to the merge, handed out: a repeat across pages is dropped,
    /// and a newer version replaces the older one still buffered.
    @Test func aHandedOutCheckDropsRepeatsAndLetsANewerVersionReplaceABufferedOne() {
        var state = MergeState(
            sources: [.init(name: "s0", pageSize: 3)], options: MergeOptions(prefetchThreshold: 10))
        let first = state.loadsToStart()
        #expect(first.map(\.source) == [0])
        let firstCheck = state.takePageCheck(for: 0)
        state.deliver(
            firstCheck.checking(
                .success(Page(items: [item("a", 10), item("b", 9), item("c", 2)], nextCursor: "2", hasMore: true))),
            to: 0)
        #expect(state.loadsToStart() == [.init(source: 0, cursor: "2", pageSize: 3)])
        let secondCheck = state.takePageCheck(for: 0)
        state.deliver(
            secondCheck.checking(
                .success(Page(items: [item("b", 9), item("c", 8), item("d", 7)], nextCursor: nil, hasMore: false))),
            to: 0)
        var out: [MergedItem] = []
        while case .item(let merged) = state.next() { out.append(merged) }
        #expect(out.map(\.item.id) == ["a", "b", "c", "d"])
        #expect(out.first { $0.item.id == "c" }?.item.time == Timestamp(unixSeconds: 8))
        #expect(state.statuses[0].duplicates == 2)
    }
}
