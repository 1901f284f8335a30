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
        let bytes = Array(trimmed.utf8)
        if let time = iso8601(bytes) { return time }
        return rfc822(bytes)
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

    /// RFC 822/1123/2822 dates, leniently. The tokens between spaces, tabs and commas are ranges of
    /// `bytes`: no substring or string is made for them (a feed's every entry has such a date).
    private static func rfc822(_ bytes: [UInt8]) -> Timestamp? {
        var tokens: [Range<Int>] = []
        var cut = 0
        while cut < bytes.count {
            while cut < bytes.count, isTokenEnd(bytes[cut]) { cut += 1 }
            let start = cut
            while cut < bytes.count, !isTokenEnd(bytes[cut]) { cut += 1 }
            if cut > start { tokens.append(start..<cut) }
        }
        var index = 0
        if index < tokens.count, Weekday.isWeekday(bytes[tokens[index]]) { index += 1 }
        guard index + 3 <= tokens.count else { return nil }
        var day: Int64?
        var month: Int64?
        for token in tokens[index..<index + 2] {
            if let value = integer(bytes[token]), (1...31).contains(value) {
                day = value
            } else if let value = Month.number(bytes[token]) {
                month = value
            }
        }
        guard let day, let month, let rawYear = integer(bytes[tokens[index + 2]]) else { return nil }
        let year: Int64
        switch tokens[index + 2].count {
        case 2: year = rawYear < 50 ? 2000 + rawYear : 1900 + rawYear
        case 4: year = rawYear
        default: return nil
        }
        index += 3
        var seconds: Int64 = 0
        var micros: Int64 = 0
        if index < tokens.count, bytes[tokens[index]].contains(UInt8(ascii: ":")) {
            var scanner = Scanner(bytes, tokens[index])
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
            var scanner = Scanner(bytes, tokens[index])
            guard let zone = scanner.numericZone(colonOptional: true) ?? scanner.zoneName(), scanner.isAtEnd else {
                return nil
            }
            offset = zone
            index += 1
            // A trailing comment such as `(PDT)` or `(Pacific Standard Time)` is allowed.
            guard index == tokens.count || bytes[tokens[index].lowerBound] == UInt8(ascii: "(") else { return nil }
        }
        return timestamp(year: year, month: month, day: day, seconds: seconds, micros: micros, offset: offset)
    }

    /// A space, tab or comma: what separates RFC 822 tokens.
    private static func isTokenEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ",")
    }

    /// `token` as a decimal integer with an optional sign (what `Int64(String)` accepts), else `nil`.
    private static func integer(_ token: ArraySlice<UInt8>) -> Int64? {
        var digits = token
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times10.addingReportingOverflow(Int64(byte - 0x30))
            guard !overflow, !overflowAgain else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Whether `token`, without one trailing dot, is at least three letters and begins `name` (lowercase
    /// ASCII), in any case: `Sept` and `Sunday` match, `Marchxyz` does not.
    private static func abbreviates(_ token: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
        var word = token
        if word.last == UInt8(ascii: ".") { word = word.dropLast() }
        guard word.count >= 3, word.count <= name.utf8CodeUnitCount else { return false }
        let letters = name.utf8Start
        for (offset, byte) in word.enumerated() where byte | 0x20 != letters[offset] { return false }
        return true
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
        var index: Int
        /// Where the scanned part of `bytes` ends.
        let end: Int
        var lastDigits = 0

        init(_ bytes: [UInt8], _ range: Range<Int>? = nil) {
            self.bytes = bytes
            index = range?.lowerBound ?? 0
            end = range?.upperBound ?? bytes.count
        }

        var isAtEnd: Bool { index >= end }

        mutating func skipSpaces() {
            while index < end, bytes[index] == 0x20 { index += 1 }
        }

        mutating func take(oneOf allowed: StaticString) -> UInt8? {
            guard index < end else { return nil }
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
            while index < end, index - start < maxDigits, bytes[index] >= 0x30, bytes[index] <= 0x39 {
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
                    while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
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
            while index < end, Markup.isLetter(bytes[index]) { index += 1 }
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
        static let names: [StaticString] = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december",
        ]

        static func number(_ token: ArraySlice<UInt8>) -> Int64? {
            names.firstIndex { FeedDate.abbreviates(token, $0) }.map { Int64($0 + 1) }
        }
    }

    /// English weekday names, which RFC 822 allows before the date and which are ignored.
    private enum Weekday {
        static let names: [StaticString] = [
            "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        ]

        static func isWeekday(_ token: ArraySlice<UInt8>) -> Bool {
            names.contains { FeedDate.abbreviates(token, $0) }
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
