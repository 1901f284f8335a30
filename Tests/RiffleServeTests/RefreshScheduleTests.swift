import RiffleCore
import Testing

@testable import RiffleServe

/// The refresh rule alone, on a clock the test moves: intervals, quiet sources, errors, the server's
/// wishes, jitter and the first round.
@Suite struct RefreshScheduleTests {
    private let start = Timestamp(unixSeconds: 1_800_000_000)

    private func seconds(_ from: Timestamp, _ to: Timestamp) -> Double {
        Double(to.microseconds - from.microseconds) / 1_000_000
    }

    /// The first round is spread over the first interval, differently per seed.
    @Test func firstRoundIsSpreadOverTheFirstInterval() {
        let sources = (0..<50).map { (name: "s\($0)", refresh: Duration.seconds(900)) }
        let schedule = RefreshSchedule(sources: sources, now: start, seed: 7)
        let offsets = schedule.sources.map { seconds(start, $0.due) }
        #expect(offsets.allSatisfy { $0 >= 0 && $0 < 900 })
        #expect(Set(offsets.map { Int($0 / 90) }).count >= 8, "spread, not bunched")
        let other = RefreshSchedule(sources: sources, now: start, seed: 8)
        #expect(other.sources.map(\.due) != schedule.sources.map(\.due))
        #expect(RefreshSchedule(sources: sources, now: start, seed: 7).sources == schedule.sources)
    }

    /// A busy source is asked every `refresh`, ±10%.
    @Test func aBusySourceEveryRefreshWithJitter() {
        var schedule = RefreshSchedule(sources: [("a", .seconds(600))], now: start, seed: 1)
        var waits: [Double] = []
        var now = start
        for _ in 0..<200 {
            schedule.record(.ok(newest: now, serverNotBefore: nil), for: 0, now: now)
            waits.append(seconds(now, schedule.sources[0].due))
            now = schedule.sources[0].due
        }
        #expect(waits.allSatisfy { $0 >= 540 && $0 <= 660 })
        #expect(waits.min() ?? 0 < 560 && waits.max() ?? 0 > 640, "the jitter is used")
    }

    /// Nothing new for a week: every four hours or so; for two months: at most a day.
    @Test func aQuietSourceIsStretchedWithinRefreshAndADay() {
        var schedule = RefreshSchedule(sources: [("a", .seconds(900))], now: start, seed: 2)
        let weekAgo = Timestamp(unixSeconds: start.unixSeconds - 7 * 86_400)
        schedule.record(.ok(newest: weekAgo, serverNotBefore: nil), for: 0, now: start)
        let wait = seconds(start, schedule.sources[0].due)
        #expect(wait >= 4 * 3_600 * 0.9 && wait <= 4 * 3_600 * 1.1)
        let longAgo = Timestamp(unixSeconds: start.unixSeconds - 60 * 86_400)
        var old = RefreshSchedule(sources: [("a", .seconds(900))], now: start, seed: 2)
        old.record(.ok(newest: longAgo, serverNotBefore: nil), for: 0, now: start)
        #expect(seconds(start, old.sources[0].due) <= 86_400 * 1.1)
        #expect(seconds(start, old.sources[0].due) >= 86_400 * 0.9)
    }

    /// Three errors at the normal interval, then an hour more per error, up to a day; success resets.
    @Test func errorsBackOffAfterThree() {
        var schedule = RefreshSchedule(sources: [("a", .seconds(600))], now: start, seed: 3)
        var waits: [Double] = []
        for _ in 0..<30 {
            schedule.record(.failed(retryAfter: nil), for: 0, now: start)
            waits.append(seconds(start, schedule.sources[0].due))
        }
        for wait in waits.prefix(3) { #expect(wait >= 540 && wait <= 660) }
        #expect(waits[3] >= 3_240 && waits[3] <= 3_960)
        #expect(waits[4] >= 6_480 && waits[4] <= 7_920)
        #expect(waits.last ?? 0 <= 86_400 * 1.1 && waits.last ?? 0 >= 86_400 * 0.9)
        schedule.record(.ok(newest: start, serverNotBefore: nil), for: 0, now: start)
        #expect(seconds(start, schedule.sources[0].due) <= 660)
    }

    /// Never sooner than the server asked (a 429's Retry-After, a max-age), nor later than a day.
    @Test func theServersWishIsKept() {
        var schedule = RefreshSchedule(sources: [("a", .seconds(60))], now: start, seed: 4)
        schedule.record(.failed(retryAfter: .seconds(7_200)), for: 0, now: start)
        #expect(seconds(start, schedule.sources[0].due) == 7_200)
        let later = Timestamp(unixSeconds: start.unixSeconds + 1_800)
        schedule.record(.ok(newest: start, serverNotBefore: later), for: 0, now: start)
        #expect(schedule.sources[0].due == later)
        let farAway = Timestamp(unixSeconds: start.unixSeconds + 10 * 86_400)
        schedule.record(.ok(newest: start, serverNotBefore: farAway), for: 0, now: start)
        #expect(seconds(start, schedule.sources[0].due) == 86_400)
    }

    @Test func nextIsTheSoonest() {
        var schedule = RefreshSchedule(sources: [("a", .seconds(60)), ("b", .seconds(3_600))], now: start, seed: 5)
        schedule.record(.ok(newest: start, serverNotBefore: nil), for: 1, now: start)
        schedule.record(.ok(newest: start, serverNotBefore: nil), for: 0, now: start)
        #expect(schedule.next()?.index == 0)
    }
}
