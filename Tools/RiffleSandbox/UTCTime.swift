import RiffleCore

/// The timestamp formats the fake APIs write and read.
///
/// Done by hand over RiffleCore's `CivilDate` (proleptic Gregorian, UTC) so that formatting never depends
/// on a locale, a time-zone database or Foundation's date formatters, and so that every API's exact
/// textual quirks (`.000Z`, `+02:00`, GitLab's cursor timestamps) are spelled out in one place.
enum UTCTime {
    /// RFC 3339 text for a Unix time: `2026-10-28T21:05:53Z`, with `.mmm` when `millis` is given and
    /// a numeric offset (`+02:00`) when `offsetMinutes` is not zero — the same instant, local time.
    static func rfc3339(_ seconds: Int64, millis: Int? = nil, offsetMinutes: Int = 0) -> String {
        let local = seconds + Int64(offsetMinutes) * 60
        var text = dateTime(local, separator: "T")
        if let millis { text += "." + pad(millis, 3) }
        if offsetMinutes == 0 {
            text += "Z"
        } else {
            let sign = offsetMinutes < 0 ? "-" : "+"
            text += sign + pad(abs(offsetMinutes) / 60, 2) + ":" + pad(abs(offsetMinutes) % 60, 2)
        }
        return text
    }

    /// RFC 822 / RFC 1123 text, as RSS and HTTP write it: `Wed, 28 Oct 2026 21:05:53 GMT`, or with a
    /// numeric zone (`-0500`, the same instant, local time) when `offsetMinutes` is not zero.
    static func rfc822(_ seconds: Int64, offsetMinutes: Int = 0) -> String {
        let local = seconds + Int64(offsetMinutes) * 60
        let (date, secondOfDay) = CivilDate.split(unixSeconds: local)
        let days = Int((local - Int64(secondOfDay)) / 86_400)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][date.month - 1]
        var text =
            weekday + ", " + pad(date.day, 2) + " " + month + " " + pad(date.year, 4) + " "
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if offsetMinutes == 0 {
            text += " GMT"
        } else {
            let sign = offsetMinutes < 0 ? "-" : "+"
            text += " " + sign + pad(abs(offsetMinutes) / 60, 2) + pad(abs(offsetMinutes) % 60, 2)
        }
        return text
    }

    /// The SpaceX API's form: `2020-10-06T11:29:00.000Z`.
    static func mongo(_ seconds: Int64) -> String {
        rfc3339(seconds, millis: 0)
    }

    /// The form GitLab puts inside keyset cursors: `2026-01-16 13:32:47.000000000 +0000`.
    static func gitLabCursor(_ seconds: Int64) -> String {
        dateTime(seconds, separator: " ") + ".000000000 +0000"
    }

    /// Parses an ISO 8601 / RFC 3339 timestamp (`T` or space separator, optional seconds, fraction and
    /// zone — `Z`, `±HH:MM`, `±HHMM`, ` +0000`; none means UTC) or a plain date, to nanoseconds since
    /// the epoch. `nil` when the text is not one.
    static func parseNanoseconds(_ text: String) -> Int64? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take("-"), let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = CivilDate(year: year, month: month, day: day).daysSinceEpoch * 86_400
        var nanos: Int64 = 0
        if scanner.take("T") || scanner.take("t") || scanner.take(" ") {
            guard let hour = scanner.digits(2), scanner.take(":"), let minute = scanner.digits(2),
                hour < 24, minute < 60
            else { return nil }
            var second = 0
            if scanner.take(":") {
                guard let value = scanner.digits(2), value < 61 else { return nil }
                second = value
                if scanner.take(".") || scanner.take(",") {
                    var scale: Int64 = 100_000_000
                    var any = false
                    while let digit = scanner.digit() {
                        nanos += Int64(digit) * scale
                        scale /= 10
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            seconds += Int64(hour * 3600 + minute * 60 + second)
            _ = scanner.take(" ")
            if scanner.take("Z") || scanner.take("z") {
            } else if let sign = scanner.sign() {
                guard let hours = scanner.digits(2) else { return nil }
                _ = scanner.take(":")
                guard let minutes = scanner.digits(2), hours < 24, minutes < 60 else { return nil }
                seconds -= Int64(sign * (hours * 3600 + minutes * 60))
            }
        }
        guard scanner.atEnd else { return nil }
        return seconds * 1_000_000_000 + nanos
    }

    private static func dateTime(_ seconds: Int64, separator: String) -> String {
        let (date, secondOfDay) = CivilDate.split(unixSeconds: seconds)
        return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + separator
            + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// A cursor over ASCII bytes for the parser above.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
            index += 1
            return Int(bytes[index - 1] - 48)
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
