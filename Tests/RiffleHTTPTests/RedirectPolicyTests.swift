import Testing

@testable import RiffleHTTP

@Suite struct RedirectPolicyTests {
    let policy = RedirectPolicy(maxRedirects: 5)

    func request(_ method: String = "GET", _ url: String = "https://gitlab.example/api/graphql") -> HTTPRequest {
        HTTPRequest(
            method: method, url: url,
            headers: ["Authorization": "Bearer t0ken", "Content-Type": "application/json", "X-Custom": "1"],
            body: Array("{}".utf8))
    }

    func follow(_ request: HTTPRequest, _ status: Int, _ location: String, after: Int = 0) -> Result<
        HTTPRequest, RedirectPolicy.Refusal
    > {
        policy.follow(request, status: status, location: location, redirectsSoFar: after)
    }

    @Test func sameOriginKeepsConfiguredHeaders() throws {
        let next = try follow(request(), 302, "/other").get()
        #expect(next.url == "https://gitlab.example/other")
        #expect(next.headers["authorization"] == "Bearer t0ken")
        #expect(next.headers["X-Custom"] == "1")
    }

    @Test(arguments: [
        "https://evil.example/x",  // host
        "http://gitlab.example/x",  // scheme
        "https://gitlab.example:8443/x",  // port
        "//other.example/x",  // scheme-relative to another host
    ])
    func crossOriginDropsEveryConfiguredHeader(location: String) throws {
        let next = try follow(request(), 307, location).get()
        #expect(next.headers.isEmpty)
    }

    @Test func explicitDefaultPortIsTheSameOrigin() throws {
        let next = try follow(request(), 302, "https://GITLAB.example:443/y").get()
        #expect(next.headers["Authorization"] == "Bearer t0ken")
    }

    @Test func methodRewriting() throws {
        for status in [301, 302, 303] {
            let next = try follow(request("POST"), status, "/get").get()
            #expect(next.method == "GET")
            #expect(next.body.isEmpty)
            #expect(next.headers["Content-Type"] == nil)
        }
        for status in [307, 308] {
            let next = try follow(request("POST"), status, "/post").get()
            #expect(next.method == "POST")
            #expect(next.body == Array("{}".utf8))
        }
        #expect(try follow(request("PUT"), 302, "/x").get().method == "PUT")
        #expect(try follow(request("PUT"), 303, "/x").get().method == "GET")
        #expect(try follow(request("HEAD"), 303, "/x").get().method == "HEAD")
    }

    @Test func refusals() {
        #expect(throws: RedirectPolicy.Refusal.unsupportedScheme("ftp")) {
            try follow(request(), 302, "ftp://x.example/f").get()
        }
        #expect(throws: RedirectPolicy.Refusal.unsupportedScheme("file")) {
            try follow(request(), 302, "file:///etc/passwd").get()
        }
        #expect(throws: RedirectPolicy.Refusal.unsupportedScheme("javascript")) {
            try follow(request(), 302, "javascript:alert(1)").get()
        }
        #expect(throws: RedirectPolicy.Refusal.tooMany) { try follow(request(), 302, "/x", after: 5).get() }
        #expect(throws: RedirectPolicy.Refusal.invalidLocation) { try follow(request(), 302, "https:///nohost").get() }
    }

    @Test func relativeLocations() throws {
        let base = request("GET", "https://h.example/a/b/c?q=1")
        #expect(try follow(base, 302, "d").get().url == "https://h.example/a/b/d")
        #expect(try follow(base, 302, "../d?x=2").get().url == "https://h.example/a/d?x=2")
        #expect(try follow(base, 302, "?page=2").get().url == "https://h.example/a/b/c?page=2")
        #expect(RedirectPolicy.isRedirect(status: 308))
        #expect(!RedirectPolicy.isRedirect(status: 304))
    }
}
