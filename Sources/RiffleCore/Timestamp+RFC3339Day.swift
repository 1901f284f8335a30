extension Timestamp {
    /// The day of the last time written through it (`writeRFC3339(to:reusing:)`) and that day's date as RFC 3339
    /// writes it (`2026-10-28`, ten bytes), for a writer of many times in a row (the export, one per item).
    /// Empty at first; only years 0…9999 are kept.
    public struct RFC3339Day: Sendable {
        /// Days since 1970-01-01 (`Int64.min`: none).
        var days = Int64.min
        /// The date's first eight bytes and its last two, in memory order.
        private var head: UInt64 = 0
        private var tail: UInt16 = 0

        public init() {}

        /// Copies the date's ten bytes to `text`.
        @inline(__always)
        func write(to text: UnsafeMutablePointer<UInt8>) {
            let raw = UnsafeMutableRawPointer(text)
            raw.storeBytes(of: head, as: UInt64.self)
            raw.storeBytes(of: tail, toByteOffset: 8, as: UInt16.self)
        }

        /// Keeps `days`' date, the ten bytes at `text`.
        @inline(__always)
        mutating func keep(_ days: Int64, from text: UnsafePointer<UInt8>) {
            let raw = UnsafeRawPointer(text)
            self.days = days
            head = raw.loadUnaligned(as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        }
    }
}
