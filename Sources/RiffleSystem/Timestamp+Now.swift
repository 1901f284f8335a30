package import RiffleCore

extension Timestamp {
    /// Now, by the system's wall clock (CLOCK_REALTIME): the one place riffle reads the current time as a
    /// `Timestamp` (first-seen and refresh times, relative ages, `--since`'s base). Those that take a clock
    /// take this by default, and a test's clock instead.
    @Sendable package static func now() -> Timestamp { Timestamp(microseconds: SystemClock.wallMicroseconds()) }
}
