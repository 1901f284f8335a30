import Testing

@testable import RiffleHTTP

@Suite struct ParsingTests {
    @Test func urlParts() throws {
        let parts = try #require(URLParts.parse("HTTPS://User:pw@Example.COM:8443/p/a?x=1#frag"))
        #expect(parts.scheme == "https")
        #expect(parts.host == "example.com")
        #expect(parts.port == 8443)
        #expect(parts.path == "/p/a")
        #expect(parts.query == "x=1")
        #expect(parts.origin == "https://example.com:8443")
        #expect(parts.redactedForLog == "https://***@example.com:8443/p/a?x=1")
        #expect(URLParts.parse("http://[::1]:80/x")?.host == "[::1]")
        #expect(URLParts.parse("http://h.example")?.origin == "http://h.example:80")
        #expect(URLParts.parse("not a url") == nil)
        #expect(URLParts.parse("http://h:99999/") == nil)
    }

    /// The byte reading of printable-ASCII URLs gives the parts the `Character` reading gives, over
    /// generated URLs full of the separators (and ports with signs, empty parts, brackets, doubled marks).
    @Test func urlPartsReadAsBytesEqualTheCharacterReading() {
        var state: UInt64 = 17
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let pieces = [
            "http", "HTTPS", "h2", "x+y-z.w", "1a", "://", ":", "/", "//", "?", "#", "@", "[", "]", "::1", "80",
            "+80", "-0", "65535", "65536", "Example.COM", "user:pw", "a=b&c=d", "%2F", ".", "..", "~", "!", "$",
            "'", "*", ",", ";", "=", "_", "a", "Z", "0",
        ]
        for _ in 0..<20_000 {
            var url = ""
            for _ in 0..<Int(next() % 9) { url += pieces[Int(next() % UInt64(pieces.count))] }
            if next() % 2 == 0 { url = ["http://", "HTTPS://", "ftp://", "h:/"][Int(next() % 4)] + url }
            var bytes = url
            let byBytes = bytes.withUTF8 { URLParts.parseASCII($0) }
            #expect(byBytes == URLParts.parseCharacters(url), "\(url)")
            #expect(URLParts.parse(url) == byBytes, "\(url)")
        }
        // Not printable ASCII: read as `Character`s.
        #expect(URLParts.parse("http://B\u{FC}cher.Example/x y")?.host == "b\u{FC}cher.example")
        #expect(
            URLParts.parse("http://h.example/\u{0301}?q") == URLParts.parseCharacters("http://h.example/\u{0301}?q"))
    }

    @Test func secretQueryParametersAreMasked() {
        let masked = URLParts.maskQuery(
            "page=2&private_token=abc&Access_Token=def&token=g&key=h&api_key=i&secret=j&password=k&sort=asc")
        #expect(
            masked
                == "page=2&private_token=***&Access_Token=***&token=***&key=***&api_key=***&secret=***&password=***&sort=asc"
        )
    }

    @Test func redactorMasksHeaderValuesAndConfiguredSecrets() {
        let request = HTTPRequest(
            url: "https://h.example/x?private_token=qwerty123",
            headers: ["Authorization": "Bearer abcdef123", "PRIVATE-TOKEN": "glpat-xyz", "Cookie": "session=cookie99"])
        let redactor = Redactor(secrets: Redactor.secrets(for: request, configured: ["configured-secret"]))
        let text = "Bearer abcdef123 / abcdef123 / glpat-xyz / cookie99 / qwerty123 / configured-secret / fine"
        #expect(redactor.redact(text) == "*** / *** / *** / *** / *** / *** / fine")
    }

    @Test func htmlExcerptIsShortPlainText() {
        let html = """
            <html><head><title>502 Bad Gateway</title><style>p { color: red }</style>
            <script>alert("<x>")</script></head><body><h1>Bad   Gateway</h1>
            <p>nginx &amp; friends</p>\(String(repeating: "<p>more words here</p>", count: 100))</body></html>
            """
        let excerpt = BodyExcerpt.make(from: Array(html.utf8))
        #expect(excerpt.hasPrefix("502 Bad Gateway Bad Gateway nginx & friends more words"))
        #expect(excerpt.count <= 200)
        #expect(!excerpt.contains("<"))
        #expect(!excerpt.contains("color"))
        #expect(!excerpt.contains("alert"))
        #expect(BodyExcerpt.make(from: Array("Retry later\n".utf8)) == "Retry later")
        #expect(BodyExcerpt.make(from: Array("a\u{1B}]0;title\u{07}b".utf8)) == "a ]0;title b")
    }

    @Test func headersAreCaseInsensitiveAndOrdered() {
        var headers: HTTPHeaders = ["Accept": "a"]
        headers.add(name: "set-cookie", value: "1")
        headers.add(name: "Set-Cookie", value: "2")
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "SET-COOKIE") == ["1", "2"])
        headers.replaceOrAdd(name: "set-cookie", value: "3")
        #expect(headers.values(for: "Set-Cookie") == ["3"])
        #expect(headers.map(\.name) == ["Accept", "set-cookie"])
    }

    @Test func validation() {
        func kind(_ request: HTTPRequest) -> HTTPError.Kind? {
            if case .failure(let error) = RequestValidator.validate(request) { return error.kind }
            return nil
        }
        #expect(kind(HTTPRequest(url: "https://h.example/x")) == nil)
        #expect(kind(HTTPRequest(url: "ftp://h.example/x")) == .invalidRequest)
        #expect(kind(HTTPRequest(url: "file:///etc/passwd")) == .invalidRequest)
        #expect(kind(HTTPRequest(url: "https://h.example/a b")) == .invalidRequest)
        #expect(kind(HTTPRequest(method: "get", url: "https://h.example/")) == .invalidRequest)
        #expect(kind(HTTPRequest(url: "https://h.example/", headers: ["X": "a\r\nB: c"])) == .invalidRequest)
        #expect(kind(HTTPRequest(url: "https://h.example/", headers: ["X\n": "a"])) == .invalidRequest)
    }

    @Test func admissionQueueHonoursBothLimits() {
        var queue = AdmissionQueue(maxInFlight: 3, maxPerOrigin: 2)
        for id in 1...4 { queue.enqueue(id: UInt64(id), origin: "a") }
        queue.enqueue(id: 5, origin: "b")
        #expect(queue.admit() == [1, 2, 5])  // "a" is full, "b" jumps ahead
        #expect(queue.admit() == [])
        queue.remove(id: 1)
        #expect(queue.canAdmit)
        #expect(queue.admit() == [3])
        let removedQueued = queue.remove(id: 4)  // cancelled while queued
        let removedUnknown = queue.remove(id: 99)
        #expect(removedQueued)
        #expect(!removedUnknown)
        #expect(queue.queuedCount == 0)
        #expect(queue.inFlight(origin: "a") == 2)
    }
}
