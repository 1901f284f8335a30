package import RiffleCore

/// The dates feeds carry, read without a locale or a time-zone database: RFC 3339 (Atom, JSON Feed,
/// `dc:date`) through RiffleCore's parser, its looser ISO 8601 relatives (no zone, no seconds, a date
/// alone), and RFC 822/1123 (RSS `pubDate`) as real feeds write it.
package enum FeedDate {
    /// `text` as a time, else `nil` (no guessing beyond the forms below).
    ///
    /// RFC 822: an optional weekday, day and month in either order, a two- or four-digit year (00–49 is
    /// 20xx, 50–99 19xx, as RFC 2822 says), `HH:MM` with optional seconds, and a zone: numeric (`+0100`,
    /// `-05:00`), named (`GMT`, `UT`, `UTC`, `EST`/`EDT`, `CST`/`CDT`, `MST`/`MDT`, `PST`/`PDT` and a few
    /// European and Pacific ones), a military letter (read as UTC, as RFC 1123 and 2822 advise: RFC 822
    /// got their signs backwards), or none (UTC). Also `2020/1/10 14:33:00`.
    package static func parse(_ text: some StringProtocol) -> Timestamp? {
        let trimmed = text.utf8.count > 128 ? "" : String(text).trimmingSpaces
        guard !trimmed.isEmpty else { return nil }
        if let time = Timestamp(rfc3339: trimmed) { return time }
        if let time = iso8601(Array(trimmed.utf8)) { return time }
        return rfc822(trimmed)
    }

    /// ISO 8601 as feeds loosen it: `YYYY-MM-DD` or `YYYY/MM/DD`, optionally a `T` or space and
    /// `HH:MM[:SS[.fraction]]`, optionally `Z`, `±HH:MM`, `±HHMM` or `±HH` (UTC when absent).
    private static func iso8601(_ bytes: [UInt8]) -> Timestamp? {
        var scanner = Scanner(bytes)
        guard let year = scanner.number(maxDigits: 4), scanner.lastDigits == 4 else { return nil }
        guard let separator = scanner.take(oneOf: "-/"), let month = scanner.number(maxDigits: 2),
            scanner.take(oneOf: separator == UInt8(ascii: "-") ? "-" : "/") != nil,
            let day = scanner.number(maxDigits: 2)
        else { return nil }
        var seconds: Int64 = 0
        var micros: Int64 = 0
        if scanner.take(oneOf: "Tt ") != nil {
            guard let clock = scanner.clock() else { return nil }
            seconds = clock.seconds
            micros = clock.micros
        }
        scanner.skipSpaces()
        var offset: Int64 = 0
        if !scanner.isAtEnd {
            guard let zone = scanner.numericZone(colonOptional: true) ?? scanner.zoneName() else { return nil }
            offset = zone
        }
        guard scanner.isAtEnd else { return nil }
        return timestamp(year: year, month: month, day: day, seconds: seconds, micros: micros, offset: offset)
    }

    /// RFC 822/1123/2822 dates, leniently.
    private static func rfc822(_ text: String) -> Timestamp? {
        let tokens = text.split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
        var index = 0
        if index < tokens.count, Weekday.isWeekday(tokens[index]) { index += 1 }
        guard index + 3 <= tokens.count else { return nil }
        var day: Int64?
        var month: Int64?
        for token in tokens[index..<index + 2] {
            if let value = Int64(token), (1...31).contains(value) {
                day = value
            } else if let value = Month.number(token) {
                month = value
            }
        }
        guard let day, let month, let rawYear = Int64(tokens[index + 2]) else { return nil }
        let yearDigits = tokens[index + 2].count
        let year: Int64
        switch yearDigits {
        case 2: year = rawYear < 50 ? 2000 + rawYear : 1900 + rawYear
        case 4: year = rawYear
        default: return nil
        }
        index += 3
        var seconds: Int64 = 0
        var micros: Int64 = 0
        if index < tokens.count, tokens[index].contains(":") {
            var scanner = Scanner(Array(tokens[index].utf8))
            guard let clock = scanner.clock() else { return nil }
            seconds = clock.seconds
            micros = clock.micros
            index += 1
            // A zone glued to the time (`10:00:00+0100`, `10:00Z`).
            if !scanner.isAtEnd {
                guard let zone = scanner.numericZone(colonOptional: true) ?? scanner.zoneName(), scanner.isAtEnd
                else { return nil }
                guard index == tokens.count else { return nil }
                return timestamp(year: year, month: month, day: day, seconds: seconds, micros: micros, offset: zone)
            }
        }
        var offset: Int64 = 0
        if index < tokens.count {
            var scanner = Scanner(Array(tokens[index].utf8))
            guard let zone = scanner.numericZone(colonOptional: true) ?? scanner.zoneName(), scanner.isAtEnd else {
                return nil
            }
            offset = zone
            index += 1
            // A trailing comment such as `(PDT)` or `(Pacific Standard Time)` is allowed.
            guard index == tokens.count || tokens[index].hasPrefix("(") else { return nil }
        }
        return timestamp(year: year, month: month, day: day, seconds: seconds, micros: micros, offset: offset)
    }

    private static func timestamp(
        year: Int64, month: Int64, day: Int64, seconds: Int64, micros: Int64, offset: Int64
    ) -> Timestamp? {
        let date = CivilDate(year: Int(year), month: Int(month), day: Int(day))
        guard date.isValid, (1...9999).contains(year) else { return nil }
        let total = date.daysSinceEpoch * 86_400 + seconds - offset
        return Timestamp(microseconds: total * 1_000_000 + micros)
    }

    /// A cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var lastDigits = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index >= bytes.count }

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        }

        mutating func take(oneOf allowed: StaticString) -> UInt8? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            let pointer = allowed.utf8Start
            for offset in 0..<allowed.utf8CodeUnitCount where pointer[offset] == byte {
                index += 1
                return byte
            }
            return nil
        }

        mutating func number(maxDigits: Int) -> Int64? {
            var value: Int64 = 0
            let start = index
            while index < bytes.count, index - start < maxDigits, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int64(bytes[index] - 0x30)
                index += 1
            }
            lastDigits = index - start
            return lastDigits > 0 ? value : nil
        }

        /// `HH:MM[:SS[.fraction]]` as seconds of the day and microseconds.
        mutating func clock() -> (seconds: Int64, micros: Int64)? {
            guard let hour = number(maxDigits: 2), take(oneOf: ":") != nil, let minute = number(maxDigits: 2),
                lastDigits == 2, hour < 24, minute < 60
            else { return nil }
            var second: Int64 = 0
            var micros: Int64 = 0
            if take(oneOf: ":") != nil {
                guard let value = number(maxDigits: 2), lastDigits == 2, value <= 60 else { return nil }
                second = min(value, 59)
                if take(oneOf: ".,") != nil {
                    var scale: Int64 = 100_000
                    let start = index
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        micros += Int64(bytes[index] - 0x30) * scale
                        scale /= 10
                        index += 1
                    }
                    guard index > start else { return nil }
                }
            }
            return (hour * 3600 + minute * 60 + second, micros)
        }

        /// `Z`, `±HH:MM`, `±HHMM` or `±HH`, as seconds east of UTC.
        mutating func numericZone(colonOptional: Bool) -> Int64? {
            let start = index
            if take(oneOf: "Zz") != nil, isAtEnd { return 0 }
            index = start
            guard let sign = take(oneOf: "+-") else { return nil }
            guard let hours = number(maxDigits: 2), lastDigits == 2, hours < 24 else {
                index = start
                return nil
            }
            var minutes: Int64 = 0
            let hadColon = take(oneOf: ":") != nil
            if hadColon || !isAtEnd {
                guard let value = number(maxDigits: 2), lastDigits == 2, value < 60 else {
                    index = start
                    return nil
                }
                minutes = value
            }
            let seconds = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }

        /// A named zone or military letter, as seconds east of UTC.
        mutating func zoneName() -> Int64? {
            let start = index
            while index < bytes.count, Markup.isLetter(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self).uppercased()
            if name.count == 1, name != "J" { return 0 }
            guard let hours = Self.zones[name] else {
                index = start
                return nil
            }
            return hours * 3600
        }

        static let zones: [String: Int64] = [
            "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
            "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10, "WET": 0, "BST": 1, "CET": 1, "CEST": 2,
            "MET": 1, "MEST": 2, "EET": 2, "EEST": 3, "JST": 9, "KST": 9, "AEST": 10, "AEDT": 11, "NZST": 12,
            "NZDT": 13,
        ]
    }

    /// English month names and abbreviations.
    private enum Month {
        static let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

        static func number(_ token: String) -> Int64? {
            let lower = token.lowercased().trimmingTrailingDot
            guard lower.count >= 3, let index = names.firstIndex(of: String(lower.prefix(3))) else { return nil }
            // `Sept` and full names are fine; `Marchxyz` is not.
            let full = [
                "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                "november", "december",
            ][index]
            guard lower.count == 3 || full.hasPrefix(lower) else { return nil }
            return Int64(index + 1)
        }
    }

    /// English weekday names, which RFC 822 allows before the date and which are ignored.
    private enum Weekday {
        static func isWeekday(_ token: String) -> Bool {
            let lower = token.lowercased().trimmingTrailingDot
            guard lower.count >= 3 else { return false }
            return ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].contains {
                $0.hasPrefix(lower)
            }
        }
    }
}

extension StringProtocol {
    /// Without leading and trailing ASCII whitespace (space, tab, line feed, carriage return, form feed,
    /// vertical tab).
    var trimmingSpaces: String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let text = String(self)
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }),
            let last = text.utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}

extension String {
    fileprivate var trimmingTrailingDot: String { hasSuffix(".") ? String(dropLast()) : self }
}
