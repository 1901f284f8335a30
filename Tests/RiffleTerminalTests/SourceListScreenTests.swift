import RiffleCore
import Testing

@testable import RiffleTerminal

/// The sources view (`l`): a numbered line per source with the counts `riffle sources` shows, what it is
/// doing, its refreshes and last error, fitted to the width, remote text inert.
@Suite struct SourceListScreenTests {
    let now = Timestamp(unixSeconds: 2_000_000_000)

    func status(_ name: String, _ state: SourceStatus.State, stop: Pager.ExhaustedReason? = nil) -> SourceStatus {
        var status = SourceStatus(name: name, state: state)
        status.stopReason = stop
        return status
    }

    var rows: [SourceListScreen.Row] {
        [
            .init(
                status: status("rocket", .ready), type: "gitlab", unread: 12,
                stored: StoredSourceFact(stored: 221, lastRefresh: Timestamp(unixSeconds: 2_000_000_000 - 300))),
            .init(
                status: status("news", .failed(SourceError("HTTP 503 from 127.0.0.1"))), type: "feed", unread: 0,
                stored: StoredSourceFact(stored: 20), retryIn: .seconds(8)),
            .init(status: status("evil\u{1B}[2J", .ready, stop: .noMorePages), type: "rest-events", unread: 3),
        ]
    }

    @Test func eachSourceHasALineWithItsCounts() {
        let lines = SourceListScreen.lines(rows: rows, storeInUse: true, now: now, width: 200).map(\.plainText)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("sources  N open its items"))
        #expect(lines[1] == "1 rocket    gitlab       *12 unread  221 stored  idle      refreshed 5m ago  next on r")
        #expect(
            lines[2]
                == "2 news      feed           0 unread   20 stored  failed    never refreshed  retry in 8s  error: HTTP 503 from 127.0.0.1"
        )
        #expect(lines[3] == "3 evil^[[2J rest-events   *3 unread    0 stored  done      never refreshed  next on r")
        #expect(!lines.joined().contains("\u{1B}"))
    }

    @Test func withoutAStoreItSaysSo() {
        let lines = SourceListScreen.lines(rows: rows, storeInUse: false, now: now, width: 200).map(\.plainText)
        #expect(lines[1] == "1 rocket    gitlab       *12 unread  not stored  idle      next on r")
    }

    @Test(arguments: [80, 60, 40])
    func everyLineFitsTheWidth(width: Int) {
        for line in SourceListScreen.lines(rows: rows, storeInUse: true, now: now, width: width) {
            #expect(line.width <= width, "\(line.plainText)")
        }
        #expect(SourceListScreen.prompt(count: 3, message: nil, width: width).width <= width)
    }

    @Test func sWordsWhatASourceIsDoing() {
        #expect(ReaderScreens.activityWord(status("a", .waiting)) == "idle")
        #expect(ReaderScreens.activityWord(status("a", .ready)) == "idle")
        #expect(ReaderScreens.activityWord(status("a", .fetching)) == "fetching")
        #expect(ReaderScreens.activityWord(status("a", .ready, stop: .noMorePages)) == "done")
        #expect(ReaderScreens.activityWord(status("a", .done)) == "done")
        #expect(ReaderScreens.activityWord(status("a", .failed(SourceError("x")))) == "failed")
    }
}
