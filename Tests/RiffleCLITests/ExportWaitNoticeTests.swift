import Testing

@testable import RiffleCLI

/// When `export` says it waits: after 5 s of one wait, then as the wait doubles, at most a minute apart.
@Suite struct ExportWaitNoticeTests {
    let news = [ExportWaitNotice.Waited(name: "news", waited: .seconds(5), attempt: 2, attempts: 4)]

    @Test func oneLineAfterAFewSecondsThenAtGrowingIntervals() {
        var notice = ExportWaitNotice()
        var said: [Int] = []
        for second in 0...200 where notice.line(waitingFor: news, now: .seconds(second)) != nil { said.append(second) }
        #expect(said == [5, 10, 20, 40, 80, 140, 200])
        #expect(notice.line(waitingFor: [], now: .seconds(201)) == nil)
    }

    @Test func theLineNamesTheSourceTheWaitAndTheAttempt() {
        var notice = ExportWaitNotice()
        #expect(notice.line(waitingFor: news, now: .zero) == nil)
        #expect(
            notice.line(waitingFor: news, now: .seconds(5))
                == "waiting for news (5s, attempt 2 of 4); the export keeps the merged order")
    }

    @Test func aShortWaitSaysNothing() {
        var notice = ExportWaitNotice()
        for second in 0..<5 { #expect(notice.line(waitingFor: news, now: .seconds(second)) == nil) }
        #expect(notice.line(waitingFor: [], now: .seconds(5)) == nil)
        #expect(notice.line(waitingFor: news, now: .seconds(6)) == nil, "a new wait starts again")
    }
}
