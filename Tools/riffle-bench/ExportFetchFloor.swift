import Foundation
import Glibc
import RiffleSandbox
import RiffleSystem

/// What the export's CPU cannot go below while it fetches over HTTP: the same requests sent again, every
/// body read and thrown away — by riffle's own HTTP client (`RiffleHTTP` over libcurl, in a child of this
/// benchmark, less that child's start-up) and by the `curl` tool — and riffle's own start-up
/// (`riffle --version`). jq, the cost baseline, reads the pages from files, so none of these is in its
/// figure. The curl tool's CPU is what the goal takes off: riffle's CPU less curl's is at most 0.25× jq's.
enum ExportFetchFloor {
    /// One case's floor runs beside what they read.
    struct Measured {
        /// The `curl` tool over the requests, and `riffle --version`.
        var curl: [ExportChildRun] = []
        var startup: [ExportChildRun] = []
        /// `RiffleHTTP` over the requests, and the same child given none (its start-up).
        var client: [ExportChildRun] = []
        var clientStartup: [ExportChildRun] = []
        /// Bytes of bodies curl and the client reported reading (to check they fetched the pages riffle did).
        var curlBytes = 0
        var clientBytes = 0
    }

    /// The fetch child (`riffle-bench export --fetch FILE URL CONNECTIONS`): sends FILE's requests (a JSON
    /// list of `ExportPages.Request`) to URL, at most CONNECTIONS at a time, reads every body and prints
    /// their total size. On a `ThreadExecutor` of its own, as `riffle export` runs its loads (`Exporter`).
    static func fetchMain(_ arguments: [String]) async throws {
        guard arguments.count == 4, let connections = Int(arguments[3]) else {
            throw ExportBenchError("usage: riffle-bench export --fetch FILE URL CONNECTIONS")
        }
        let requests = try JSONDecoder().decode(
            [ExportPages.Request].self, from: Data(contentsOf: URL(fileURLWithPath: arguments[1])))
        let executor = try ThreadExecutor()
        let result: Result<Int, any Error>
        do {
            result = .success(
                try await withTaskExecutorPreference(executor) {
                    try await ExportPages.send(requests, sandbox: arguments[2], inFlight: connections) { _, _ in }
                })
        } catch {
            result = .failure(error)
        }
        await executor.shutdown()
        print(try result.get())
    }

    /// Sends `requests` to `url` `runs` times each way — through the fetch child and with
    /// `curl -s --parallel` — over `connections` connections, and runs `riffle --version` as often. Without
    /// curl only its runs are left out (the reason printed).
    static func measure(
        _ requests: [SandboxRequest], sandbox url: String, connections: Int, context: ExportContext, runs: Int
    ) async throws -> Measured {
        let curl = try? context.which("curl")
        if curl == nil { print("export cost: the floor without curl: it is not installed (make deps installs it)") }
        let output = context.path("floor.out")
        let list = context.path("floor.json")
        let none = context.path("floor-none.json")
        defer {
            for path in [output, list, none] { unlink(path) }
        }
        try JSONEncoder().encode(requests.map(ExportPages.Request.init)).write(to: URL(fileURLWithPath: list))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: none))
        let inFlight = String(max(1, connections))
        var measured = Measured()
        for _ in 0..<runs {
            // The measuring helper starts the child from its own executable: this benchmark again.
            for file in [list, none] {
                let run = try await ExportChild.run(
                    "/proc/self/exe", ["export", "--fetch", file, url, inFlight], environment: context.environment,
                    stdoutPath: output)
                if file == list {
                    measured.client.append(run)
                    measured.clientBytes = sum(of: output)
                } else {
                    measured.clientStartup.append(run)
                }
            }
            if let curl {
                measured.curl.append(
                    try await ExportChild.run(
                        curl, ["-s", "--parallel", "--parallel-max", inFlight] + curlArguments(requests, sandbox: url),
                        environment: context.environment, stdoutPath: output))
                measured.curlBytes = sum(of: output)
            }
            measured.startup.append(
                try await ExportChild.run(
                    context.riffle, ["--version"], environment: context.environment, stdoutPath: output))
        }
        return measured
    }

    /// curl's arguments for one transfer per request (`--next` between them): its method, body and
    /// authorization as recorded, the body thrown away and its size written out, one line each. Arguments,
    /// not a config file: nothing needs quoting, and `--data-raw` takes the body as it is.
    static func curlArguments(_ requests: [SandboxRequest], sandbox url: String) -> [String] {
        var arguments: [String] = []
        for (number, request) in requests.enumerated() {
            if number > 0 { arguments.append("--next") }
            arguments += [url + request.path, "-X", request.method, "-H", "Content-Type: application/json"]
            if let authorization = request.headers["authorization"] {
                arguments += ["-H", "Authorization: " + authorization]
            }
            if !request.body.isEmpty { arguments += ["--data-raw", String(decoding: request.body, as: UTF8.self)] }
            arguments += ["-o", "/dev/null", "-w", "%{size_download}\\n"]
        }
        return arguments
    }

    /// The sum of the numbers on the lines of the file at `path` (0 when it cannot be read).
    static func sum(of path: String) -> Int {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").reduce(0) { $0 + (Int($1.trimmingCharacters(in: .whitespaces)) ?? 0) }
    }
}
