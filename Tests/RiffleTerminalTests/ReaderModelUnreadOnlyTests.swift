import RiffleCore
import Testing

@testable import RiffleTerminal

/// `u`: the view of unread items only — those unread when it is turned on and those learned unread
/// later; an item read while it is on stays, so the page keeps its shape; `A` and `m N` empty it.
@Suite struct ReaderModelUnreadOnlyTests {
    func items(_ range: Range<Int>, source: Int = 0) -> [MergedItem] {
        range.map { index in
            MergedItem(
                sourceIndex: source, sourceName: "s\(source)",
                item: Item(id: "\(index)", time: Timestamp(unixSeconds: 1_000_000 - Int64(index)), title: "t \(index)"))
        }
    }

    @Test func showsOnlyWhatIsUnreadAndKeepsWhatIsReadMeanwhile() {
        var model = ReaderModel(pageSize: 3)
        let first = items(0..<6)
        model.receive(first)
        model.setUnread([first[1], first[4]])
        model.setUnreadOnly(true)
        #expect(model.isFiltered)
        #expect(model.page.map(\.number) == [2, 5])
        // Read while the view is on: still shown.
        model.setRead([first[1]])
        #expect(model.page.map(\.number) == [2, 5])
        // Items that come later and are learned unread join the view, in order.
        let later = items(6..<9)
        model.receive(later)
        model.setUnread([later[0], later[2]])
        #expect(model.page.map(\.number) == [2, 5, 7])
        #expect(model.nextPage() == .moved)
        #expect(model.page.map(\.number) == [9])
        // Off: every item again, from the first page.
        model.setUnreadOnly(false)
        #expect(!model.isFiltered)
        #expect(model.page.map(\.number) == [1, 2, 3])
    }

    @Test func anUnreadViewAsksForMoreUntilItsPageIsFull() {
        var model = ReaderModel(pageSize: 2, filterScanLimit: 100)
        model.setUnreadOnly(true)
        let batch = items(0..<10)
        model.receive(batch)
        model.setUnread([batch[3]])
        #expect(!model.isPageReady)
        #expect(model.demand(aheadItems: 0) == 12)
        model.setFeedFinished(true)
        #expect(model.isPageReady)
        #expect(model.page.map(\.number) == [4])
    }

    @Test func markingAllOrOneSourceReadEmptiesTheView() {
        var model = ReaderModel(pageSize: 5)
        let a = items(0..<3, source: 0)
        let b = items(3..<6, source: 1)
        model.receive(a + b)
        model.setUnread(a + b)
        model.setUnreadOnly(true)
        #expect(model.page.count == 5)
        model.setAllRead(source: 0)
        #expect(model.page.map(\.number) == [4, 5, 6])
        #expect(model.unreadCountBySource == [1: 3])
        model.setAllRead()
        #expect(model.page.isEmpty)
        #expect(model.unreadCountBySource.isEmpty)
    }
}
