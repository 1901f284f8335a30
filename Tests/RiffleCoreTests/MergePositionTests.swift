import RiffleCore
import Testing

// Resume tokens in the `r2.` format: small whatever the number of sources, exact, and no dearer in
// requests than the `r1.` tokens that named every source.

/// Every position of a whole run over `sources`, with the items, and the `r1.` position (an entry for every
/// source, as tokens were before) taken at the same moments: kept when `keepEverySource`, else only sized,
/// after every `sizeEvery`-th item (at 1,000 sources each is about 50 KB to make).
private func run(
    _ sources: [[Item]], pageSize: Int, keepEverySource: Bool = true, sizeEvery: Int = 1
) -> (items: [MergedItem], positions: [MergePosition], everySource: [MergePosition], everySourceSizes: [Int]) {
    let infos = sources.indices.map { MergeState.SourceInfo(name: "s\($0)", pageSize: pageSize) }
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
            if keepEverySource { everySource.append(old) } else { sizes.append(old.token.utf8.count) }
        }, loader: arrayLoader(sources)
    ).items
    return (items, positions, everySource, sizes)
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
    @Test func r2TokensRoundTripEveryPart() throws {
        let full = MergePosition(
            entries: [
                .init(name: "a \"quoted\" \\ name", cursor: "eyJpZCI6IjEifQ\n\u{1B}", skip: 3, done: false),
                .init(name: "ünïcode 😀", cursor: nil, skip: 0, done: true),
                .init(name: "first", cursor: nil, skip: 7, done: false),
            ], frontier: Timestamp(microseconds: -5_000_000),
            anchor: .init(
                time: Timestamp(microseconds: 1_793_490_944_000_001), source: "gitlab", firstPageIndex: 12,
                idHash: 0xdead_beef, isFrontier: false),
            finished: .init(fingerprint: 7, sourceCount: 20, indices: [0, 3, 19]))
        #expect(full.token.hasPrefix("r2."))
        #expect(MergePosition(token: full.token) == full)

        let plain = MergePosition(
            entries: [], frontier: nil,
            anchor: .init(
                time: Timestamp(unixSeconds: 1), source: "s", firstPageIndex: nil, idHash: 9, isFrontier: true))
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
            anchor: .init(time: Timestamp(unixSeconds: 5), source: "a", firstPageIndex: 0, idHash: 1, isFrontier: true),
            finished: set)
        #expect(MergePosition(token: position.token)?.finished == set)
        let size = MergePosition.encode(set).count
        #expect(size <= 4 + 2 + 1 + 2 + (count + 7) / 8, "never more than the bitmap")
        #expect(size <= 4 + 2 + 1 + 2 + 2 * min(indices.count, count - indices.count) + 2, "nor than a list")
    }

    @Test func r2RefusesGarbage() {
        func token(_ bytes: [UInt8]) -> String { "r2." + Base64URL.encode(bytes) }
        let good = MergePosition(
            entries: [.init(name: "x", cursor: "c", skip: 1, done: false)], frontier: nil,
            anchor: .init(time: Timestamp(unixSeconds: 5), source: "a", firstPageIndex: 2, idHash: 3, isFrontier: true),
            finished: .init(fingerprint: 1, sourceCount: 9, indices: [4]))
        let bytes = Base64URL.decode(good.token.dropFirst(3)) ?? []
        #expect(MergePosition(token: token(bytes)) == good)
        for cut in 0..<bytes.count {
            #expect(MergePosition(token: token(Array(bytes[..<cut]))) == nil, "cut at \(cut)")
        }
        #expect(MergePosition(token: token(bytes + [0])) == nil, "trailing bytes")
        #expect(MergePosition(token: token([0x40] + bytes.dropFirst())) == nil, "an unknown flag")
        #expect(MergePosition(token: token([0, 2, 2, 0xff, 0xfe])) == nil, "a name that is not UTF-8")
        // finished: 9 sources, a list naming index 9.
        #expect(MergePosition(token: token([16, 2, 1, 0x61, 1, 0, 0, 0, 9, 1, 1, 9])) == nil, "index out of range")
        #expect(MergePosition(token: "r2.") == nil)
        #expect(MergePosition(token: "r2.!!!") == nil)
        #expect(MergePosition(token: "r3." + good.token.dropFirst(3)) == nil)
        #expect(MergePosition(token: "r2." + String(repeating: "A", count: 70_000)) == nil)
    }

    /// Contract section 3: with 1,000 single-page sources every token is under 200 bytes; the size does
    /// not grow with the number of sources.
    @Test(arguments: [10, 100, 1000])
    func tokensOfSinglePageSourcesStaySmall(count: Int) throws {
        let sources = singlePageSources(count, seed: UInt64(count))
        let whole = run(sources, pageSize: 50, keepEverySource: false, sizeEvery: count / 10)
        let sizes = whole.positions.map { $0.token.utf8.count }
        #expect(sizes.max() ?? 0 < 200, "largest token at \(count) sources: \(sizes.max() ?? 0) bytes")
        #expect(whole.positions.allSatisfy { $0.entries.isEmpty }, "no entry for a source on its first page")
        #expect(median(sizes) * 4 < median(whole.everySourceSizes))
        // Tokens spread over the run resume exactly (the property test below tries many more shapes).
        for index in stride(from: 0, to: whole.items.count, by: max(1, whole.items.count / (count == 1000 ? 3 : 8))) {
            let parsed = try #require(MergePosition(token: whole.positions[index].token))
            #expect(resume(sources, pageSize: 50, at: parsed).items == Array(whole.items[(index + 1)...]))
        }
    }

    /// Resuming after every k-th item of random merges (ties, several pages, unsorted sources) gives exactly
    /// the rest of the stream, with no more loads than the `r1.` token (an entry for every source) took.
    @Test(arguments: 0..<40)
    func resumingIsExactAndNoDearer(seed: Int) throws {
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
