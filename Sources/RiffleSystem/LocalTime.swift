import Glibc

/// A moment as the local time zone shows it (`TZ`, else `/etc/localtime`): the calendar fields, the
/// offset from UTC and the zone's abbreviation. The reader's item view prints it beside the relative age.
package struct LocalTime: Sendable, Hashable {
    package var year: Int
    /// 1–12.
    package var month: Int
    /// 1–31.
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    /// Seconds east of UTC (`+0200` is 7200).
    package var utcOffsetSeconds: Int
    /// The zone's abbreviation (`CEST`, `UTC`), as the time zone database gives it; may be empty.
    package var zone: String

    /// `unixSeconds` in the local zone; nil when the C library cannot convert it (a year out of range).
    package static func at(unixSeconds: Int64) -> LocalTime? {
        var seconds = time_t(unixSeconds)
        var fields = tm()
        tzset()
        guard localtime_r(&seconds, &fields) != nil else { return nil }
        return LocalTime(
            year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
            hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec),
            utcOffsetSeconds: Int(fields.tm_gmtoff), zone: fields.tm_zone.map { String(cString: $0) } ?? "")
    }
}
