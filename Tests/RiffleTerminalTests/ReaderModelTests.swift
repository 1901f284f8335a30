import RiffleCore
import RiffleTerminal
import Testing

@Suite struct ReaderModelTests {
    func items(_ count: Int, source: Int = 0, name: String = "s", start: Int64 = 1_000_000, title: String = "item")
        -> [MergedItem]
    {
        (0..<count).map { index in
            MergedItem(
                sourceIndex: source, sourceName: name,
                item: Item(
                    id: "\(index)", time: Timestamp(unixSeconds: start - Int64(index)), title: "\(title) \(index)"))
        }
    }

    @Test func pagesForwardBackAndToTheStart() {
        var model = ReaderModel(pageSize: 10)
        #expect(!model.isPageReady)
        #expect(model.demand(aheadItems: 2 * model.pageSize) == 30)
        model.receive(items(25))
        #expect(model.isPageReady)
        #expect(model.page.map(\.number) == Array(1...10))
        #expect(model.pageRange == 1...10)
        #expect(model.nextPage() == .moved)
        #expect(model.page.map(\.number) == Array(11...20))
        #expect(model.demand(aheadItems: 2 * model.pageSize) == 40)
        #expect(model.demand(aheadItems: 0) == 25)
        #expect(model.nextPage() == .moved)
        #expect(!model.isPageReady)  // 21–25 of a feed that has not ended
        model.setFeedFinished(true)
        #expect(model.isPageReady)
        #expect(model.pageRange == 21...25)
        #expect(model.nextPage() == .atEnd)
        #expect(model.previousPage() == .moved)
        #expect(model.pageRange == 11...20)
        model.firstPage()
        #expect(model.pageRange == 1...10)
        #expect(model.previousPage() == .atStart)
    }

    @Test func filterMatchesTitleAuthorTagsAndSourceIgnoringCase() {
        var model = ReaderModel(pageSize: 5)
        var all = items(20)
        all[3].item.title = "The CRASH report"
        all[7].item.author = "crashbot"
        all[9].item.tags = ["Crash"]
        all[12].sourceName = "crash-source"
        model.receive(all)
        model.setFilter("crash")
        #expect(model.page.map(\.number) == [4, 8, 10, 13])
        #expect(!model.isPageReady)  // four matches, page of five, feed still open: search on
        model.setFeedFinished(true)
        #expect(model.isPageReady)
        model.setFilter(nil)
        #expect(model.page.count == 5)
    }

    @Test func filterSearchIsBounded() {
        var model = ReaderModel(pageSize: 5, filterScanLimit: 50)
        model.setFilter("needle")
        #expect(model.demand(aheadItems: 2 * model.pageSize) == 5)
        model.receive(items(50))
        #expect(model.isPageReady)
        #expect(model.filterSearchPaused)
        #expect(model.demand(aheadItems: 2 * model.pageSize) == 50)
        #expect(model.nextPage() == .moved)  // short page: search further, same start
        #expect(model.pageRange == nil)
        #expect(model.demand(aheadItems: 2 * model.pageSize) == 55)
    }

    @Test func refreshedItemsGoToTheTop() {
        var model = ReaderModel(pageSize: 3)
        model.receive(items(6))
        _ = model.nextPage()
        let fresh = items(2, start: 2_000_000, title: "fresh").map { item -> MergedItem in
            var copy = item
            copy.item.id = "new\(item.item.id)"
            return copy
        }
        var updatedItem = items(1)[0]
        updatedItem.item.time = Timestamp(unixSeconds: 1_500_000)
        updatedItem.item.title = "updated"
        let counts = model.insertAtTop(fresh + [updatedItem] + items(1))
        #expect(counts.new == 2)
        #expect(counts.updated == 1)
        #expect(model.pageRange == 1...3)
        #expect(model.page.map(\.item.item.title) == ["fresh 0", "fresh 1", "updated"])
        #expect(model.items.count == 8)
        // The merge later delivers an old version of the updated item: dropped.
        model.receive(items(1))
        #expect(model.items.count == 8)
        #expect(model.newestBySource[0] == Timestamp(unixSeconds: 2_000_000))
    }

    @Test func itemNumbersAreStable() {
        var model = ReaderModel(pageSize: 3)
        model.receive(items(9))
        #expect(model.item(number: 4)?.item.id == "3")
        #expect(model.item(number: 10) == nil)
        #expect(model.item(number: 0) == nil)
    }
}
