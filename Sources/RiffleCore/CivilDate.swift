/// A day of the proleptic Gregorian calendar in UTC, and its conversion to and from days since the Unix
/// epoch.
///
/// Written once, by hand (Howard Hinnant's `days_from_civil` / `civil_from_days`), so that no date
/// in riffle depends on a locale, a time-zone database or Foundation: RFC 3339 timestamps, HTTP dates
/// and the sandbox's fake API times all count days here.
package struct CivilDate: Sendable, Hashable {
    package var year: Int
    /// 1 (January) to 12.
    package var month: Int
    /// 1 to the month's length, when the date is valid (see `isValid`).
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    package init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(
            year: Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0)), month: Int(month),
            day: Int(dayOfYear - (153 * mp + 2) / 5 + 1))
    }

    /// Days since 1970-01-01. A day past the month's end counts on into the next month (31 February
    /// is 3 March), as the arithmetic gives; check `isValid` first where that matters.
    package var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let m = Int64(month)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether the month is 1…12 and the day exists in it (29 February only in leap years).
    package var isValid: Bool {
        (1...12).contains(month) && (1...Self.daysIn(month: month, year: year)).contains(day)
    }

    /// The length of a month (1…12) of a year.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The UTC date of a Unix time, and the second of that day (`0..<86_400`).
    package static func split(unixSeconds seconds: Int64) -> (date: CivilDate, secondOfDay: Int) {
        let (days, rest) = splitDays(unixSeconds: seconds)
        return (CivilDate(daysSinceEpoch: days), rest)
    }

    /// `split` before the date is worked out: the days since 1970-01-01 and the second of that day.
    package static func splitDays(unixSeconds seconds: Int64) -> (days: Int64, secondOfDay: Int) {
        var days = seconds / 86_400
        var rest = seconds - days * 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        return (days, Int(rest))
    }
}
