import RiffleCore
import RiffleTerminal
import Testing

/// Items that came behind (a source set aside while slow, or retried): newer than what was drawn, they
/// wait for `g`; older, they join the items not drawn yet where their time puts them. Nothing twice.
@Suite struct ReaderModelBehindTests {
    func merged(_ id: String, _ seconds: Int64, source: Int, behind: Bool = false) -> MergedItem {
        MergedItem(
            sourceIndex: source, sourceName: "s\(source)",
            item: Item(id: id, time: Timestamp(unixSeconds: seconds), title: id), cameBehind: behind)
    }

    @Test func newerThanTheDrawnPageWaitsForGOlderJoinsBelow() {
        var model = ReaderModel(pageSize: 2)
        model.receive([merged("a", 100, source: 0), merged("b", 90, source: 0)])
        model.pageDrawn()
        model.receive([merged("c", 80, source: 0), merged("d", 60, source: 0)])
        model.receive([
            merged("new", 95, source: 1, behind: true), merged("mid", 70, source: 1, behind: true),
            merged("old", 50, source: 1, behind: true),
        ])
        #expect(model.page.map(\.item.item.id) == ["a", "b"], "the page being read does not change")
        #expect(model.freshCount == 1)
        #expect(model.items.map(\.item.id) == ["a", "b", "c", "mid", "d", "old"])
        let shown = model.showFresh()
        #expect(shown.map(\.item.id) == ["new"])
        #expect(model.items.map(\.item.id) == ["new", "a", "b", "c", "mid", "d", "old"])
        #expect(Set(model.items.map(\.item.id)).count == model.items.count)
    }
}
