/// A point in time as whole microseconds since the Unix epoch, UTC.
///
/// Integers, not `Double` seconds, so that ordering and equality are exact and two runs over the same
/// data compare the same way. Microseconds keep every fraction GitLab and RFC 3339 servers send in practice.
package struct Timestamp: Sendable, Hashable, Comparable {
    /// Microseconds since 1970-01-01T00:00:00Z.
    package var microseconds: Int64

    package init(microseconds: Int64) { self.microseconds = microseconds }

    /// A timestamp from whole Unix seconds.
    package init(unixSeconds: Int64) { self.microseconds = unixSeconds &* 1_000_000 }

    /// Whole seconds since the epoch, rounded towards negative infinity.
    package var unixSeconds: Int64 {
        microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
    }

    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// `time` moved on by `duration`, to the microsecond.
    package static func + (time: Timestamp, duration: Duration) -> Timestamp {
        Timestamp(microseconds: time.microseconds &+ duration.microseconds)
    }
}
