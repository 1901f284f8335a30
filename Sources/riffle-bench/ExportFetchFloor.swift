import Foundation
import Glibc
import RiffleHTTP
import RiffleSandbox

/// What the export's CPU cannot go below while it fetches over HTTP: the same requests sent again, every
/// body read and thrown away — by riffle's own HTTP client (`RiffleHTTP` over libcurl, in a child of this
/// benchmark, less that child's start-up) and by the `curl` tool — and riffle's own start-up
/// (`riffle --version`). jq, the cost baseline, reads the pages from files, so none of these is in its
/// figure: they show how much of the goal's budget (0.25× jq) the transport and start-up alone take.
enum ExportFetchFloor {
    /// One floor's runs beside what it read.
    struct Measured {
        var fetch: [ExportChildRun]
        var startup: [ExportChildRun]
        /// `RiffleHTTP` fetching the requests, and the same child given none (its start-up).
        var client: [ExportChildRun] = []
        var clientStartup: [ExportChildRun] = []
        /// Bytes of bodies curl reported reading (to check that it fetched the pages riffle did).
        var bytes: Int
        /// Bytes of bodies the `RiffleHTTP` child read.
        var clientBytes = 0
    }

    /// One request as the fetch child reads it (a JSON array of these).
    struct Recorded: Codable {
        var method: String
        var path: String
        var body: String
        var authorization: String?
    }

    /// The fetch child (`riffle-bench export --fetch FILE URL CONNECTIONS`): sends FILE's requests to URL
    /// through `HTTPClient`, at most CONNECTIONS at a time, reads every body and prints their total size.
    static func fetchMain(_ arguments: [String]) async throws {
        guard arguments.count == 4, let connections = Int(arguments[3]) else {
            throw ExportBenchError("usage: riffle-bench export --fetch FILE URL CONNECTIONS")
        }
        let requests = try JSONDecoder().decode(
            [Recorded].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        let url = arguments[2]
        let client = try HTTPClient()
        var bytes = 0
        var next = 0
        do {
            try await withThrowingTaskGroup(of: Int.self) { group in
                func add(_ request: Recorded) {
                    var headers: HTTPHeaders = ["Content-Type": "application/json"]
                    if let authorization = request.authorization {
                        headers.add(name: "Authorization", value: authorization)
                    }
                    group.addTask {
                        try await client.execute(
                            HTTPRequest(
                                method: request.method, url: url + request.path, headers: headers,
                                body: Array(request.body.utf8))
                        ).ensureSuccess().body.count
                    }
                }
                while next < min(max(1, connections), requests.count) {
                    add(requests[next])
                    next += 1
                }
                while let size = try await group.next() {
                    bytes += size
                    if next < requests.count {
                        add(requests[next])
                        next += 1
                    }
                }
            }
        } catch {
            await client.shutdown()
            throw error
        }
        await client.shutdown()
        print(bytes)
    }

    /// Sends `requests` to `url` with `curl -s --parallel` over `connections` connections, `runs` times,
    /// and runs `riffle --version` as often; `nil` (with the reason printed) when curl is not installed.
    static func measure(
        _ requests: [SandboxRequest], sandbox url: String, connections: Int, context: ExportContext, runs: Int
    ) async throws -> Measured? {
        guard let curl = try? context.which("curl") else {
            print("export cost: no fetch floor: curl is not installed (make deps installs it)")
            return nil
        }
        let config = context.path("floor.curl")
        try curlConfig(requests, sandbox: url).write(toFile: config, atomically: true, encoding: .utf8)
        defer { unlink(config) }
        let output = context.path("floor.out")
        defer { unlink(output) }
        var measured = Measured(fetch: [], startup: [], bytes: 0)
        let list = context.path("floor.json")
        let none = context.path("floor-none.json")
        defer {
            unlink(list)
            unlink(none)
        }
        try JSONEncoder().encode(
            requests.map {
                Recorded(
                    method: $0.method, path: $0.path, body: String(decoding: $0.body, as: UTF8.self),
                    authorization: $0.headers["authorization"])
            }
        ).write(to: URL(fileURLWithPath: list))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: none))
        // The measuring helper starts the child from its own executable: this benchmark again.
        let bench = "/proc/self/exe"
        for _ in 0..<runs {
            for (file, into) in [(list, \Measured.client), (none, \Measured.clientStartup)] {
                let run = try await ExportChild.run(
                    bench, ["export", "--fetch", file, url, String(max(1, connections))],
                    environment: context.environment, stdoutPath: output)
                measured[keyPath: into].append(run)
                if file == list {
                    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                    measured.clientBytes = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
                }
            }
        }
        for _ in 0..<runs {
            let run = try await ExportChild.run(
                curl, ["-s", "--parallel", "--parallel-max", String(max(1, connections)), "-K", config],
                environment: context.environment, stdoutPath: output)
            measured.fetch.append(run)
            let sizes = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            measured.bytes = sizes.split(separator: "\n").reduce(0) { $0 + (Int($1) ?? 0) }
            measured.startup.append(
                try await ExportChild.run(
                    context.riffle, ["--version"], environment: context.environment, stdoutPath: output))
        }
        return measured
    }

    /// A curl config (`-K`) with one transfer per request: its method, body and authorization as recorded,
    /// the body thrown away and its size written out, one line each.
    static func curlConfig(_ requests: [SandboxRequest], sandbox url: String) -> String {
        var text = ""
        for (number, request) in requests.enumerated() {
            if number > 0 { text += "next\n" }
            text += "url = \(quoted(url + request.path))\n"
            text += "request = \(quoted(request.method))\n"
            text += "header = \"Content-Type: application/json\"\n"
            if let authorization = request.headers["authorization"] {
                text += "header = \(quoted("Authorization: " + authorization))\n"
            }
            if !request.body.isEmpty {
                text += "data-binary = \(quoted(String(decoding: request.body, as: UTF8.self)))\n"
            }
            text += "output = \"/dev/null\"\n"
            text += "write-out = \"%{size_download}\\n\"\n"
        }
        return text
    }

    /// `text` as a curl config string: in double quotes, with `\` and `"` escaped and line breaks as `\n`.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
