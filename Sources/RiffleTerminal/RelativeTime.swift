package import RiffleCore

/// Ages as the reader shows them: `now`, `3m`, `5h`, `2d`, `4mo`, `1y` — at most four columns, so the
/// time column stays narrow. Times ahead of `now` (clock skew) beyond a minute get a `+`: `+5m`.
package enum RelativeTime {
    package static func format(_ time: Timestamp, now: Timestamp) -> String {
        let difference = now.unixSeconds - time.unixSeconds
        let seconds = difference.magnitude
        let sign = difference < 0 ? "+" : ""
        let minute: UInt64 = 60
        let hour = 60 * minute
        let day = 24 * hour
        let text: String
        switch seconds {
        case ..<minute: return "now"
        case ..<hour: text = "\(seconds / minute)m"
        case ..<day: text = "\(seconds / hour)h"
        case ..<(30 * day): text = "\(seconds / day)d"
        case ..<(365 * day): text = "\(seconds / (30 * day))mo"
        default: text = "\(seconds / (365 * day))y"
        }
        return sign + text
    }

    /// An age as a phrase: `just now`, `5m ago` (`riffle sources` and the sources view).
    package static func ago(_ time: Timestamp, now: Timestamp) -> String {
        let age = format(time, now: now)
        return age == "now" ? "just now" : age + " ago"
    }
}
