import RiffleCore
import RiffleStoreKit
import Testing

@testable import RiffleServe

@Suite struct FeedQueryTests {
    private let configured = ["a", "b", "c"]

    private func parse(_ pairs: [(String, String)], only: String? = nil) -> Result<FeedQuery, ServeFailure> {
        FeedQuery.parse(pairs.map { (name: $0.0, value: $0.1) }, configured: configured, only: only)
    }

    @Test func defaultsAndValues() throws {
        let plain = try parse([]).get()
        #expect(plain.limit == 50 && plain.sources == configured && !plain.unreadOnly && plain.text == nil)
        let cursor = MergedPageCursor(time: Timestamp(microseconds: 5), source: "c", rank: 2, id: "x y/ü")
        let query = try parse([
            ("n", "500"), ("source", "c,a"), ("q", "rocket"), ("unread", "1"), ("after", FeedCursor.encode(cursor)),
            ("utm_source", "reader"),
        ]).get()
        #expect(query.limit == 500)
        #expect(query.sources == ["a", "c"], "in the configuration's order")
        #expect(query.text == "rocket" && query.unreadOnly && query.after == cursor)
        #expect(try parse([], only: "b").get().sources == ["b"])
    }

    @Test func mistakesAre400sThatSayWhy() {
        func message(_ pairs: [(String, String)]) -> String? {
            guard case .failure(let failure) = parse(pairs) else { return nil }
            #expect(failure.status == 400)
            return failure.message
        }
        #expect(message([("n", "501")]) == "?n=501 is more than 500 items")
        #expect(message([("n", "0")]) == "?n= is a whole number from 1 to 500")
        #expect(message([("source", "a,zz")]) == "unknown source \"zz\" in ?source= (see /healthz for the names)")
        #expect(message([("after", "c1.bm9wZQ")])?.hasPrefix("?after= is not a cursor") == true)
        #expect(message([("after", "garbage")])?.hasPrefix("?after= is not a cursor") == true)
        let cursor = FeedCursor.encode(
            MergedPageCursor(time: Timestamp(microseconds: 5), source: "c", rank: 2, id: "x"))
        #expect(message([("after", cursor), ("source", "a")])?.hasPrefix("?after= is not a cursor") == true)
        #expect(message(Array(repeating: ("x", "1"), count: 33)) == "more than 32 query parameters")
        #expect(message([("unread", "yes")]) == "?unread= is 1 or 0")
    }

    @Test func cursorsRoundTrip() {
        for id in ["x", "a b c", "tag:x,2026:y/1", "ü", " leading"] {
            let cursor = MergedPageCursor(time: Timestamp(microseconds: -3), source: "src.1", rank: 9, id: id)
            #expect(FeedCursor.decode(FeedCursor.encode(cursor)) == cursor)
        }
        #expect(FeedCursor.decode("c2.AAAA") == nil)
        #expect(FeedCursor.decode("c1." + String(repeating: "A", count: 3_000)) == nil)
    }

    @Test func tokensAreComparedWhole() {
        let token = AccessToken("s3cret")
        #expect(token.matches("s3cret"))
        #expect(!token.matches("s3cre") && !token.matches("s3cret!") && !token.matches("") && !token.matches("S3cret"))
        #expect(token.admits(ServedRequest(method: "GET", path: "/", authorization: "Bearer s3cret")))
        #expect(token.admits(ServedRequest(method: "GET", path: "/", parameters: [("token", "s3cret")])))
        #expect(!token.admits(ServedRequest(method: "GET", path: "/", authorization: "Basic s3cret")))
    }

    @Test func theAccessLogMasksSecrets() {
        #expect(
            AccessLog.line(
                method: "GET", path: "/feed.atom", rawQuery: "n=5&token=abc&api_key=k&q=x", status: 200, bytes: 10,
                milliseconds: 3) == "GET /feed.atom?n=5&token=***&api_key=***&q=x 200 10 3ms")
        #expect(AccessLog.masked(path: "/a\u{1B}[2J", rawQuery: nil) == "/a[2J")
    }

    @Test func gzipIsTakenUnlessRefused() {
        func accepts(_ header: String?) -> Bool {
            ServedRequest(method: "GET", path: "/", acceptEncoding: header).acceptsGzip
        }
        #expect(accepts("gzip") && accepts("br, gzip;q=0.8") && accepts("GZIP"))
        #expect(!accepts(nil) && !accepts("br") && !accepts("gzip;q=0") && !accepts("gzip; q=0"))
    }

    @Test func httpDates() {
        #expect(Timestamp(unixSeconds: 784_111_777).imfFixdate == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(Timestamp(unixSeconds: 0).imfFixdate == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(Timestamp(unixSeconds: 1_796_688_000).imfFixdate == "Tue, 08 Dec 2026 00:00:00 GMT")
        for seconds: Int64 in [0, 784_111_777, 1_796_688_000, 4_102_444_799] {
            #expect(
                Timestamp(imfFixdate: Timestamp(unixSeconds: seconds).imfFixdate) == Timestamp(unixSeconds: seconds))
        }
        #expect(Timestamp(imfFixdate: "Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(Timestamp(imfFixdate: "Sun, 31 Feb 1994 08:49:37 GMT") == nil)
    }
}
