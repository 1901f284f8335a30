import RiffleCore
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
