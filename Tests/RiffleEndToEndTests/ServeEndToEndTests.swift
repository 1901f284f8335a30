import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// `riffle serve` as a user runs it: the built binary in a process of its own beside a sandbox, filling
/// its store by its own refresher, every route checked over real HTTP and read back by riffle itself.
@Suite(.serialized) struct ServeEndToEndTests {
    /// Two feeds (Atom paged by `rel=next`, RSS) and a GitLab project, refreshed within a second of the start.
    static let sources = """
        defaults: {timeout: 60s, retries: 1, refresh: 1s}
        sources:
          - {name: atom, type: feed, url: "SANDBOX/feeds/atom.xml"}
          - {name: rss, type: feed, url: "SANDBOX/feeds/rss.xml"}
          - {name: rocket, type: gitlab, url: "SANDBOX", project: sandbox/rocket, page_size: 20}

        """

    /// A running `riffle serve`: its port, and the file its stderr goes to.
    struct Server {
        var port: UInt16
        var stderr: URL

        func get(_ target: String, headers: [(String, String)] = [], method: String = "GET") async throws
            -> LoopbackHTTPClient.Response
        {
            try await LoopbackHTTPClient.send(port: port, method: method, target: target, headers: headers)
        }

        var log: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
    }

    /// Runs `riffle serve ARGUMENTS` until `body` returns, then sends SIGTERM; its exit status. The port is
    /// the one it prints (`serving on http://127.0.0.1:PORT`) once bound.
    static func serving(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:],
        _ body: (Server) async throws -> Void
    ) async throws -> Int32 {
        let process = Process()
        process.executableURL = try Harness.binary("riffle")
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        process.environment = Harness.environment(stateIn: directory).merging(environment) { _, given in given }
        let stderr = directory.appendingPathComponent("serve-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        return try await process.runUntilExit {
            var port: UInt16?
            // A hang guard (the line comes within a second on an idle machine), not a measure.
            _ = await eventually(timeout: .seconds(120)) {
                let text = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
                guard let range = text.range(of: "serving on http://127.0.0.1:") else { return false }
                port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
                return port != nil
            }
            guard let port else {
                throw Harness.HarnessError(
                    "riffle serve never said where it listens: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? "")"
                )
            }
            try await body(Server(port: port, stderr: stderr))
            process.terminate()
        }
    }

    /// Waits until `/healthz` says every source was refreshed and ok.
    static func waitUntilFilled(_ server: Server) async throws {
        // A hang guard: three sources of a few pages each, refreshed within the first second.
        let filled = try await eventually(timeout: .seconds(120), interval: .milliseconds(100)) {
            let health = try await server.get("/healthz")
            guard health.status == 200, case .object(let object) = try JSONValue(parsing: health.body),
                case .array(let list)? = object["sources"]
            else { return false }
            return list.count == 3 && list.allSatisfy { $0["state"]?.stringValue == "ok" }
        }
        #expect(filled, "\(server.log)")
    }

    /// What an item is, for comparing two views of the feed: source, id, time, title.
    struct Seen: Hashable, CustomStringConvertible {
        var source: String
        var id: String
        var time: String
        var title: String
        var description: String { "\(source)/\(id) \(time) \(title)" }
    }

    static func seen(_ object: JSONValue) -> Seen {
        Seen(
            source: object["source"]?.stringValue ?? "", id: object["id"]?.stringValue ?? "",
            time: object["time"]?.stringValue ?? "", title: object["title"]?.stringValue ?? "")
    }

    /// Every route, the paging through the whole store equal to `riffle export` item for item, riffle's own
    /// feed adapter paging the served Atom to its end, and SIGTERM ending the server with 0.
    @Test func servesTheStoreOverHTTP() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 60, includeHostileTitles: false)) { sandbox in
            let store = sandbox.directory.appendingPathComponent("store.sqlite").path
            let config = try sandbox.config("store: {path: \(store)}\n" + Self.sources)
            let status = try await Self.serving(["--config", config, "--access-log", "-v"], in: sandbox.directory) {
                server in
                try await Self.waitUntilFilled(server)
                let export = try await Harness.run(["export", "--offline", "--config", config])
                #expect(export.status == 0, "\(export.stderr)")
                let expected = try Harness.jsonArray(export.stdoutBytes).map(Self.seen)
                #expect(expected.count > 100)

                // The JSON Feed, seven items a page, to its end: the export's items in the export's order.
                var target = "/feed.json?n=7"
                var served: [Seen] = []
                for _ in 0..<200 {
                    let page = try await server.get(target)
                    #expect(page.status == 200)
                    #expect(page.headers["content-type"] == "application/feed+json; charset=utf-8")
                    guard case .object(let feed) = try JSONValue(parsing: page.body) else { break }
                    #expect(feed["version"]?.stringValue == "https://jsonfeed.org/version/1.1")
                    if case .array(let items)? = feed["items"] {
                        served += items.compactMap { $0["_riffle"] }.map(Self.seen)
                    }
                    guard let next = feed["next_url"]?.stringValue, let path = next.range(of: "/feed.json") else {
                        break
                    }
                    target = String(next[path.lowerBound...])
                }
                #expect(served == expected)

                // riffle's own feed adapter pages the served Atom (rel="next") to the end.
                let reader = try sandbox.config(
                    """
                    defaults: {timeout: 60s, retries: 0}
                    sources:
                      - {name: served, type: feed, url: "http://127.0.0.1:\(server.port)/feed.atom?n=50"}

                    """, name: "reader.yaml")
                let read = try await Harness.run(["export", "--no-store", "--config", reader])
                #expect(read.status == 0, "\(read.stderr)")
                let viaAtom = try Harness.jsonArray(read.stdoutBytes).map {
                    "\($0["time"]?.stringValue ?? "") \(Self.asXMLText($0["title"]?.stringValue ?? ""))"
                }
                let expectedText = expected.map { "\($0.time) \(Self.asXMLText($0.title))" }
                #expect(viaAtom.count == expectedText.count)
                let differing = zip(viaAtom, expectedText).enumerated().first { $0.element.0 != $0.element.1 }
                #expect(differing == nil, "first difference: \(String(describing: differing))")

                // RSS and one source's Atom parse with riffle's parser too (through the adapter).
                let rssReader = try sandbox.config(
                    """
                    defaults: {timeout: 60s, retries: 0}
                    sources:
                      - {name: served, type: feed, url: "http://127.0.0.1:\(server.port)/feed.rss?n=40"}
                      - {name: one, type: feed, url: "http://127.0.0.1:\(server.port)/sources/rss/feed.atom"}

                    """, name: "rss.yaml")
                let rss = try await Harness.run(["export", "--no-store", "--config", rssReader])
                #expect(rss.status == 0, "\(rss.stderr)")
                let rssItems = try Harness.jsonArray(rss.stdoutBytes)
                #expect(rssItems.filter { $0["source"]?.stringValue == "served" }.count == expected.count)
                #expect(
                    rssItems.filter { $0["source"]?.stringValue == "one" }.count
                        == expected.filter { $0.source == "rss" }.count)

                try await Self.checkNewsboat(server, expected: expected.count, in: sandbox.directory)
                try await Self.checkCaching(server)
                try await Self.checkErrors(server)
                let taken = try await Harness.run([
                    "serve", "--config", config, "--offline", "--listen", "127.0.0.1:\(server.port)",
                ])
                #expect(taken.status == 1)
                #expect(taken.stderr.contains("cannot listen on 127.0.0.1:\(server.port): the address is in use"))
                #expect(server.log.contains("riffle: refreshed atom: "), "-v: one line per refresh")
                #expect(server.log.contains("riffle: GET /feed.json?n=7 200 "), "--access-log")
            }
            #expect(status == 0, "SIGTERM ends riffle serve with 0")
        }
    }

    /// A title as an Atom text construct carries it to a reader: without the controls XML cannot hold, its
    /// runs of white space read as one space (riffle's parser collapses them, as Atom's text type allows).
    static func asXMLText(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Debian's newsboat, subscribed to `/feed.atom` (a page holding every stored item: newsboat does not
    /// follow `rel="next"`), reads every item.
    static func checkNewsboat(_ server: Server, expected: Int, in directory: URL) async throws {
        let newsboat = "/usr/bin/newsboat"
        try #require(
            FileManager.default.isExecutableFile(atPath: newsboat), "newsboat is missing: make deps installs it")
        let home = directory.appendingPathComponent("newsboat-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let urls = home.appendingPathComponent("urls")
        try "http://127.0.0.1:\(server.port)/feed.atom?n=500\n".write(to: urls, atomically: true, encoding: .utf8)
        let config = home.appendingPathComponent("config")
        try "reload-threads 1\n".write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: newsboat)
        process.arguments = [
            "-u", urls.path, "-c", home.appendingPathComponent("cache.db").path, "-C", config.path, "-x", "reload",
            "print-unread",
        ]
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let status = try await process.runUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == 0)
        #expect(text.contains("\(expected) unread articles"), "newsboat said: \(text)")
    }

    /// ETag, 304 without a body, Last-Modified, HEAD, gzip over real HTTP.
    static func checkCaching(_ server: Server) async throws {
        let first = try await server.get("/feed.atom")
        let tag = try #require(first.headers["etag"])
        #expect(first.headers["content-length"] == String(first.body.count))
        let again = try await server.get("/feed.atom", headers: [("If-None-Match", tag)])
        #expect(again.status == 304 && again.body.isEmpty && again.headers["content-length"] == nil)
        let modified = try #require(first.headers["last-modified"])
        let since = try await server.get("/feed.atom", headers: [("If-Modified-Since", modified)])
        #expect(since.status == 304)
        let head = try await server.get("/feed.atom", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == String(first.body.count))
        #expect(head.headers["etag"] == tag)
        let gzip = try await server.get("/feed.atom", headers: [("Accept-Encoding", "gzip")])
        #expect(gzip.headers["content-encoding"] == "gzip")
        #expect(try gunzip(gzip.body) == first.body)
        #expect(first.headers["cache-control"]?.hasPrefix("max-age=") == true)
    }

    /// The 400s and 404s, each saying why.
    static func checkErrors(_ server: Server) async throws {
        let tooMany = try await server.get("/feed.atom?n=501")
        #expect(tooMany.status == 400 && String(decoding: tooMany.body, as: UTF8.self).contains("500"))
        let unknown = try await server.get("/feed.rss?source=atom,nope")
        #expect(unknown.status == 400 && String(decoding: unknown.body, as: UTF8.self).contains("\"nope\""))
        #expect(try await server.get("/feed.json?after=c1.garbage").status == 400)
        #expect(try await server.get("/sources/nope/feed.atom").status == 404)
        #expect(try await server.get("/sources/rss/feed.json").status == 200)
        #expect(try await server.get("/feed.atom?source=rss&q=a&unread=1").status == 200)
    }

    /// Decompressed by the system's gzip, a reader independent of riffle's zlib.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }

    /// A token guards every route but /healthz; a non-loopback address without one refuses to start (78).
    @Test func theTokenRule() async throws {
        try await Harness.withSandbox(SandboxOptions(itemsPerSource: 20)) { sandbox in
            let store = sandbox.directory.appendingPathComponent("store.sqlite").path
            let open = try sandbox.config("store: {path: \(store)}\n" + Self.sources)
            let refused = try await Harness.run(["serve", "--config", open, "--listen", "0.0.0.0:0"])
            #expect(refused.status == 78)
            #expect(refused.stderr.contains("not a loopback address"), "\(refused.stderr)")
            let guarded = try sandbox.config(
                "store: {path: \(store)}\nserve: {token: \"${SERVE_TOKEN}\"}\n" + Self.sources, name: "guarded.yaml")
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: guarded)
            let status = try await Self.serving(
                ["--config", guarded, "--offline", "--access-log"], in: sandbox.directory,
                environment: ["SERVE_TOKEN": "t0ken-e2e"]
            ) { (server: Server) async throws in
                #expect(try await server.get("/feed.atom").status == 401)
                #expect(try await server.get("/feed.atom?token=wrong").status == 401)
                #expect(try await server.get("/feed.atom?token=t0ken-e2e").status == 200)
                #expect(
                    try await server.get("/feed.rss", headers: [("Authorization", "Bearer t0ken-e2e")]).status == 200)
                #expect(try await server.get("/healthz").status == 200)
                #expect(!server.log.contains("t0ken-e2e"), "the token is never logged")
                #expect(server.log.contains("token=***"))
            }
            #expect(status == 0)
        }
    }
}
