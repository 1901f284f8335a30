import RiffleCore
import Testing

@testable import RiffleCLI

/// `--since` values on their own: the duration grammar, its saturation, and resolving against now.
@Suite struct TimeArgumentTests {
    @Test(
        arguments: [
            ("90s", 90), ("30m", 1800), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600), ("1h30m", 5400),
            ("30m1h", 5400), ("1d1s", 86_401), ("1y", 31_536_000), ("1y2w", 32_745_600),
        ] as [(String, Int64)])
    func durations(text: String, seconds: Int64) {
        #expect(TimeArgument(argument: text).value == .secondsAgo(seconds))
        #expect(TimeArgument(argument: text).problem == nil)
    }

    @Test func overflowingAmountsSaturate() {
        #expect(TimeArgument.durationSeconds("9223372036854775807s") == .max)
        #expect(TimeArgument.durationSeconds("9223372036854775808s") == .max)
        #expect(TimeArgument.durationSeconds("9223372036854775807w") == .max)
        #expect(TimeArgument.durationSeconds("9223372036854775807s1s") == .max)
        #expect(TimeArgument.durationSeconds(String(repeating: "9", count: 60) + "d") == .max)
        #expect(TimeArgument(argument: "9223372036854775808s").problem != nil)
    }

    @Test func textOverTheLimitIsRefusedUnread() {
        #expect(TimeArgument(argument: String(repeating: "1s", count: 32)).problem == nil)
        let long = TimeArgument(argument: String(repeating: "1s", count: 33))
        #expect(long.value == .unreadable)
        #expect(long.problem?.hasPrefix("longer than 64 bytes; --since reads an RFC 3339 time") == true)
    }

    @Test(arguments: ["yesterday", "7", "d", "7x", "1h30", "7 d", "-", "-x"])
    func textThatNamesNoTimeSaysWhichFormsAreRead(text: String) {
        let argument = TimeArgument(argument: text)
        #expect(argument.value == .unreadable)
        #expect(argument.problem == "not a time; --since reads " + TimeArgument.forms)
    }

    @Test(arguments: ["-3d", "-1h30m", "-90s"])
    func aNegativeDurationIsExplained(text: String) {
        #expect(
            TimeArgument(argument: text).problem
                == "a duration counts back from now without a sign (7d is seven days ago); --since reads "
                + TimeArgument.forms)
    }

    @Test func resolvingCountsBackFromNow() {
        let now = Timestamp(unixSeconds: 1_800_000_000)
        #expect(TimeArgument(argument: "1h").resolved(now: now) == Timestamp(unixSeconds: 1_799_996_400))
        let fixed = TimeArgument(argument: "2026-01-31T12:00:00+02:00")
        #expect(fixed.resolved(now: now) == Timestamp(unixSeconds: 1_769_853_600))
    }

    /// Resolving never traps, even for a duration `validate()` would have refused.
    @Test func resolvingSaturates() {
        let now = Timestamp(unixSeconds: 1_800_000_000)
        #expect(TimeArgument(argument: "9223372036854775808s").resolved(now: now) == Timestamp(microseconds: .min))
        #expect(TimeArgument(argument: "9223372036855s").resolved(now: now) == Timestamp(microseconds: .min))
        let early = Timestamp(microseconds: .min + 1)
        #expect(TimeArgument(argument: "1s").resolved(now: early) == Timestamp(microseconds: .min))
    }
}
