package import RiffleBytes

extension Timestamp {
    /// The day of the last time written through it (`writeRFC3339(to:reusing:)`) and that day's date as RFC 3339
    /// writes it (`2026-10-28`, ten bytes), for a writer of many times in a row (the export, one per item).
    /// Empty at first; only years 0…9999 are kept.
    package struct RFC3339Day: Sendable {
        /// Days since 1970-01-01 (`Int64.min`: none).
        var days = Int64.min
        /// The date's ten bytes.
        private var text: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

        package init() {}

        /// Writes the date's ten bytes.
        @inline(__always)
        func write(to out: inout ByteWriter) {
            out.put(text.0)
            out.put(text.1)
            out.put(text.2)
            out.put(text.3)
            out.put(text.4)
            out.put(text.5)
            out.put(text.6)
            out.put(text.7)
            out.put(text.8)
            out.put(text.9)
        }

        /// Keeps `days`' date, `year` (0…9999), `month` and `day` as fixed-width digits.
        @inline(__always)
        mutating func keep(_ days: Int64, year: Int, month: Int, day: Int) {
            func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: value) &+ 0x30 }
            self.days = days
            let dash = UInt8(ascii: "-")
            text = (
                digit(year / 1000), digit(year / 100 % 10), digit(year / 10 % 10), digit(year % 10), dash,
                digit(month / 10), digit(month % 10), dash, digit(day / 10), digit(day % 10)
            )
        }
    }
}
