import FlyingFox

extension LoopbackServer {
    /// The standard routes every loopback server answers (query parameters drive them):
    /// - `/hello`: `hello`.
    /// - `/delay?ms=N`: answers `ok` after N milliseconds.
    /// - `/gather?n=N`: answers `ok` once N requests are in flight at the same moment (or, a hang guard, after
    ///   120 s: a client gathering should allow longer), so a test sees how many requests a client runs at
    ///   once, however slow the machine.
    /// - `/echo-headers`: the request headers, one `name: value` per line.
    /// - `/echo`: `METHOD body`.
    /// - `/gzip?repeat=N`: `hello gzip ` × N, gzip-encoded.
    /// - `/bomb?bytes=N`: N zero bytes, gzip-encoded (a few KiB on the wire).
    /// - `/big?bytes=N`: N bytes of `x`.
    /// - `/status?code=N&retryAfter=S&rateLimitReset=E&html=1`: that status, headers and an error body.
    /// - `/flaky?key=K&failures=N&code=503&retryAfter=S`: fails N times per key, then `ok`.
    /// - `/redirect?to=URL&code=302`: a redirect to URL.
    /// - `/chain?n=N`: redirects N times along the chain, then `end`.
    static func addStandardRoutes(to routes: inout RoutedHTTPHandler, stats: ServerStats) {
        func route(_ path: String, _ handler: @escaping @Sendable (RecordedRequest) async -> Reply) {
            routes.appendRoute(HTTPRoute(path)) { request in
                try await respond(to: request, stats: stats, handler)
            }
        }
        route("/hello") { _ in Reply(text: "hello") }
        route("/delay") { request in
            let milliseconds = Int(request.query("ms") ?? "") ?? 100
            try? await Task.sleep(for: .milliseconds(milliseconds))
            return Reply(text: "ok")
        }
        route("/gather") { request in
            let count = Int(request.query("n") ?? "") ?? 2
            _ = await eventually(timeout: .seconds(120), interval: .milliseconds(5)) { stats.maxConcurrent >= count }
            return Reply(text: "ok")
        }
        route("/echo-headers") { request in
            Reply(text: request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
        }
        route("/echo") { request in
            Reply(text: request.method + " " + String(decoding: request.body, as: UTF8.self))
        }
        route("/gzip") { request in
            let count = min(Int(request.query("repeat") ?? "") ?? 100, 1_000_000)
            let text = String(repeating: "hello gzip ", count: count)
            return Reply(headers: [("Content-Encoding", "gzip")], body: Gzip.compress(Array(text.utf8)))
        }
        route("/bomb") { request in
            let count = min(Int(request.query("bytes") ?? "") ?? 1 << 20, 1 << 30)
            return Reply(
                headers: [("Content-Encoding", "gzip")], body: Gzip.compress([UInt8](repeating: 0, count: count)))
        }
        route("/big") { request in
            let count = min(Int(request.query("bytes") ?? "") ?? 1 << 20, 1 << 30)
            return Reply(body: [UInt8](repeating: UInt8(ascii: "x"), count: count))
        }
        route("/status") { request in
            statusReply(request, code: Int(request.query("code") ?? "") ?? 500)
        }
        route("/flaky") { request in
            let failures = Int(request.query("failures") ?? "") ?? 1
            let seen = stats.increment("flaky:" + (request.query("key") ?? ""))
            if seen <= failures { return statusReply(request, code: Int(request.query("code") ?? "") ?? 503) }
            return Reply(text: "ok after \(seen - 1) failures")
        }
        route("/redirect") { request in
            Reply(
                status: Int(request.query("code") ?? "") ?? 302,
                headers: [("Location", request.query("to") ?? "/hello")])
        }
        route("/chain") { request in
            let remaining = Int(request.query("n") ?? "") ?? 0
            if remaining <= 0 { return Reply(text: "end") }
            return Reply(status: 302, headers: [("Location", "/chain?n=\(remaining - 1)")])
        }
    }

    private static func statusReply(_ request: RecordedRequest, code: Int) -> Reply {
        var headers: [(name: String, value: String)] = []
        if let value = request.query("retryAfter") { headers.append(("Retry-After", value)) }
        if let value = request.query("rateLimitReset") { headers.append(("RateLimit-Reset", value)) }
        if request.query("html") == "1" {
            headers.append(("Content-Type", "text/html"))
            let page = """
                <!DOCTYPE html><html><head><title>\(code) Bad Gateway</title>
                <style>body { font-family: sans-serif; }</style><script>var x = "<b>";</script></head>
                <body><h1>Bad   Gateway</h1>\n\n<p>The upstream &amp; the proxy disagree.</p>
                \(String(repeating: "<div>filler text</div>\n", count: 200))</body></html>
                """
            return Reply(status: code, headers: headers, text: page)
        }
        let echo = request.query("echo").flatMap { request.header($0) }.map { " (you sent \($0))" } ?? ""
        return Reply(status: code, headers: headers, text: "status \(code)\(echo)")
    }
}
