import RiffleCore
import RiffleTerminal
import Testing

/// The reader's read-ahead counted in items, and a first screen that never waits for it.
@Suite struct ReadAheadTests {
    func items(_ range: Range<Int>) -> [MergedItem] {
        range.map { index in
            MergedItem(
                sourceIndex: 0, sourceName: "s",
                item: Item(
                    id: "\(index)", time: Timestamp(unixSeconds: 1_000_000 - Int64(index)), title: "item \(index)"))
        }
    }

    @Test func countsAPageAsTheScreenButNeverFewerThanTwentyItems() {
        let two = ReadAhead(prefetchPages: 2)
        #expect(two.items(screenLines: 10) == 40)
        #expect(two.items(screenLines: 20) == 40)
        #expect(two.items(screenLines: 1) == 40)
        #expect(two.items(screenLines: 50) == 100)
        #expect(ReadAhead(prefetchPages: 1).items(screenLines: 10) == 20)
        #expect(ReadAhead(prefetchPages: 0).items(screenLines: 10) == 0)
        #expect(ReadAhead(prefetchPages: -3).items(screenLines: 10) == 0)
    }

    /// The demand reaches past the screen by the read-ahead, but the screen is ready with its own items.
    @Test func theFirstScreenIsReadyWithItsOwnItems() {
        var model = ReaderModel(pageSize: 10)
        let ahead = ReadAhead(prefetchPages: 2).items(screenLines: model.pageSize)
        #expect(model.demand(aheadItems: ahead) == 50)
        model.receive(items(0..<9))
        #expect(!model.isPageReady)
        model.receive(items(9..<10))
        #expect(model.isPageReady, "drawn with 10 of the 50 items asked for")
        #expect(model.page.map(\.number) == Array(1...10))
        #expect(model.demand(aheadItems: ahead) == 50)
        #expect(model.demand(aheadItems: 0) == 10, "prefetch 0 asks for the screen alone")
    }

    /// With 10-line screens and `prefetch: 2`, the items decided ahead cover four turns, as they cover two
    /// turns of a 20-line screen: the same reading time. Counted in screens they covered two 10-line turns.
    @Test func tenLineScreensKeepAsManyItemsAheadAsTwentyLineOnes() {
        for lines in [10, 20] {
            var model = ReaderModel(pageSize: lines)
            let ahead = ReadAhead(prefetchPages: 2).items(screenLines: lines)
            model.receive(items(0..<model.demand(aheadItems: ahead)))
            // The merge stalls (no more items arrive): turns still find their items, 40 items' worth.
            var turns = 0
            while model.nextPage() == .moved, model.isPageReady { turns += 1 }
            #expect(turns * lines == 40, "\(lines) lines: \(turns) turns")
        }
        var model = ReaderModel(pageSize: 10)
        model.receive(items(0..<model.demand(aheadItems: 2 * model.pageSize)))
        var turns = 0
        while model.nextPage() == .moved, model.isPageReady { turns += 1 }
        #expect(turns == 2, "two 10-line screens ahead cover two turns")
    }

    /// After each turn the demand moves on by the screen, keeping the read-ahead ahead of it.
    @Test func theDemandFollowsTheScreen() {
        var model = ReaderModel(pageSize: 10)
        let ahead = ReadAhead(prefetchPages: 2).items(screenLines: 10)
        model.receive(items(0..<50))
        #expect(model.demand(aheadItems: ahead) == 50)
        #expect(model.nextPage() == .moved)
        #expect(model.isPageReady)
        #expect(model.demand(aheadItems: ahead) == 60)
        #expect(model.nextPage() == .moved)
        #expect(model.demand(aheadItems: ahead) == 70)
    }
}
