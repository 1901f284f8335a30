import RiffleCore
import Testing

@testable import RiffleFeed

/// Every date form feeds use.
@Suite struct FeedDateTests {
    @Test(arguments: [
        // RFC 822 / 1123 with named zones.
        ("Sun, 01 Nov 2026 10:00:00 GMT", "2026-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 UT", "2026-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 UTC", "2026-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 EST", "2026-11-01T15:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 EDT", "2026-11-01T14:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 CST", "2026-11-01T16:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 CDT", "2026-11-01T15:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 MST", "2026-11-01T17:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 MDT", "2026-11-01T16:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 PST", "2026-11-01T18:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 PDT", "2026-11-01T17:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 pdt", "2026-11-01T17:00:00Z"),
        // Military letters carry no information (RFC 1123 5.2.14): UTC.
        ("Sun, 01 Nov 2026 10:00:00 Z", "2026-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 A", "2026-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 Y", "2026-11-01T10:00:00Z"),
        // Numeric zones.
        ("Sun, 01 Nov 2026 10:00:00 +0100", "2026-11-01T09:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 -0530", "2026-11-01T15:30:00Z"),
        ("Sun, 01 Nov 2026 10:00:00 +01:00", "2026-11-01T09:00:00Z"),
        ("Sun, 01 Nov 2026 10:00:00+0100", "2026-11-01T09:00:00Z"),
        // Two-digit years, missing seconds, missing weekday, missing zone, a single-digit day, comments.
        ("Sun, 01 Nov 26 10:00:00 GMT", "2026-11-01T10:00:00Z"),
        ("Mon, 01 Nov 99 10:00:00 GMT", "1999-11-01T10:00:00Z"),
        ("Sun, 01 Nov 2026 10:00 GMT", "2026-11-01T10:00:00Z"),
        ("01 Nov 2026 10:00:00 GMT", "2026-11-01T10:00:00Z"),
        ("Sun, 1 Nov 2026 10:00:00", "2026-11-01T10:00:00Z"),
        ("Sunday, 01 November 2026 10:00:00 GMT", "2026-11-01T10:00:00Z"),
        ("Sun, Nov 01 2026 10:00:00 GMT", "2026-11-01T10:00:00Z"),
        ("Tue, 10 Jun 2003 04:00:00 -0700 (PDT)", "2003-06-10T11:00:00Z"),
        ("  Tue, 10 Jun 2003 04:00:00 GMT\n", "2003-06-10T04:00:00Z"),
        ("Sun, 01 Nov 2026", "2026-11-01T00:00:00Z"),
        // RFC 3339 with and without fractions, and its looser relatives.
        ("2026-11-01T10:00:00Z", "2026-11-01T10:00:00Z"),
        ("2026-11-01T10:00:00.123456Z", "2026-11-01T10:00:00.123456Z"),
        ("2026-11-01T10:00:00.5+02:00", "2026-11-01T08:00:00.5Z"),
        ("2026-11-01t10:00:00z", "2026-11-01T10:00:00Z"),
        ("2026-11-01T10:00:00", "2026-11-01T10:00:00Z"),
        ("2026-11-01T10:00Z", "2026-11-01T10:00:00Z"),
        ("2026-11-01T10:00:00+0200", "2026-11-01T08:00:00Z"),
        ("2026-11-01", "2026-11-01T00:00:00Z"),
        ("2020/1/10 14:33:00", "2020-01-10T14:33:00Z"),
    ])
    func parses(_ text: String, _ expected: String) {
        #expect(FeedDate.parse(text) == time(expected), "\(text)")
    }

    @Test(arguments: [
        "", "yesterday", "Sun, 32 Nov 2026 10:00:00 GMT", "Sun, 29 Feb 2026 10:00:00 GMT",
        "Sun, 01 Nov 2026 25:00:00 GMT", "Sun, 01 Foo 2026 10:00:00 GMT", "Sun, 01 Nov 2026 10:00:00 XYZ",
        "2026-13-01T10:00:00Z", "2026-11-01T10:00:00+25:00", "Sun, 01 Nov 226 10:00:00 GMT",
        String(repeating: "9", count: 1000),
    ])
    func rejects(_ text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }
}
