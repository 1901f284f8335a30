import RiffleCore
import Testing

@testable import RiffleHTTP

/// `Cache-Control: max-age`, `Expires` and `Retry-After` as the earliest next request for a
/// feed — `HTTPResponse.nextRequestAt(now:)`.
@Suite struct FreshnessTests {
    /// 2026-11-26T12:00:00Z, and the same instant as an HTTP date.
    static let now = Timestamp(microseconds: 1_795_694_400 * 1_000_000)
    static let nowText = "Thu, 26 Nov 2026 12:00:00 GMT"

    static func next(_ headers: HTTPHeaders) -> Int64? {
        let response = HTTPResponse(status: 200, headers: headers, url: "http://127.0.0.1:1/feed.xml")
        return response.nextRequestAt(now: now).map { ($0.microseconds - now.microseconds) / 1_000_000 }
    }

    @Test func theClockAgreesWithTheHTTPDate() {
        #expect(HTTPDate.parse(Self.nowText) == 1_795_694_400)
    }

    @Test func expiresIsTheEarliestNextRequest() {
        #expect(Self.next(["Expires": "Thu, 26 Nov 2026 12:10:00 GMT"]) == 600)
    }

    @Test func maxAgeWinsOverExpires() {
        #expect(Self.next(["Cache-Control": "public, max-age=60", "Expires": "Thu, 26 Nov 2026 12:10:00 GMT"]) == 60)
    }

    @Test func anExpiresInThePastOrUnreadableAsksForNothing() {
        #expect(Self.next(["Expires": "Thu, 26 Nov 2026 11:00:00 GMT"]) == nil)
        #expect(Self.next(["Expires": "0"]) == nil)
        #expect(Self.next([:]) == nil)
    }

    @Test func noCacheAndNoStoreIgnoreExpires() {
        #expect(Self.next(["Cache-Control": "no-cache", "Expires": "Thu, 26 Nov 2026 12:10:00 GMT"]) == nil)
        #expect(Self.next(["Cache-Control": "no-store", "Expires": "Thu, 26 Nov 2026 12:10:00 GMT"]) == nil)
    }

    @Test func retryAfterWinsWhenLater() {
        #expect(Self.next(["Retry-After": "900", "Expires": "Thu, 26 Nov 2026 12:10:00 GMT"]) == 900)
        #expect(Self.next(["Retry-After": "30", "Cache-Control": "max-age=120"]) == 120)
    }

    @Test func aFarExpiresIsCappedAtADay() {
        #expect(Self.next(["Expires": "Thu, 26 Nov 2036 12:00:00 GMT"]) == 86_400)
    }
}
