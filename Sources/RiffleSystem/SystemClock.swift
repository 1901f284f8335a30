import Glibc

/// The clocks: monotonic for timeouts and intervals, the wall clock for timestamps; and sleeping.
package enum SystemClock {
    /// A monotonic clock in nanoseconds, for deadlines and intervals (never steps back).
    package static func monotonicNanoseconds() -> Int64 { read(CLOCK_MONOTONIC) }

    /// A monotonic clock in milliseconds.
    package static func monotonicMilliseconds() -> Int64 { monotonicNanoseconds() / 1_000_000 }

    /// The wall clock: microseconds since the Unix epoch.
    package static func wallMicroseconds() -> Int64 { read(CLOCK_REALTIME) / 1000 }

    /// The wall clock: seconds since the Unix epoch, with a fraction.
    package static func wallSeconds() -> Double { Double(read(CLOCK_REALTIME)) / 1e9 }

    private static func read(_ clock: clockid_t) -> Int64 {
        var now = timespec()
        clock_gettime(clock, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Sleeps for `milliseconds`, resuming after signals until the time has passed. Blocks: async code
    /// uses `Task.sleep`.
    @available(*, noasync, message: "blocks the calling thread; use Task.sleep")
    package static func sleep(milliseconds: Int) {
        var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }
}
