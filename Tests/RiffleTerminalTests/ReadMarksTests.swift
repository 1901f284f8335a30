import RiffleCore
import RiffleTerminal
import Testing

@Suite struct ReadMarksTests {
    func mark(_ source: String, _ id: String, _ seconds: Int64) -> ItemVersion {
        ItemVersion(source: source, id: id, time: Timestamp(unixSeconds: seconds))
    }

    @Test func itemsAreUnreadUntilMarkedAndANewerVersionIsUnreadAgain() async {
        let marks = SessionReadMarks()
        let a1 = mark("a", "1", 100)
        let a2 = mark("a", "2", 90)
        let b1 = mark("b", "1", 80)
        #expect(await marks.unread(among: [a1, a2, b1]) == [a1, a2, b1])
        #expect(await marks.unreadCounts(in: ["a", "b", "c"]) == ["a": 2, "b": 1, "c": 0])
        await marks.markRead([a1, b1])
        #expect(await marks.unread(among: [a1, a2, b1]) == [a2])
        #expect(await marks.unreadCounts(in: ["a", "b"]) == ["a": 1, "b": 0])
        // The same id at a newer time: another version, unread again; the old version is still read.
        let a1New = mark("a", "1", 200)
        #expect(await marks.unread(among: [a1New]) == [a1New])
        #expect(await marks.unreadCounts(in: ["a"]) == ["a": 2])
        // Marking the old version read again changes nothing.
        await marks.markRead([a1])
        #expect(await marks.unreadCounts(in: ["a"]) == ["a": 2])
        // Asking about the same items again does not count them twice.
        _ = await marks.unread(among: [a1New, a2, a2])
        #expect(await marks.unreadCounts(in: ["a"]) == ["a": 2])
    }

    @Test func markAllReadCoversTheNamedSources() async {
        // `A` is pressed at time 3.
        let marks = SessionReadMarks(clock: { Timestamp(unixSeconds: 3) })
        _ = await marks.unread(among: [mark("a", "1", 1), mark("a", "2", 2), mark("b", "1", 3)])
        await marks.markAllRead(in: ["a"])
        #expect(await marks.unreadCounts(in: ["a", "b"]) == ["a": 0, "b": 1])
        await marks.markAllRead(in: ["a", "b"])
        #expect(await marks.unreadCounts(in: ["a", "b"]) == ["a": 0, "b": 0])
        // Items learnt afterwards are unread when newer than the time `A` was pressed, read when not (pages
        // not fetched yet then).
        #expect(await marks.unread(among: [mark("b", "2", 4)]).count == 1)
        #expect(await marks.unread(among: [mark("b", "0", 2), mark("a", "0", 3)]).isEmpty)
        #expect(await marks.unreadCounts(in: ["a", "b"]) == ["a": 0, "b": 1])
    }

    @Test func markingAnUnknownItemReadKeepsTheCountsRight() async {
        let marks = SessionReadMarks()
        await marks.markRead([mark("a", "1", 1)])
        #expect(await marks.unreadCounts(in: ["a"]) == ["a": 0])
        #expect(await marks.unread(among: [mark("a", "1", 1)]).isEmpty)
    }
}
