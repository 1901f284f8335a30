import RiffleCore
import RiffleTestSupport
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2026-01-06T15:09:24Z", "2026-01-06T15:09:24Z"),
        ("2020-10-06T11:29:00.000Z", "2020-10-06T11:29:00Z"),
        ("2026-01-06T15:09:24.123456+02:00", "2026-01-06T13:09:24.123456Z"),
        ("2026-01-06T15:09:24.5-01:30", "2026-01-06T16:39:24.500Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.500Z"),
        ("2024-02-29 00:00:00z", "2024-02-29T00:00:00Z"),
    ])
    func parsesAndFormats(input: String, expected: String) throws {
        let time = try #require(Timestamp(rfc3339: input))
        #expect(time.rfc3339 == expected)
    }

    @Test(arguments: [
        "", "2026-01-06", "2026-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2026-01-06T15:09:24",
        "2026-01-06T15:09:24Zjunk", "2026-01-06T25:00:00Z", "2026-01-06T15:09:24.Z",
    ])
    func rejects(input: String) {
        #expect(Timestamp(rfc3339: input) == nil)
    }

    @Test func unixSecondsRoundTrip() {
        #expect(Timestamp(unixSeconds: 1_601_983_740).rfc3339 == "2020-10-06T11:29:00Z")
        #expect(Timestamp(microseconds: -1).unixSeconds == -1)
    }
}

@Suite struct ItemTests {
    @Test func optionalFieldsSetClearAndCompareLikeStoredOnes() {
        var item = Item(id: "1", time: Timestamp(unixSeconds: 1), title: "t")
        let copy = item
        item.url = "https://x.test"
        item.tags.append("bug")
        item.extra["iid"] = .int(7)
        #expect(item.url == "https://x.test" && item.tags == ["bug"] && item.extra["iid"] == .int(7))
        #expect(copy.url == nil && copy.tags.isEmpty && copy.extra.isEmpty, "copies do not share changes")
        #expect(item != copy)
        item.url = nil
        item.tags = []
        item.extra = [:]
        #expect(item == copy && item.hashValue == copy.hashValue)
        let full = Item(id: "2", time: Timestamp(unixSeconds: 2), title: "t", url: "u", author: "a", summary: "s")
        #expect(full.author == "a" && full.summary == "s" && full == full)
    }
}

/// `Timestamp.writeRFC3339` against the digit-by-digit algorithm it replaced (`writeRFC3339Padded`, which
/// still writes the years outside 0…9999): the same bytes for random times across ±36,000 years (negative years
/// and years past 9999 included), whole seconds, milliseconds and microseconds.
@Suite struct TimestampFormatDifferentialTests {
    /// The former `writeRFC3339`: every year digit by digit.
    static func referenceRFC3339(_ time: Timestamp) -> [UInt8] {
        var out: [UInt8] = []
        let seconds = time.unixSeconds
        let micros = time.microseconds - seconds * 1_000_000
        let (date, rest) = CivilDate.split(unixSeconds: seconds)
        Timestamp.writeRFC3339Padded(date: date, rest: rest, micros: micros, to: &out)
        return out
    }

    @Test func sameBytesAsTheReference() {
        var random = SplitMix64(seed: 0x7117_2026)
        var checked = 0
        for round in 0..<200_000 {
            var micros: Int64
            switch round % 4 {
            // Anywhere in ±36,000 years.
            case 0: micros = Int64(bitPattern: random.next()) >> 3
            // Around today: years 1970…2100.
            case 1: micros = Int64(random.next() % 4_102_444_800_000_000)
            // Around year 0 and year 10,000, where the fast path ends.
            case 2:
                let edge: Int64 = random.next() % 2 == 0 ? -62_167_219_200_000_000 : 253_402_300_800_000_000
                micros = edge + Int64(bitPattern: random.next()) % 200_000_000_000_000
            default: micros = Int64(bitPattern: random.next()) >> 20
            }
            // Whole seconds, milliseconds or microseconds.
            switch random.next() % 3 {
            case 0: micros -= micros % 1_000_000
            case 1: micros -= micros % 1000
            default: break
            }
            let time = Timestamp(microseconds: micros)
            var written: [UInt8] = [0x41]
            time.writeRFC3339(to: &written)
            let expected = [0x41] + Self.referenceRFC3339(time)
            #expect(written == expected, "\(micros)")
            if written != expected { return }
            checked += 1
        }
        #expect(checked == 200_000)
        for micros: Int64 in [
            0, -1, 1, 999, 1000, 999_999, -1_000_000, 253_402_300_799_999_999, 253_402_300_800_000_000,
            -62_167_219_200_000_000, -62_167_219_200_000_001,
        ] {
            var written: [UInt8] = []
            Timestamp(microseconds: micros).writeRFC3339(to: &written)
            #expect(written == Self.referenceRFC3339(Timestamp(microseconds: micros)), "\(micros)")
        }
    }

    /// The RFC 3339 writer held to the `String`-built writer it replaced, over generated times.
    @Test func timesAreWrittenAsBefore() {
        var random = SplitMix64(seed: 9)
        var times: [Int64] = [
            0, -1, 1, 999, 1_000, 1_000_000, -1_000_000, 253_402_300_799_999_999, -62_135_596_800_000_000,
        ]
        for _ in 0..<5_000 {
            let magnitude = Int64(bitPattern: random.next() >> 6) % (1 << 58)
            times.append(random.next() % 4 == 0 ? magnitude / 1_000_000 * 1_000_000 : magnitude)
            times.append(-magnitude)
            times.append(magnitude / 1000 * 1000)
        }
        for microseconds in times {
            let time = Timestamp(microseconds: microseconds)
            #expect(time.rfc3339 == DifferentialInputs.referenceRFC3339(time), "\(microseconds)")
        }
    }

}
