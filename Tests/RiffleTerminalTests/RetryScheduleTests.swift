import RiffleCore
import Testing

@testable import RiffleTerminal

/// The reader's automatic retries of failed sources, without a clock or a terminal.
@Suite struct RetryScheduleTests {
    let start = ContinuousClock.now
    let policy = RetryPolicy(backoffBase: .seconds(2), backoffCap: .seconds(16), maxTotalWait: .seconds(3600))

    func failed(_ name: String, failures: Int, pages: Int = 0) -> SourceStatus {
        var status = SourceStatus(name: name, state: .failed(.httpStatus(503, host: "h:1", isRetryable: true)))
        status.failedLoads = failures
        status.pagesLoaded = pages
        return status
    }

    @Test func aNewFailureIsRetriedAfterABackoffThatGrowsWhileItKeepsFailing() {
        var schedule = RetrySchedule(policy: policy)
        let ok = SourceStatus(name: "ok", state: .ready)
        let scheduled = schedule.observe([ok, failed("down", failures: 1)], now: start, random: 1)
        #expect(scheduled)
        #expect(schedule.wait(source: 1, now: start) == .seconds(2))
        #expect(schedule.wait(source: 0, now: start) == nil)
        #expect(schedule.takeDue(now: start + .seconds(1)).isEmpty)
        #expect(schedule.takeDue(now: start + .seconds(2)) == [1])
        #expect(schedule.nextDue == nil, "waiting for the retry's outcome")

        // A snapshot from before the retry's outcome shows the same failure: not a new one.
        let rescheduled = schedule.observe([ok, failed("down", failures: 1)], now: start + .seconds(3), random: 1)
        #expect(!rescheduled)
        #expect(schedule.nextDue == nil)
        // It failed again: twice the wait.
        schedule.observe([ok, failed("down", failures: 2)], now: start + .seconds(4), random: 1)
        #expect(schedule.wait(source: 1, now: start + .seconds(4)) == .seconds(4))
        #expect(schedule.takeDue(now: start + .seconds(8)) == [1])
        schedule.observe([ok, failed("down", failures: 3)], now: start + .seconds(9), random: 0)
        #expect(schedule.wait(source: 1, now: start + .seconds(9)) == .seconds(4), "jitter: at least half the ceiling")
    }

    @Test func aSourceThatLoadsAgainStartsOverAndLosesItsPendingRetry() {
        var schedule = RetrySchedule(policy: policy)
        schedule.observe([failed("s", failures: 1, pages: 2)], now: start, random: 1)
        _ = schedule.takeDue(now: start + .seconds(2))
        schedule.observe([failed("s", failures: 2, pages: 2)], now: start + .seconds(2), random: 1)
        #expect(schedule.wait(source: 0, now: start + .seconds(2)) == .seconds(4))
        var recovered = SourceStatus(name: "s", state: .ready)
        recovered.pagesLoaded = 3
        recovered.failedLoads = 2
        schedule.observe([recovered], now: start + .seconds(3), random: 1)
        #expect(schedule.nextDue == nil)
        schedule.observe([failed("s", failures: 3, pages: 3)], now: start + .seconds(10), random: 1)
        #expect(schedule.wait(source: 0, now: start + .seconds(10)) == .seconds(2), "backoff back at its base")
    }

    @Test func aFailureThatCannotPassWaitsForR() {
        var schedule = RetrySchedule(policy: policy)
        var refused = SourceStatus(name: "s", state: .failed(.httpStatus(404, host: "h:1", isRetryable: false)))
        refused.failedLoads = 1
        schedule.observe([refused], now: start, random: 1)
        #expect(schedule.nextDue == nil)
    }

    @Test func rDropsThePendingRetry() {
        var schedule = RetrySchedule(policy: policy)
        schedule.observe([failed("a", failures: 1), failed("b", failures: 1)], now: start, random: 1)
        schedule.retriedNow([0])
        #expect(schedule.wait(source: 0, now: start) == nil)
        #expect(schedule.takeDue(now: start + .seconds(60)) == [1])
    }

    @Test func promptSaysWhenTheRetryComes() {
        #expect(ReaderScreens.waitWord(.milliseconds(7_200)) == "8s")
        #expect(ReaderScreens.waitWord(.seconds(125)) == "2m05s")
        #expect(ReaderScreens.waitWord(.seconds(120)) == "2m")
        var status = SourceStatus(name: "down", state: .failed(SourceError("x")))
        status.failedLoads = 1
        let prompt = ReaderScreens.prompt(
            model: ReaderModel(pageSize: 5), statuses: [status], message: nil, waiting: false, width: 200,
            retryWaits: [0: .seconds(8)])
        #expect(prompt.plainText.contains("down failed, retrying in 8s"), "\(prompt.plainText)")
    }
}
