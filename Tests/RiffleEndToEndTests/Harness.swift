import Foundation
import RiffleBytes
import RiffleCore
import RiffleSandbox
import RiffleTestSupport
import Testing

/// Runs the built `riffle` binary the way a user does, against a sandbox server started in-process.
struct RiffleRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var stdoutBytes: [UInt8]
}

enum Harness {
    /// The built binary, beside the running test bundle; `make test` builds every product before running
    /// tests.
    static func binary(_ name: String) throws -> URL {
        URL(fileURLWithPath: try BuiltProducts.path(of: name))
    }

    struct HarnessError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("riffle-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs riffle with `arguments`, in `directory`, with a small environment plus `environment`; when
    /// `interruptWhen` is given, sends `SIGINT` once it holds (it must within 30 s). `asNobody`: run as the
    /// user `nobody` through `setpriv` (see `nobodyCanRunRiffle`), for a root test run where file modes
    /// must bind.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        interruptWhen: (() -> Bool)? = nil, asNobody: Bool = false
    ) async throws -> RiffleRun {
        let process = Process()
        if asNobody {
            process.executableURL = URL(fileURLWithPath: setpriv)
            process.arguments = Self.nobody + ["--", try binary("riffle").path] + arguments
        } else {
            process.executableURL = try binary("riffle")
            process.arguments = arguments
        }
        let work = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        var env = Self.environment(stateIn: work)
        env.merge(environment) { _, new in new }
        process.environment = env
        process.currentDirectoryURL = directory ?? work
        let out = work.appendingPathComponent("stdout")
        let err = work.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        let status = try await process.runUntilExit {
            guard let interruptWhen else { return }
            guard await eventually(interruptWhen) else {
                throw HarnessError("riffle \(arguments) never reached the point to interrupt it")
            }
            process.interrupt()
        }
        let stdout = try Data(contentsOf: out)
        return RiffleRun(
            status: status, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self), stdoutBytes: Array(stdout))
    }

    /// The small environment riffle runs with: each run has a store of its own, under `work` (gone with the
    /// run), unless the test names one.
    static func environment(stateIn work: URL) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8",
            "XDG_STATE_HOME": work.appendingPathComponent("state").path,
            "XDG_CACHE_HOME": work.appendingPathComponent("cache").path,
        ]
    }

    /// util-linux's `setpriv`, which runs a program under another user and group.
    static let setpriv = "/usr/bin/setpriv"
    /// `setpriv`'s arguments for the user and group `nobody` (65534), with no supplementary groups.
    static let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups"]

    /// Why `run(asNobody: true)` cannot work here, or `nil` when it can: it needs root, `setpriv`, and the
    /// built `riffle` reachable by others (every directory above it searchable, the file executable).
    static func nobodyCannotRunRiffle() throws -> String? {
        guard geteuid() == 0 else { return "not running as root" }
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return "\(setpriv) is missing" }
        var path = try binary("riffle").path
        while !path.isEmpty, path != "/" {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & 0o001 != 0 else {
                return "\(path) is not reachable by other users"
            }
            path = (path as NSString).deletingLastPathComponent
        }
        return nil
    }

    /// A running sandbox and a config file pointing at it.
    struct Sandbox {
        var server: SandboxServer
        var url: String
        var directory: URL

        /// Forgets the recorded requests once the server has been quiet — no request arrived — for `quiet`
        /// (at most 30 s of waiting): a run that stopped at `--limit` exits with its read-ahead requests
        /// possibly still on their way (in the listen queue, or read but not yet recorded, under load), and
        /// they must not be counted as the next run's.
        func resetRecordWhenQuiet(quiet: Duration = .seconds(1)) async throws {
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            var count = server.requests().count
            var since = clock.now
            while clock.now < deadline, clock.now - since < quiet {
                try await Task.sleep(for: .milliseconds(50))
                let now = server.requests().count
                if now != count {
                    count = now
                    since = clock.now
                }
            }
            server.resetRecord()
        }

        func config(_ yaml: String, name: String = "config.yaml") throws -> String {
            let path = directory.appendingPathComponent(name).path
            try yaml.replacingOccurrences(of: "SANDBOX", with: url).write(
                toFile: path, atomically: true, encoding: .utf8)
            return path
        }
    }

    static func withSandbox<T>(_ options: SandboxOptions = SandboxOptions(), _ body: (Sandbox) async throws -> T)
        async throws -> T
    {
        let server = SandboxServer(options: options)
        let port = try await server.start()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await withResource(server, stop: { await $0.stop() }) { server in
            try await body(Sandbox(server: server, url: "http://127.0.0.1:\(port)", directory: directory))
        }
    }

    /// All three built-in adapters against the sandbox, anonymously (`SANDBOX` stands for its URL).
    static let threeSources = SandboxSourceKind.config(
        [(.gitlabRocket, "rocket"), (.spacex, "launches"), (.articles, "articles")], pageSize: 20, sandbox: "SANDBOX",
        timeout: "60s", retries: 1)

    static func jsonArray(_ bytes: [UInt8]) throws -> [JSONValue] {
        guard case .array(let items) = try JSONValue(parsing: bytes) else { throw HarnessError("not a JSON array") }
        return items
    }
}
