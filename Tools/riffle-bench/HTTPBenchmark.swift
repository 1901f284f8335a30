import Glibc
import RiffleCore
import RiffleHTTP
import RiffleTestSupport

/// `riffle-bench http [--per-origin N]`: 64 requests to 8 loopback origins whose servers answer after
/// 200 ms, all at once through one `HTTPClient`, against the ideal and against one after another.
///
/// The servers run in a child process (this binary with `--serve`), so the client CPU figures are the
/// client's alone. Ideal wall time = ceil(requests per origin / per-origin limit) × 200 ms (the slowest
/// origin's chain of rounds), assuming the total limit is not the bottleneck (it is 64 here).
enum HTTPBenchmark {
    static let origins = 8
    static let requests = 64
    static let latencyMilliseconds = 200

    static func run(_ arguments: [String]) async throws {
        if arguments.first == "--serve" {
            try await serve(count: Int(arguments.dropFirst().first ?? "") ?? origins)
            return
        }
        var perOrigin = 8
        if let index = arguments.firstIndex(of: "--per-origin"), index + 1 < arguments.count,
            let value = Int(arguments[index + 1]), value > 0
        {
            perOrigin = value
        }
        let (child, ports) = try startServers()
        defer { kill(child, SIGTERM); var status: Int32 = 0; waitpid(child, &status, 0) }

        var configuration = HTTPClient.Configuration()
        configuration.maxPerOrigin = perOrigin
        configuration.maxInFlight = requests
        let client = try HTTPClient(configuration: configuration)
        let urls = (0..<requests).map { "http://127.0.0.1:\(ports[$0 % ports.count])/delay?ms=\(latencyMilliseconds)" }

        // Warm-up: one request per origin (loads code, opens one connection each).
        _ = try await concurrently(client, Array(urls.prefix(origins)))

        let concurrent = try await measure { try await concurrently(client, urls) }
        let sequential = try await measure {
            for url in urls { _ = try await client.execute(HTTPRequest(url: url)).ensureSuccess() }
        }
        await client.shutdown()

        let perOriginRequests = (requests + origins - 1) / origins
        let rounds = (perOriginRequests + perOrigin - 1) / perOrigin
        let ideal = Double(rounds * latencyMilliseconds) / 1000
        print(
            "riffle-bench http: \(requests) GETs over \(origins) loopback origins, server latency "
                + "\(latencyMilliseconds) ms, per-origin limit \(perOrigin), total limit \(requests)")
        print("servers in a child process: the CPU figures are the client's alone (getrusage RUSAGE_SELF)")
        print(
            "ideal = ceil(\(perOriginRequests) per origin / \(perOrigin)) × \(latencyMilliseconds) ms = \(format(ideal))"
        )
        print("")
        print(pad("", 12) + pad("wall", 10) + pad("× ideal", 9) + pad("client CPU", 12) + "CPU/request")
        print(pad("ideal", 12) + pad(format(ideal), 10) + pad("1.00", 9))
        for (name, result) in [("concurrent", concurrent), ("sequential", sequential)] {
            print(
                pad(name, 12) + pad(format(result.wall), 10) + pad(ratio(result.wall / ideal), 9)
                    + pad(format(result.cpu), 12) + format(result.cpu / Double(requests)))
        }
        print("")
        print(
            "concurrent vs sequential: \(ratio(sequential.wall / concurrent.wall))× faster; goal ≤ 1.30× ideal, < 1 ms CPU/request"
        )
    }

    /// Runs every URL at once and checks each succeeded.
    private static func concurrently(_ client: HTTPClient, _ urls: [String]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls {
                group.addTask { _ = try await client.execute(HTTPRequest(url: url)).ensureSuccess() }
            }
            try await group.waitForAll()
        }
    }

    /// Wall seconds and process CPU seconds of `body`.
    private static func measure(_ body: () async throws -> Void) async throws -> (wall: Double, cpu: Double) {
        let cpuBefore = processCPUSeconds()
        let started = ContinuousClock.now
        try await body()
        let wall = ContinuousClock.now - started
        return (wall.seconds, processCPUSeconds() - cpuBefore)
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The child: starts `count` servers, prints their ports on one line, serves until killed.
    private static func serve(count: Int) async throws {
        var servers: [LoopbackServer] = []
        for _ in 0..<count { servers.append(try await LoopbackServer.start()) }
        print(servers.map { String($0.port) }.joined(separator: " "))
        fflush(nil)
        while true { try await Task.sleep(for: .seconds(3600)) }
    }

    /// Spawns this binary with `http --serve` and reads the ports it prints.
    private static func startServers() throws -> (pid_t, [Int]) {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchmarkError.spawn("pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let arguments = ["riffle-bench", "http", "--serve", String(origins)]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, "/proc/self/exe", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard result == 0 else { throw BenchmarkError.spawn("posix_spawn: \(result)") }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(pipeEnds[0], &byte, 1) == 1, byte != 10 { line.append(byte) }
        close(pipeEnds[0])
        let ports = String(decoding: line, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard ports.count == origins else { throw BenchmarkError.spawn("the server process printed no ports") }
        return (child, ports)
    }

    private enum BenchmarkError: Error {
        case spawn(String)
    }

    private static func format(_ seconds: Double) -> String {
        if seconds >= 1 { return String(Double(Int(seconds * 100)) / 100) + " s" }
        let milliseconds = seconds * 1000
        if milliseconds >= 10 { return "\(Int(milliseconds.rounded())) ms" }
        return String(Double(Int(milliseconds * 100)) / 100) + " ms"
    }

    private static func ratio(_ value: Double) -> String {
        String(Double(Int((value * 100).rounded())) / 100)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
