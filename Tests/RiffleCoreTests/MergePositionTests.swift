import RiffleBytes
import RiffleCore
import RiffleTestSupport
import Testing

// Resume tokens: small whatever the number of sources, exact, and no dearer in requests than a position
// that names every source (the first format's way, kept here as the baseline).

/// Every position of a whole run over `sources`, with the items, and the position that names every source
/// (an entry for each, as the first format's tokens did) taken at the same moments: kept when `keepEverySource`, else only sized,
/// after every `sizeEvery`-th item (at 1,000 sources each is about 50 KB to make).
private func run(
    _ sources: [[Item]], pageSize: Int, keepEverySource: Bool = true, sizeEvery: Int = 1, names: [String]? = nil
) -> (items: [MergedItem], positions: [MergePosition], everySource: [MergePosition], everySourceSizes: [Int]) {
    let infos = (names ?? sources.indices.map { "s\($0)" }).map { MergeState.SourceInfo(name: $0, pageSize: pageSize) }
    var state = MergeState(sources: infos)
    var positions: [MergePosition] = []
    var everySource: [MergePosition] = []
    var sizes: [Int] = []
    let items = drain(
        &state,
        afterEach: { state in
            positions.append(state.position)
            guard keepEverySource || positions.count % sizeEvery == 1 || sizeEvery == 1 else { return }
            let old = MergePosition(
                entries: state.statuses.indices.map(state.entry(for:)), frontier: state.frontier)
            if keepEverySource { everySource.append(old) } else { sizes.append(firstFormatLength(of: old)) }
        }, loader: arrayLoader(sources)
    ).items
    return (items, positions, everySource, sizes)
}

/// The length of the token the first format (`r1.`, JSON naming every source) wrote for `position`: the
/// baseline the sizes of today's tokens are held against.
private func firstFormatLength(of position: MergePosition) -> Int {
    var json = "{"
    if let frontier = position.frontier { json += #""f":\#(frontier.microseconds),"# }
    json += #""s":["#
    json += position.entries.map { entry in
        var member = "{"
        if let cursor = entry.cursor { member += #""c":\#(JSONValue.string(cursor).jsonText),"# }
        member += #""i":\#(entry.skip ?? 0),"n":\#(JSONValue.string(entry.name).jsonText),"x":\#(entry.done)}"#
        return member
    }.joined(separator: ",")
    json += "]}"
    return "r1.".utf8.count + Base64URL.encode(Array(json.utf8)).utf8.count
}

/// The rest of the stream from `position`, and the loads it took.
private func resume(
    _ sources: [[Item]], pageSize: Int, at position: MergePosition, names: [String]? = nil
) -> (items: [MergedItem], loads: Int) {
    let infos = (names ?? sources.indices.map { "s\($0)" }).map { MergeState.SourceInfo(name: $0, pageSize: pageSize) }
    var state = MergeState(sources: infos, resumingAt: position)
    return drain(&state, loader: arrayLoader(sources))
}

/// `count` sources of 1 to 5 items each, with times interleaved across sources.
private func singlePageSources(_ count: Int, seed: UInt64) -> [[Item]] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { source in
        sortedItems(prefix: "s\(source)-", count: Int.random(in: 1...5, using: &rng), spread: 400, rng: &rng)
    }
}

private func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }

@Suite struct MergePositionTests {
    /// Positions whose every entry has its count (as the second format wrote them) round-trip.
    @Test func positionsWithEveryCountRoundTrip() throws {
        let full = MergePosition(
            entries: [
                .init(name: "a \"quoted\" \\ name", cursor: "eyJpZCI6IjEifQ\n\u{1B}", skip: 3, done: false),
                .init(name: "ünïcode 😀", cursor: nil, skip: 0, done: true),
                .init(name: "first", cursor: nil, skip: 7, done: false),
            ], frontier: Timestamp(microseconds: -5_000_000),
            anchor: .init(
                time: Timestamp(microseconds: 1_793_490_944_000_001), source: .name("gitlab"), firstPageIndex: 12,
                idHash: 0xdead_beef, isFrontier: false),
            finished: .init(fingerprint: 7, sourceCount: 20, indices: [0, 3, 19]))
        #expect(full.token.hasPrefix("r3."))
        #expect(MergePosition(token: full.token) == full)

        let plain = MergePosition(
            entries: [], frontier: nil,
            anchor: .init(
                time: Timestamp(unixSeconds: 1), source: .name("s"), firstPageIndex: nil, idHash: 9, isFrontier: true))
        #expect(plain.frontier == Timestamp(unixSeconds: 1), "the anchor is the frontier")
        #expect(plain.anchor?.idHash == 0, "no id hash without an index")
        #expect(MergePosition(token: plain.token) == plain)
    }

    /// The bitmap, the list and the list of the others each round-trip, and the smallest is chosen.
    @Test(arguments: [
        (1000, Array(0..<1000)), (1000, [5, 999]), (1000, Array(0..<1000).filter { $0 != 500 }), (64, [1, 2, 3, 60]),
        (16, Array(stride(from: 0, to: 16, by: 2))), (3, []),
    ])
    func finishedSetsRoundTripInTheirSmallestForm(count: Int, indices: [Int]) throws {
        let set = MergePosition.FinishedSources(fingerprint: 1, sourceCount: count, indices: indices)
        let position = MergePosition(
            entries: [], frontier: nil,
            anchor: .init(
                time: Timestamp(unixSeconds: 5), source: .name("a"), firstPageIndex: 0, idHash: 1, isFrontier: true),
            finished: set)
        #expect(MergePosition(token: position.token)?.finished == set)
        let size = MergePosition.r3Encode(set).count
        #expect(size <= 4 + 2 + 1 + 2 + (count + 7) / 8, "never more than the bitmap")
        #expect(size <= 4 + 2 + 1 + 2 + 2 * min(indices.count, count - indices.count) + 2, "nor than a list")
    }

    /// Contract section 3: with 1,000 single-page sources every token is under 200 bytes; the size does
    /// not grow with the number of sources.
    @Test(arguments: [10, 100, 1000])
    func tokensOfSinglePageSourcesStaySmall(count: Int) async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            let sources = singlePageSources(count, seed: UInt64(count))
            let whole = run(sources, pageSize: 50, keepEverySource: false, sizeEvery: count / 10)
            let sizes = whole.positions.map { $0.token.utf8.count }
            #expect(sizes.max() ?? 0 < 200, "largest token at \(count) sources: \(sizes.max() ?? 0) bytes")
            #expect(whole.positions.allSatisfy { $0.entries.isEmpty }, "no entry for a source on its first page")
            #expect(median(sizes) * 4 < median(whole.everySourceSizes))
            // Tokens spread over the run resume exactly (the property test below tries many more shapes).
            for index in stride(from: 0, to: whole.items.count, by: max(1, whole.items.count / (count == 1000 ? 3 : 8)))
            {
                let parsed = try #require(MergePosition(token: whole.positions[index].token))
                #expect(resume(sources, pageSize: 50, at: parsed).items == Array(whole.items[(index + 1)...]))
            }
        }
    }

    /// Resuming after every k-th item of random merges (ties, several pages, unsorted sources) gives exactly
    /// the rest of the stream, with no more loads than the `r1.` token (an entry for every source) took.
    @Test(arguments: 0..<40)
    func resumingIsExactAndNoDearer(seed: Int) async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            var rng = SplitMix64(seed: UInt64(seed) &+ 7_000)
            let count = Int.random(in: 1...8, using: &rng)
            var sources = (0..<count).map { index in
                sortedItems(
                    prefix: "i\(index)-", count: Int.random(in: 0...30, using: &rng),
                    spread: Int64.random(in: 0...3, using: &rng), rng: &rng)
            }
            // Some sources out of order: late items, and items of equal time out of source order.
            for index in sources.indices where !sources[index].isEmpty && Int.random(in: 0..<3, using: &rng) == 0 {
                let from = Int.random(in: 0..<sources[index].count, using: &rng)
                let to = Int.random(in: 0..<sources[index].count, using: &rng)
                sources[index].swapAt(from, to)
            }
            let pageSize = Int.random(in: 1...12, using: &rng)
            let whole = run(sources, pageSize: pageSize)
            #expect(whole.items.count == sources.map(\.count).reduce(0, +))
            let step = Int.random(in: 1...4, using: &rng)
            for index in stride(from: 0, to: whole.items.count, by: step) {
                let position = whole.positions[index]
                let parsed = try #require(MergePosition(token: position.token))
                #expect(parsed == position)
                let rest = resume(sources, pageSize: pageSize, at: parsed)
                #expect(rest.items == Array(whole.items[(index + 1)...]), "resume after item \(index)")
                let before = resume(sources, pageSize: pageSize, at: whole.everySource[index])
                #expect(before.items == rest.items, "the r1 token gives the same")
                #expect(rest.loads <= before.loads, "after item \(index): \(rest.loads) loads, r1 took \(before.loads)")
                if rest.items != Array(whole.items[(index + 1)...]) { break }
            }
        }
    }

    /// With duplicates on a page (offset paging over changing data) the new tokens resume as the old ones did.
    @Test(arguments: 0..<20)
    func duplicatesResumeAsBefore(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &+ 9_000)
        let sources = (0..<Int.random(in: 2...4, using: &rng)).map { index in
            var items = sortedItems(prefix: "d\(index)-", count: 12, spread: 2, rng: &rng)
            let from = Int.random(in: 0..<6, using: &rng)
            items.insert(items[from], at: Int.random(in: from + 1...items.count, using: &rng))
            return items
        }
        let pageSize = Int.random(in: 3...15, using: &rng)
        let whole = run(sources, pageSize: pageSize)
        for index in whole.items.indices {
            let parsed = try #require(MergePosition(token: whole.positions[index].token))
            let rest = resume(sources, pageSize: pageSize, at: parsed)
            #expect(rest.items == resume(sources, pageSize: pageSize, at: whole.everySource[index]).items)
        }
    }

    @Test func aSourceThatEndedWithinItsFirstPageIsNotFetchedAgain() throws {
        let sources = [
            [item("a", 100), item("b", 10)], [item("c", 90)], [item("d", 80), item("e", 5)], [item("f", 70)],
        ]
        let whole = run(sources, pageSize: 10)
        let index = try #require(whole.items.firstIndex { $0.item.id == "f" })
        let position = whole.positions[index]
        #expect(position.finished?.indices == [1, 3])
        let rest = resume(sources, pageSize: 10, at: try #require(MergePosition(token: position.token)))
        #expect(rest.items.map(\.item.id) == ["b", "e"])
        #expect(rest.loads == 2, "sources 1 and 3 ended on their first page: not fetched")

        // Another list of sources: the set does not apply, every source is fetched, the items are right.
        let renamed = ["s0", "other", "s2", "s3"]
        let elsewhere = resume(sources, pageSize: 10, at: position, names: renamed)
        #expect(elsewhere.items.map(\.item.id) == ["b", "e"])
        #expect(elsewhere.loads == 4)
    }

    /// Sources added, removed or renamed since the token was made: each shows its items that sort after it.
    @Test func sourcesAddedOrRemovedSinceResumeByTime() throws {
        let sources = [
            [item("a1", 100), item("a2", 60), item("a3", 20)], [item("b1", 90), item("b2", 50)],
        ]
        let whole = run(sources, pageSize: 2)
        let index = try #require(whole.items.firstIndex { $0.item.id == "a2" })
        let position = try #require(MergePosition(token: whole.positions[index].token))

        let added = sources + [[item("c1", 95), item("c2", 60), item("c3", 40)]]
        let withNew = resume(added, pageSize: 2, at: position, names: ["s0", "s1", "s2"])
        #expect(withNew.items.map(\.item.id) == ["c2", "b2", "c3", "a3"], "c2 ties with a2 and comes after it")

        let withoutB = resume([sources[0]], pageSize: 2, at: position, names: ["s0"])
        #expect(withoutB.items.map(\.item.id) == ["a3"])

        // The anchor's own source renamed: its place among sources of equal time is unknown, so items of
        // exactly the anchor's time are shown again rather than lost.
        let renamedA = resume(sources, pageSize: 2, at: position, names: ["a", "s1"])
        #expect(renamedA.items.map(\.item.id) == ["a2", "b2", "a3"])
    }

    /// New items at the top of single-page sources since the token was made: the rest is unchanged.
    @Test func newItemsAtTheTopDoNotShiftTheRest() throws {
        let sources = singlePageSources(6, seed: 3)
        let whole = run(sources, pageSize: 10)
        let grown = sources.enumerated().map { index, items in
            [item("new\(index)", 2_000_000)] + items
        }
        for index in whole.items.indices {
            let parsed = try #require(MergePosition(token: whole.positions[index].token))
            #expect(resume(grown, pageSize: 10, at: parsed).items == Array(whole.items[(index + 1)...]))
        }
    }
}

// The `r3.` layout, and the tokens the export writes (`ResumeTokenEncoder`, the tail kept encoded).

/// Drives a merge with pages arriving in random order, some before they are needed, and takes the export's
/// token after every item, checking it against `position.token`.
private func tokensOfRun(
    _ state: inout MergeState, _ sources: [[Item]], rng: inout SplitMix64
) -> (items: [MergedItem], tokens: [String]) {
    let loader = arrayLoader(sources)
    var pending: [MergeState.LoadRequest] = []
    var items: [MergedItem] = []
    var tokens: [String] = []
    var encoder = ResumeTokenEncoder(for: state)
    while true {
        pending += state.loadsToStart()
        while !pending.isEmpty, Int.random(in: 0..<3, using: &rng) == 0 {
            let request = pending.remove(at: Int.random(in: 0..<pending.count, using: &rng))
            state.deliver(loader(request.source, request.cursor, request.pageSize), to: request.source)
        }
        switch state.next() {
        case .item(let merged):
            items.append(merged)
            // The bytes the export appends (`writeToken`), made first: the same text as `token()` after them.
            let buffer = ByteBuffer(capacity: 64)
            buffer.append([0x2C])
            encoder.writeToken(for: &state, into: buffer)
            let written = buffer.bytes
            let token = encoder.token(for: &state)
            #expect(token == state.position.token, "after item \(items.count - 1)")
            #expect(written == [0x2C] + Array(token.utf8), "writeToken after item \(items.count - 1)")
            tokens.append(token)
        case .finished:
            return (items, tokens)
        case .waiting:
            guard !pending.isEmpty else {
                Issue.record("merge waits with no load in flight")
                return (items, tokens)
            }
            let request = pending.remove(at: Int.random(in: 0..<pending.count, using: &rng))
            state.deliver(loader(request.source, request.cursor, request.pageSize), to: request.source)
        }
    }
}

/// Random sources of several pages, some with ties, one with a late item for some seeds.
private func pagedSources(seed: Int, rng: inout SplitMix64) -> [[Item]] {
    let count = Int.random(in: 2...30, using: &rng)
    var sources = (0..<count).map { index in
        sortedItems(
            prefix: "t\(index)-", count: Int.random(in: 0...25, using: &rng),
            spread: Int64.random(in: 0...20, using: &rng), rng: &rng)
    }
    if seed % 4 == 0, let index = sources.indices.first(where: { sources[$0].count > 3 }) {
        sources[index].swapAt(0, sources[index].count - 1)
    }
    return sources
}

extension MergePositionTests {
    /// Every part round-trips: times in s, ms and µs (before 2020 and at the extremes too), entries with and
    /// without their count, the anchor's entry count, and a tail long enough to be encoded apart.
    @Test(arguments: [
        1_793_490_944_000_000, 1_793_490_944_123_000, 1_793_490_944_000_001, -5_000_001, 0, Int64.max, Int64.min,
    ])
    func r3TokensRoundTripEveryPart(microseconds: Int64) throws {
        let entries: [MergePosition.Entry] = [
            .init(name: "a \"quoted\" \\ name", cursor: "eyJpZCI6IjEifQ\n\u{1B}", skip: 3, done: false),
            .init(name: "ünïcode 😀", cursor: nil, skip: nil, done: true),
            .init(name: "by the anchor", cursor: "c", skip: nil, done: false),
        ]
        let many = (0..<40).map {
            MergePosition.Entry(name: "source-\($0)", cursor: "cursor-\($0)", skip: nil, done: false)
        }
        for list in [entries, entries + many] {
            let full = MergePosition(
                entries: list, frontier: Timestamp(microseconds: -5_000_000),
                anchor: .init(
                    time: Timestamp(microseconds: microseconds), source: .name("gitlab"), firstPageIndex: 12,
                    idHash: 0xdead_beef, isFrontier: false, entrySkip: 4),
                finished: .init(fingerprint: 7, sourceCount: 20, indices: [0, 3, 19]))
            #expect(full.token.hasPrefix("r3."))
            #expect(MergePosition(token: full.token) == full)
        }
        let plain = MergePosition(
            entries: [], frontier: nil,
            anchor: .init(
                time: Timestamp(microseconds: microseconds), source: .name("s"), firstPageIndex: nil, idHash: 9,
                isFrontier: true))
        #expect(MergePosition(token: plain.token) == plain)
    }

    @Test func r3RefusesGarbage() {
        func token(_ bytes: [UInt8]) -> String { "r3." + Base64URL.encode(bytes) }
        let good = MergePosition(
            entries: [.init(name: "x", cursor: "c", skip: nil, done: false)], frontier: nil,
            anchor: .init(
                time: Timestamp(unixSeconds: 1_800_000_000), source: .name("a"), firstPageIndex: 2, idHash: 3,
                isFrontier: true, entrySkip: 1))
        let bytes = Base64URL.decode(good.token.dropFirst(3)) ?? []
        #expect(MergePosition(token: token(bytes)) == good)
        for cut in 0..<bytes.count {
            #expect(MergePosition(token: token(Array(bytes[..<cut]))) == nil, "cut at \(cut)")
        }
        #expect(MergePosition(token: token(bytes + [0])) == nil, "trailing bytes")
        // flags: seconds and milliseconds at once; time 0, source "a".
        #expect(MergePosition(token: token([96, 0, 1, 0x61])) == nil, "two time units")
        #expect(MergePosition(token: token([0, 0xd0, 0x0f, 1, 0x61])) == nil, "µs that are whole ms")
        #expect(MergePosition(token: token([64, 0, 2, 0xff, 0xfe])) == nil, "a name that is not UTF-8")
        #expect(MergePosition(token: token([72, 0, 1, 0x61, 1, 8, 1, 0x62])) == nil, "an unknown entry flag")
        // finished: a bitmap of 1 source (7 bits unused) naming index 1.
        #expect(MergePosition(token: token([80, 0, 1, 0x61, 1, 0, 0, 0, 28, 2])) == nil, "index out of range")
        #expect(MergePosition(token: token([80, 0, 1, 0x61, 1, 0, 0, 0, 28, 1])) != nil, "the same, in range")
        #expect(MergePosition(token: "r3.") == nil)
        #expect(MergePosition(token: "r3." + String(repeating: "A", count: 70_000)) == nil)
    }

    /// Contract section 3 whatever the sources' names: with 1,000 single-page sources named at
    /// 40–60 bytes every token is still under 200 bytes (one that the anchor's name would take past that
    /// names it by index, keeping the list of ended sources), the export's tokens are the positions'
    /// tokens, and tokens spread over the run resume exactly at no more requests than the `r1.` token
    /// (an entry for every source) at the same item.
    @Test func singlePageTokensStayUnder200BytesWithLongNames() async throws {
        let names = longNames(1000, seed: 4242)
        #expect(names.allSatisfy { (40...60).contains($0.utf8.count) } && Set(names).count == 1000)
        // Seconds of synchronous work: on a thread of its own, so that it starves no other test's async work.
        let outcome = try await offThePool { try Self.longNamesRun(names: names) }
        #expect(outcome.largest < 200, "largest token: \(outcome.largest) bytes")
        #expect(outcome.sameTokens, "the export's tokens are the positions' tokens")
        for resumed in outcome.resumed {
            #expect(resumed.exact, "resume after item \(resumed.index)")
            #expect(
                resumed.loads <= resumed.r1Loads,
                "after item \(resumed.index): \(resumed.loads) loads, r1 took \(resumed.r1Loads)")
        }
        #expect(outcome.resumed.count == 4)
        #expect(outcome.resumed.contains { $0.byIndex }, "some of these tokens name their anchor's source by index")
    }

    /// Work off the pool that could not go on (a token that did not parse).
    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A resume checked off the pool: whether it gave exactly the rest, and its loads beside `r1.`'s.
    struct CheckedResume: Sendable {
        var index: Int
        var exact: Bool
        var loads: Int
        var r1Loads: Int
        var byIndex = false
    }

    /// The work of `singlePageTokensStayUnder200BytesWithLongNames`, without assertions (it runs off the pool).
    static func longNamesRun(names: [String]) throws -> (largest: Int, sameTokens: Bool, resumed: [CheckedResume]) {
        let sources = singlePageSources(1000, seed: 4242)
        let whole = run(sources, pageSize: 50, keepEverySource: false, sizeEvery: 100, names: names)
        let largest = whole.positions.map { $0.token.utf8.count }.max() ?? 0
        let resumedAfter = Set(stride(from: 7, to: whole.items.count, by: whole.items.count / 4))
        var state = MergeState(sources: names.map { MergeState.SourceInfo(name: $0, pageSize: 50) })
        var tokens: [String] = []
        var encoder = ResumeTokenEncoder(for: state)
        var r1: [Int: MergePosition] = [:]
        _ = drain(
            &state,
            afterEach: { state in
                if resumedAfter.contains(tokens.count) {
                    r1[tokens.count] = MergePosition(
                        entries: state.statuses.indices.map(state.entry(for:)), frontier: state.frontier)
                }
                var copy = state
                tokens.append(encoder.token(for: &copy))
            }, loader: arrayLoader(sources))
        var resumed: [CheckedResume] = []
        for index in resumedAfter.sorted() {
            guard let parsed = MergePosition(token: whole.positions[index].token), let old = r1[index] else {
                throw CheckFailure("no token or r1 position after item \(index)")
            }
            let rest = resume(sources, pageSize: 50, at: parsed, names: names)
            let before = resume(sources, pageSize: 50, at: old, names: names)
            var byIndex = false
            if case .index = parsed.anchor?.source { byIndex = true }
            resumed.append(
                CheckedResume(
                    index: index, exact: rest.items == Array(whole.items[(index + 1)...]), loads: rest.loads,
                    r1Loads: before.loads, byIndex: byIndex))
        }
        return (largest, tokens == whole.positions.map(\.token), resumed)
    }

    /// Contract section 3 at 1,000 single-page sources: resuming costs no more requests than
    /// the `r1.` token (an entry for every source) at the same item.
    @Test func singlePageTokensAtAThousandSourcesCostNoMoreRequestsThanR1() async throws {
        // Seconds of synchronous work: on a thread of its own, so that it starves no other test's async work.
        let outcome = try await offThePool { Self.thousandSourcesRun() }
        #expect(outcome.largest < 200, "largest token: \(outcome.largest) bytes")
        #expect(outcome.unparsable.isEmpty, "unparsable: \(outcome.unparsable)")
        for resumed in outcome.resumed {
            #expect(resumed.exact, "resume after item \(resumed.index)")
            #expect(
                resumed.loads <= resumed.r1Loads,
                "after item \(resumed.index): \(resumed.loads) loads, r1 took \(resumed.r1Loads)")
        }
        #expect(outcome.resumed.count >= 5)
    }

    /// The work of `singlePageTokensAtAThousandSourcesCostNoMoreRequestsThanR1`, without assertions.
    static func thousandSourcesRun() -> (largest: Int, unparsable: [String], resumed: [CheckedResume]) {
        let sources = singlePageSources(1000, seed: 1000)
        let infos = sources.indices.map { MergeState.SourceInfo(name: "s\($0)", pageSize: 50) }
        var plain = MergeState(sources: infos)
        let whole = drain(&plain, loader: arrayLoader(sources))
        var state = MergeState(sources: infos)
        var largest = 0
        var unparsable: [String] = []
        var resumed: [CheckedResume] = []
        var emitted = 0
        _ = drain(
            &state,
            afterEach: { state in
                let index = emitted
                emitted += 1
                guard index % 600 == 150 else { return }
                let r1 = MergePosition(entries: state.statuses.indices.map(state.entry(for:)), frontier: state.frontier)
                let token = state.position.token
                largest = max(largest, token.utf8.count)
                guard let parsed = MergePosition(token: token) else {
                    unparsable.append(token)
                    return
                }
                let now = resume(sources, pageSize: 50, at: parsed)
                let before = resume(sources, pageSize: 50, at: r1)
                resumed.append(
                    CheckedResume(
                        index: index, exact: now.items == Array(whole.items[(index + 1)...]), loads: now.loads,
                        r1Loads: before.loads))
            }, loader: arrayLoader(sources))
        return (largest, unparsable, resumed)
    }

    /// The token the export writes after each item is `position.token`, whichever order pages arrive in,
    /// and resumes exactly — also a token taken from a run resumed from any position.
    @Test(arguments: 0..<8)
    func theExportsTokensArePositionTokensAndResumeExactly(seed: Int) async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            var rng = SplitMix64(seed: UInt64(seed) &+ 11_000)
            let sources = pagedSources(seed: seed, rng: &rng)
            let pageSize = Int.random(in: 2...6, using: &rng)
            let infos = sources.indices.map {
                MergeState.SourceInfo(name: "a-longer-source-name-\($0)", pageSize: pageSize)
            }
            var state = MergeState(sources: infos)
            let whole = tokensOfRun(&state, sources, rng: &rng)
            #expect(whole.items.count == sources.map(\.count).reduce(0, +))
            // Pages landing in another order give the same tokens: a token does not depend on prefetch timing.
            var other = MergeState(sources: infos)
            #expect(tokensOfRun(&other, sources, rng: &rng).tokens == whole.tokens)
            let loader = arrayLoader(sources)
            for index in stride(from: seed % 5, to: whole.items.count, by: 9) {
                let parsed = try #require(MergePosition(token: whole.tokens[index]))
                var resumed = MergeState(sources: infos, resumingAt: parsed)
                let rest = tokensOfRun(&resumed, sources, rng: &rng)
                #expect(rest.items == Array(whole.items[(index + 1)...]), "resume after item \(index)")
                // And again from a token of the resumed run.
                guard rest.items.count > 2 else { continue }
                let again = try #require(MergePosition(token: rest.tokens[rest.items.count / 2]))
                var second = MergeState(sources: infos, resumingAt: again)
                #expect(drain(&second, loader: loader).items == Array(rest.items[(rest.items.count / 2 + 1)...]))
            }
        }
    }

    /// Tokens of the positions the earlier formats held — every entry with its count (`r2`), and an entry
    /// for every source without an anchor (`r1`) — resume exactly, and so do the tokens of a run resumed
    /// from them.
    @Test(arguments: 0..<8)
    func positionsOfEveryShapeResumeExactly(seed: Int) async throws {
        // Seconds of synchronous work: on a thread of its own, so the pool stays free for other tests.
        try await offThePoolInTask {
            var rng = SplitMix64(seed: UInt64(seed) &+ 13_000)
            let sources = pagedSources(seed: seed, rng: &rng)
            let pageSize = Int.random(in: 2...6, using: &rng)
            let whole = run(sources, pageSize: pageSize)
            let infos = sources.indices.map { MergeState.SourceInfo(name: "s\($0)", pageSize: pageSize) }
            for index in stride(from: seed % 5, to: whole.items.count, by: 9) {
                let r1 = whole.everySource[index]
                let counts = Dictionary(r1.entries.map { ($0.name, $0.skip) }, uniquingKeysWith: { first, _ in first })
                var r2 = whole.positions[index]
                r2.entries = r2.entries.map { entry in
                    var entry = entry
                    if !entry.done, entry.skip == nil { entry.skip = counts[entry.name] ?? nil }
                    return entry
                }
                r2.anchor?.entrySkip = nil
                for token in [r2.token, r1.token] {
                    let parsed = try #require(MergePosition(token: token))
                    var resumed = MergeState(sources: infos, resumingAt: parsed)
                    let rest = tokensOfRun(&resumed, sources, rng: &rng)
                    #expect(
                        rest.items == Array(whole.items[(index + 1)...]), "resume \(token.prefix(3)) after \(index)")
                    guard rest.items.count > 2 else { continue }
                    let again = try #require(MergePosition(token: rest.tokens[rest.items.count / 2]))
                    let tail = resume(sources, pageSize: pageSize, at: again)
                    #expect(tail.items == Array(rest.items[(rest.items.count / 2 + 1)...]))
                }
            }
        }
    }
}

// Tokens that name their anchor's source by index (long source names), and tokens written before that form.

/// `count` different source names of 40 to 60 bytes each.
private func longNames(_ count: Int, seed: UInt64) -> [String] {
    var rng = SplitMix64(seed: seed)
    return (0..<count).map { index in
        let base = "group/subgroup/project-\(index)-"
        return base + String(repeating: "n", count: Int.random(in: 40...60, using: &rng) - base.utf8.count)
    }
}

/// Four sources whose second and fourth end at the tie at 70 (`h` then `f`, by source order).
private let fourSources = [
    [item("a", 100), item("b", 10)], [item("c", 90), item("h", 70)], [item("d", 80), item("e", 5)], [item("f", 70)],
]

extension MergePositionTests {
    /// A token that names its anchor's source by index holds only with the list of sources it was made
    /// with (the README's rule): with another list, `finished` does not apply and the anchor's source is
    /// unknown, so every source is asked again and the items of exactly the anchor's time are shown again
    /// (none is lost), as for a token whose anchor's source was renamed. A token that fits with the name
    /// stays exact with another list.
    @Test func anIndexNamedAnchorNeedsTheSameListOfSources() throws {
        let long = (0..<4).map { "team-\($0)/" + String(repeating: "a-source-named-at-length/", count: 7) }
        let whole = run(fourSources, pageSize: 10, names: long)
        #expect(whole.items.map(\.item.id) == ["a", "c", "d", "h", "f", "b", "e"])
        let token = whole.positions[4].token
        #expect(token.utf8.count < 200, "\(token.utf8.count) bytes")
        let position = try #require(MergePosition(token: token))
        #expect(position.anchor?.source == .index(3))
        #expect(position.finished?.indices == [1, 3])

        // Before any source ended: an empty `finished` carries the fingerprint of the names beside the index.
        let early = try #require(MergePosition(token: whole.positions[0].token))
        #expect(whole.positions[0].token.utf8.count < 200, "\(whole.positions[0].token.utf8.count) bytes")
        #expect(early.anchor?.source == .index(0) && early.finished?.indices == [])
        #expect(resume(fourSources, pageSize: 10, at: early, names: long).items == Array(whole.items[1...]))

        let same = resume(fourSources, pageSize: 10, at: position, names: long)
        #expect(same.items.map(\.item.id) == ["b", "e"])
        #expect(same.loads == 2, "the ended sources are not asked again")

        var renamed = long
        renamed[1] = "renamed"
        let elsewhere = resume(fourSources, pageSize: 10, at: position, names: renamed)
        #expect(elsewhere.items.map(\.item.id) == ["h", "f", "b", "e"])
        #expect(elsewhere.loads == 4)

        // Short names: the name fits, the token holds with another list.
        let short = run(fourSources, pageSize: 10)
        let named = try #require(MergePosition(token: short.positions[4].token))
        #expect(named.anchor?.source == .name("s3"))
        let moved = resume(fourSources, pageSize: 10, at: named, names: ["s0", "renamed", "s2", "s3"])
        #expect(moved.items.map(\.item.id) == ["b", "e"])
        #expect(moved.loads == 4)
    }

    /// `r3.` tokens as main wrote them before the index form (2026-11-26, after item `f` of these sources)
    /// read and resume as they did: one with the anchor's name and `finished`, and one with a long name that
    /// left `finished` out and so asks the ended sources' first pages again. The same data now gives the
    /// second one `finished` and the index.
    @Test func r3TokensWrittenBeforeTheIndexFormResumeAsBefore() throws {
        let sources = [
            [item("a", 100), item("b", 10)], [item("c", 90)], [item("d", 80), item("e", 5)], [item("f", 70)],
        ]
        let withFinished = try #require(MergePosition(token: "r3.UvOC3-ALAnMz3p91ihAK"))
        #expect(withFinished.anchor?.source == .name("s3"))
        #expect(withFinished.finished?.indices == [1, 3])
        let rest = resume(sources, pageSize: 10, at: withFinished)
        #expect(rest.items.map(\.item.id) == ["b", "e"])
        #expect(rest.loads == 2)

        let long = String(repeating: "a-source-named-at-great-length/", count: 6)
        let names = ["s0", "s1", "s2", long]
        let withoutFinished = try #require(
            MergePosition(
                token: "r3.Q_OC3-ALugFhLXNvdXJjZS1uYW1lZC1hdC1ncmVhdC1sZW5ndGgvYS1zb3VyY2UtbmFtZWQtYXQtZ3JlYXQtbGVuZ3"
                    + "RoL2Etc291cmNlLW5hbWVkLWF0LWdyZWF0LWxlbmd0aC9hLXNvdXJjZS1uYW1lZC1hdC1ncmVhdC1sZW5ndGgvYS1zb3VyY2"
                    + "UtbmFtZWQtYXQtZ3JlYXQtbGVuZ3RoL2Etc291cmNlLW5hbWVkLWF0LWdyZWF0LWxlbmd0aC8AlTFiKQ"))
        #expect(withoutFinished.anchor?.source == .name(long))
        #expect(withoutFinished.finished == nil)
        let restLong = resume(sources, pageSize: 10, at: withoutFinished, names: names)
        #expect(restLong.items.map(\.item.id) == ["b", "e"])
        #expect(restLong.loads == 4, "as before: the first pages of the ended sources again")

        let now = run(sources, pageSize: 10, names: names)
        let token = try #require(MergePosition(token: now.positions[3].token))
        #expect(token.anchor?.source == .index(3) && token.finished?.indices == [1, 3])
        #expect(resume(sources, pageSize: 10, at: token, names: names).loads == 2)
    }

    /// The index form round-trips, is refused without `finished` or with an index outside its list, and
    /// keeps a token of 1,000 sources under 200 bytes whatever the names.
    @Test func r3IndexNamedAnchorsRoundTripAndAreChecked() {
        let finished = MergePosition.FinishedSources(
            fingerprint: 7, sourceCount: 1000, indices: Array(stride(from: 0, to: 1000, by: 3)))
        let position = MergePosition(
            entries: [], frontier: nil,
            anchor: .init(
                time: Timestamp(microseconds: 1_800_000_000_123_457), source: .index(999), firstPageIndex: 99,
                idHash: 5, isFrontier: true),
            finished: finished)
        #expect(MergePosition(token: position.token) == position)
        #expect(position.token.utf8.count < 200, "\(position.token.utf8.count) bytes")
        func token(_ bytes: [UInt8]) -> String { "r3." + Base64URL.encode(bytes) }
        // flags: index, finished and seconds (336); time 0; index 0; finished: a bitmap of 1 source naming 0.
        #expect(MergePosition(token: token([0xd0, 2, 0, 0, 1, 0, 0, 0, 28, 1]))?.anchor?.source == .index(0))
        #expect(MergePosition(token: token([0xd0, 2, 0, 1, 1, 0, 0, 0, 28, 1])) == nil, "index out of the list")
        #expect(MergePosition(token: token([0xc0, 2, 0, 0])) == nil, "an index without finished")
    }
}
