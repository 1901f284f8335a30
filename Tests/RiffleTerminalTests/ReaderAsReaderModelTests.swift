import RiffleCore
import RiffleTerminal
import Testing

/// The model's unread state, `n`, `f`, and what a refresh found waiting for `g`.
extension ReaderModelTests {
    @Test func unreadFlagsFollowTheHeldVersion() {
        var model = ReaderModel(pageSize: 3)
        let all = items(5)
        model.receive(all)
        model.setUnread(all)
        #expect(model.unreadCountBySource == [0: 5])
        model.setRead(all.prefix(2))
        #expect(!model.isUnread(all[0]) && model.isUnread(all[2]))
        // A flag for a version not held is ignored.
        var other = all[0]
        other.item.time = Timestamp(unixSeconds: 5)
        model.setUnread([other])
        #expect(!model.isUnread(all[0]))
        model.setAllRead()
        #expect(model.unreadCountBySource.isEmpty)
    }

    @Test func nextUnreadGoesToThePageHoldingOne() {
        var model = ReaderModel(pageSize: 3)
        let all = items(11)
        model.receive(all)
        model.setUnread([all[8]])
        #expect(model.nextUnreadPage() == .found)
        #expect(model.pageRange == 7...9)
        // Nothing unread beyond: to the first page not yet complete, while the feed goes on.
        #expect(model.nextUnreadPage() == .searching)
        #expect(model.pageRange == 10...11)
        #expect(!model.isPageReady)
        model.setFeedFinished(true)
        model.firstPage()
        model.setRead(all)
        #expect(model.nextUnreadPage() == .noneLeft)
        #expect(model.pageRange == 1...3)
    }

    @Test func sourceFilterShowsOnlyThoseSources() {
        var model = ReaderModel(pageSize: 4)
        let a = items(4, source: 0, name: "a", start: 1000, title: "t")
        let b = items(4, source: 1, name: "b", start: 999, title: "t")
        model.receive(zip(a, b).flatMap { [$0, $1] })
        model.setSourceFilter([1])
        #expect(model.isFiltered)
        #expect(model.page.map(\.item.sourceName) == ["b", "b", "b", "b"])
        #expect(model.page.map(\.number) == [2, 4, 6, 8])
        model.setFilter("t 3")
        #expect(model.page.map(\.number) == [8])
        model.setSourceFilter(nil)
        #expect(model.page.map(\.number) == [7, 8])
        model.setFilter(nil)
        #expect(!model.isFiltered)
    }

    @Test func freshItemsWaitForG() {
        var model = ReaderModel(pageSize: 3)
        model.receive(items(6))
        _ = model.nextPage()
        let newer = items(2, start: 2_000_000).map { merged -> MergedItem in
            var copy = merged
            copy.item.id = "new-\(merged.item.id)"
            return copy
        }
        var updated = items(1)[0]
        updated.item.time = Timestamp(unixSeconds: 1_500_000)
        let older = MergedItem(
            sourceIndex: 0, sourceName: "s", item: Item(id: "old", time: Timestamp(unixSeconds: 10), title: "old"))
        let unknownSource = MergedItem(
            sourceIndex: 3, sourceName: "x", item: Item(id: "x", time: Timestamp(unixSeconds: 3_000_000), title: "x"))
        #expect(model.holdFresh(newer + [updated, older, unknownSource] + items(1)) == 3)
        // Nothing moved: the page being read is the same.
        #expect(model.pageRange == 4...6)
        #expect(model.items.count == 6)
        // The same finds again count once.
        #expect(model.holdFresh(newer) == 3)
        let shown = model.showFresh()
        #expect(shown.count == 3)
        #expect(model.freshCount == 0)
        #expect(model.pageRange == 1...3)
        #expect(model.page.map(\.item.item.id) == ["new-0", "new-1", "0"])
        #expect(model.items.count == 8)
    }

    @Test func freshItemsAreBounded() {
        var model = ReaderModel(pageSize: 3)
        model.receive(items(1))
        let many = (0..<(ReaderModel.maxFresh + 5)).map { index in
            MergedItem(
                sourceIndex: 0, sourceName: "s",
                item: Item(id: "n\(index)", time: Timestamp(unixSeconds: 2_000_000 + Int64(index)), title: "n"))
        }
        #expect(model.holdFresh(many) == ReaderModel.maxFresh)
    }
}
