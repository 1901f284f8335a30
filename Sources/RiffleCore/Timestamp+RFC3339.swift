package import RiffleBytes

extension Timestamp {
    /// Parses an RFC 3339 / ISO 8601 date-time: `2026-01-06T15:09:24Z`, `2020-10-06T11:29:00.000Z`,
    /// `2026-01-06T15:09:24.123456+02:00`. A space may stand for `T`; `z`/`t` are accepted. Fractions beyond
    /// microseconds are truncated. Returns `nil` for anything else (no locale, no guessing).
    package init?(rfc3339 text: some StringProtocol) {
        guard let time = Self.withUTF8(text, Timestamp.init(rfc3339Bytes:)) else { return nil }
        self = time
    }

    /// `init?(rfc3339:)` over UTF-8 bytes, read where they lie: the JSON adapters parse an item's time
    /// straight from the received page, without a `String` or an array of its bytes.
    init?(rfc3339Bytes bytes: Span<UInt8>) {
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        var index = 0
        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ first: UInt8, _ second: UInt8, _ third: UInt8? = nil) -> Bool {
            guard index < bytes.count, bytes[index] == first || bytes[index] == second || bytes[index] == third
            else { return false }
            index += 1
            return true
        }
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        // The separator may be `T`, `t` or a space, the zone `Z` or `z`.
        guard let year = digits(4), expect(dash, dash), let month = digits(2), expect(dash, dash),
            let day = digits(2), expect(UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")), let hour = digits(2),
            expect(colon, colon), let minute = digits(2), expect(colon, colon), let second = digits(2)
        else { return nil }
        let date = CivilDate(year: Int(year), month: Int(month), day: Int(day))
        guard date.isValid, hour < 24, minute < 60, second < 61 else { return nil }
        var micros: Int64 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale: Int64 = 100_000
            var count = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                micros += Int64(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
                count += 1
            }
            guard count > 0 else { return nil }
        }
        var offsetSeconds: Int64 = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else {
            let sign: Int64
            switch bytes[index] {
            case UInt8(ascii: "+"): sign = 1
            case UInt8(ascii: "-"): sign = -1
            default: return nil
            }
            index += 1
            guard let offsetHours = digits(2), expect(colon, colon), let offsetMinutes = digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard index == bytes.count else { return nil }
        let seconds =
            date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        self.init(microseconds: seconds * 1_000_000 + micros)
    }

    /// Parses a plain calendar date, `2026-11-01`, as its midnight UTC: APIs and plugins that know only
    /// the day of an event send this, and dropping such items as timeless would lose them silently.
    /// Returns `nil` for anything else (exactly `YYYY-MM-DD`, a valid day).
    package init?(date text: some StringProtocol) {
        guard let time = Self.withUTF8(text, Timestamp.init(dateBytes:)) else { return nil }
        self = time
    }

    /// `init?(date:)` over UTF-8 bytes, read where they lie.
    init?(dateBytes bytes: Span<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        self.init(microseconds: date.daysSinceEpoch * 86_400 * 1_000_000)
    }

    /// `init?(rfc3339OrDate:)` over UTF-8 bytes, read where they lie (a page's string, `JSONNode.timestampValue`).
    init?(rfc3339OrDateBytes bytes: Span<UInt8>) {
        guard let time = Timestamp(rfc3339Bytes: bytes) ?? Timestamp(dateBytes: bytes) else { return nil }
        self = time
    }

    /// `body` over the text's UTF-8 bytes: in place for a `String` or a `Substring` (every caller's), else
    /// copied once.
    private static func withUTF8(_ text: some StringProtocol, _ body: (Span<UInt8>) -> Timestamp?) -> Timestamp? {
        if let string = text as? String { return body(string.utf8.span) }
        if let substring = text as? Substring { return body(substring.utf8.span) }
        return body(Array(text.utf8).span)
    }

    /// An item time as APIs write it: RFC 3339, or a plain date (its midnight UTC).
    package init?(rfc3339OrDate text: some StringProtocol) {
        guard let time = Self.withUTF8(text, Timestamp.init(rfc3339OrDateBytes:)) else { return nil }
        self = time
    }

    /// RFC 3339 in UTC: `2026-10-28T21:05:53Z`, with a fraction (milliseconds, or microseconds when
    /// needed) only when the time has one.
    package var rfc3339: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        writeRFC3339(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The most bytes `writeRFC3339(to:)` writes (a year of six digits and a sign, microseconds).
    package static let rfc3339Bound = 40

    /// Appends `rfc3339`'s bytes to `out`, written through `writeRFC3339(to: ByteWriter)` on the stack and
    /// appended in one copy.
    package func writeRFC3339(to out: inout [UInt8]) {
        ByteWriter.appending(to: &out, reserving: Self.rfc3339Bound) { writeRFC3339(to: &$0) }
    }

    /// Writes `rfc3339`'s bytes through `out`, which must have room for `rfc3339Bound` bytes (it traps
    /// before writing past its room): the export writes every item's time. Years 0…9999 (every time an API
    /// sends) are written as fixed-width digits; any other year goes the general way
    /// (`writeRFC3339Padded`), the same bytes.
    package func writeRFC3339(to out: inout ByteWriter) {
        var day = RFC3339Day()
        writeRFC3339(to: &out, reusing: &day)
    }

    /// `writeRFC3339(to:)`, with the date's ten bytes copied from `day` when it holds this time's day, else
    /// worked out and kept there: the export writes times newest first, most on the day of the one before, so
    /// it works a date out about once a day of items rather than once an item.
    package func writeRFC3339(to out: inout ByteWriter, reusing day: inout RFC3339Day) {
        let seconds = unixSeconds
        let micros = microseconds &- seconds &* 1_000_000
        let (days, rest) = CivilDate.splitDays(unixSeconds: seconds)
        /// `value` (0…99) as two digits.
        func two(_ value: Int) {
            let tens = value / 10
            out.put(UInt8(truncatingIfNeeded: tens) &+ 0x30)
            out.put(UInt8(truncatingIfNeeded: value &- tens &* 10) &+ 0x30)
        }
        if days != day.days {
            let date = CivilDate(daysSinceEpoch: days)
            guard date.year >= 0, date.year <= 9999 else {
                var text: [UInt8] = []
                Self.writeRFC3339Padded(date: date, rest: rest, micros: micros, to: &text)
                precondition(text.count <= Self.rfc3339Bound, "RFC 3339 text longer than its bound")
                out.put(text)
                return
            }
            day.keep(days, year: date.year, month: date.month, day: date.day)
        }
        day.write(to: &out)
        let fraction = Int(micros)
        out.put(UInt8(ascii: "T"))
        let minutes = rest / 60
        let hour = minutes / 60
        two(hour)
        out.put(UInt8(ascii: ":"))
        two(minutes &- hour &* 60)
        out.put(UInt8(ascii: ":"))
        two(rest &- minutes &* 60)
        if fraction != 0, fraction % 1000 == 0 {
            let millis = fraction / 1000
            let hundreds = millis / 100
            out.put(UInt8(ascii: "."))
            out.put(UInt8(truncatingIfNeeded: hundreds) &+ 0x30)
            two(millis &- hundreds &* 100)
        } else if fraction != 0 {
            let high = fraction / 10_000
            let low = fraction &- high &* 10_000
            let middle = low / 100
            out.put(UInt8(ascii: "."))
            two(high)
            two(middle)
            two(low &- middle &* 100)
        }
        out.put(UInt8(ascii: "Z"))
    }

    /// `writeRFC3339` for any year, digit by digit: a year before 0 as `String` writes it (years before 0
    /// are never sent, but stay printable), one after 9999 with all its digits. It is the algorithm the fast
    /// path replaced, kept whole: `TimestampFormatDifferentialTests` holds the fast path to it for every year.
    package static func writeRFC3339Padded(date: CivilDate, rest: Int, micros: Int64, to out: inout [UInt8]) {
        /// `value` in decimal, at least `width` digits (zeros in front); a negative value as `String`
        /// writes it, padded in front the same way (years before 0 are never sent, but stay printable).
        func pad(_ value: Int, _ width: Int) {
            guard value >= 0 else {
                let text = String(value)
                if text.utf8.count < width {
                    out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - text.utf8.count))
                }
                out.append(contentsOf: text.utf8)
                return
            }
            var digits = 1
            var limit = 10
            while value >= limit, digits < 19 {
                digits += 1
                limit = limit &* 10
            }
            let count = max(digits, width)
            let end = out.count + count
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
            var value = value
            var position = end - 1
            while value > 0 {
                out[position] = UInt8(truncatingIfNeeded: value % 10) &+ 0x30
                value /= 10
                position -= 1
            }
        }
        pad(date.year, 4)
        out.append(UInt8(ascii: "-"))
        pad(date.month, 2)
        out.append(UInt8(ascii: "-"))
        pad(date.day, 2)
        out.append(UInt8(ascii: "T"))
        pad(rest / 3600, 2)
        out.append(UInt8(ascii: ":"))
        pad(rest / 60 % 60, 2)
        out.append(UInt8(ascii: ":"))
        pad(rest % 60, 2)
        if micros != 0 {
            out.append(UInt8(ascii: "."))
            if micros % 1000 == 0 { pad(Int(micros / 1000), 3) } else { pad(Int(micros), 6) }
        }
        out.append(UInt8(ascii: "Z"))
    }
}
