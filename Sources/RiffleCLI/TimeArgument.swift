import ArgumentParser
import RiffleCore

/// A `--since` value: an RFC 3339 time, a date (`2026-11-01`, its midnight UTC), or a duration back from now
/// (`90s`, `30m`, `12h`, `7d`, `2w`, `1y`, and combinations such as `1h30m`).
///
/// Parsing never fails: text that names no time is kept as `unreadable`, so that `validate()` says what
/// was given and which forms are read, in one message, instead of the parser's generic one. Amounts are
/// added up with saturating arithmetic, so `9223372036854775808s` parses as "longer than any clock" and is
/// refused as a usage error instead of trapping on overflow.
struct TimeArgument: Sendable, Hashable, ExpressibleByArgument {
    /// What the text names.
    enum Value: Sendable, Hashable {
        /// A point in time.
        case time(Timestamp)
        /// So many seconds before now; `Int64.max` stands for anything at least that long.
        case secondsAgo(Int64)
        /// Text that names no time.
        case unreadable
    }

    /// The forms `--since` reads, for its help and its errors.
    static let forms =
        "an RFC 3339 time (2026-11-01T08:00:00Z), a date (2026-11-01, its midnight UTC), or a duration back "
        + "from now: 90s, 30m, 12h, 7d, 2w, 1y, or combinations such as 1h30m"

    /// Durations back from now must be shorter than this: 100 years.
    static let durationLimit: Int64 = 100 * 365 * 86_400
    /// Longer text is refused unread (every input has a limit).
    static let maxLength = 64

    /// The text as given, for messages.
    let text: String
    let value: Value

    init(argument: String) {
        text = argument
        if argument.utf8.count > Self.maxLength {
            value = .unreadable
        } else if let time = Timestamp(rfc3339OrDate: argument) {
            value = .time(time)
        } else if let seconds = Self.durationSeconds(argument) {
            value = .secondsAgo(seconds)
        } else {
            value = .unreadable
        }
    }

    var defaultValueDescription: String { text }

    /// Why this value cannot be used, or `nil` when it can: the text must name a time, and a duration must
    /// be longer than zero and shorter than `durationLimit`.
    var problem: String? {
        switch value {
        case .time: return nil
        case .unreadable where text.hasPrefix("-") && Self.durationSeconds(String(text.dropFirst())) != nil:
            return "a duration counts back from now without a sign (7d is seven days ago); --since reads \(Self.forms)"
        case .unreadable where text.utf8.count > Self.maxLength:
            return "longer than \(Self.maxLength) bytes; --since reads \(Self.forms)"
        case .unreadable:
            return "not a time; --since reads \(Self.forms)"
        case .secondsAgo(let seconds) where seconds <= 0 || seconds >= Self.durationLimit:
            return "a duration back from now must be longer than 0s and shorter than 100 years"
        case .secondsAgo: return nil
        }
    }

    /// The time this names, counting durations back from `now` (saturating: never traps).
    func resolved(now: Timestamp) -> Timestamp {
        switch value {
        case .time(let time):
            return time
        case .unreadable:
            return now
        case .secondsAgo(let seconds):
            let (back, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
            let (micros, underflow) = now.microseconds.subtractingReportingOverflow(back)
            return Timestamp(microseconds: overflow || underflow ? .min : micros)
        }
    }

    /// Seconds in `7d`, `12h`, `1h30m`, `2w`, `90s`, `1y`: amounts with units s, m, h, d, w and y (365 days),
    /// in any order;
    /// `nil` when the text is not such a duration. Saturates at `Int64.max`.
    static func durationSeconds(_ text: String) -> Int64? {
        var total: Int64 = 0
        var number: Int64?
        for character in text {
            if character.isASCII, let digit = character.wholeNumberValue {
                let shifted = saturating((number ?? 0).multipliedReportingOverflow(by: 10))
                number = saturating(shifted.addingReportingOverflow(Int64(digit)))
                continue
            }
            guard let count = number else { return nil }
            let unit: Int64
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            case "w": unit = 604_800
            case "y": unit = 31_536_000
            default: return nil
            }
            total = saturating(total.addingReportingOverflow(saturating(count.multipliedReportingOverflow(by: unit))))
            number = nil
        }
        guard number == nil, !text.isEmpty else { return nil }
        return total
    }

    private static func saturating(_ result: (partialValue: Int64, overflow: Bool)) -> Int64 {
        result.overflow ? .max : result.partialValue
    }
}
