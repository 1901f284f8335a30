import Foundation
import Glibc
import RiffleSandbox

/// One measured child run of the export benchmark and what the sandbox saw during it.
struct ExportMeasurement {
    var run: ExportChildRun
    /// Lines written (one item per line).
    var items: Int
    /// Requests the sandbox received during the run.
    var requests: Int
    /// Those requests, when asked to keep them (the cost benchmark replays them).
    var recorded: [SandboxRequest] = []
    var sources = 0
    /// The config the run read (the cost benchmark runs it again).
    var config = ""
    /// CPU seconds this process (the in-process sandbox) spent during the run.
    var sandboxCPU = 0.0
}

/// Where the export benchmark finds its programs and keeps its temporary files.
final class ExportContext {
    /// The release `riffle`, beside this benchmark binary.
    let riffle: String
    /// `scripts/baseline-curl-jq.sh`, found from the current directory or from the binary upwards.
    let script: String?
    /// The repository's `plugins/` (the shipped plugins), found the same way.
    let plugins: String?
    /// A temporary directory for configs and outputs, removed at the end.
    let temporary: String
    /// The children's environment: no user config or plugins can leak in.
    let environment: [String: String]
    /// The scale benchmark's sandbox, kept running for the cost benchmark.
    var scaleServer: (server: SandboxServer, url: String)?

    private init(riffle: String, script: String?, plugins: String?, temporary: String, environment: [String: String]) {
        self.riffle = riffle
        self.script = script
        self.plugins = plugins
        self.temporary = temporary
        self.environment = environment
    }

    static func make() throws -> ExportContext {
        let argument0 = CommandLine.arguments[0]
        let binary = argument0.contains("/") ? argument0 : (try? selfExecutable()) ?? argument0
        let binDirectory = URL(fileURLWithPath: binary).deletingLastPathComponent().path
        let riffle = binDirectory + "/riffle"
        guard access(riffle, X_OK) == 0 else {
            throw ExportBenchError(
                "\(riffle) is not built: run `swift build -c release --product riffle` first")
        }
        var template = Array((NSTemporaryDirectory() + "/riffle-bench-export-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ExportBenchError("cannot create a temporary directory") }
        let temporary = String(cString: made)
        mkdir(temporary + "/xdg", 0o755)
        let environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": temporary, "XDG_CONFIG_HOME": temporary + "/xdg", "LANG": "C.UTF-8",
        ]
        let resolved = URL(fileURLWithPath: binary).resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var directory = resolved
        for _ in 0..<6 {
            candidates.append(directory)
            directory = directory.deletingLastPathComponent()
        }
        /// The first candidate directory holding `file`: the path of `file`.
        func find(_ file: String) -> String? {
            candidates.map { $0.appendingPathComponent(file).path }.first {
                FileManager.default.isReadableFile(atPath: $0)
            }
        }
        return ExportContext(
            riffle: riffle, script: find("scripts/baseline-curl-jq.sh"),
            plugins: find("plugins/rest-events.py").map { URL(fileURLWithPath: $0).deletingLastPathComponent().path },
            temporary: temporary, environment: environment)
    }

    private static func selfExecutable() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    func path(_ name: String) -> String { temporary + "/" + name }

    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o600)  // the configs hold the sandbox's (literal) token
        return path
    }

    func directory(_ name: String) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// An executable on `PATH`.
    func which(_ name: String) throws -> String {
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if access(path, X_OK) == 0 { return path }
        }
        throw ExportBenchError("\(name) is not installed (not on PATH)")
    }

    /// `riffle export --config CONFIG --format ndjson` and `options` (by default `--no-store`: the network view, as the figures from before the store measured it), standard output to a
    /// file that is counted and removed (or, with `keepOutput`, kept at that path).
    /// `riffle` measures another build of riffle instead of the release one beside this benchmark.
    func export(
        _ config: String, server: SandboxServer, options: [String] = ["--no-store"], keepRequests: Bool = false,
        keepOutput: String? = nil, riffle: String? = nil
    ) async throws -> ExportMeasurement {
        server.resetRecord()
        let output = path("riffle.ndjson")
        let cpuBefore = processCPUSeconds()
        let run = try await ExportChild.run(
            riffle ?? self.riffle, ["export", "--config", config, "--format", "ndjson"] + options,
            environment: environment,
            stdoutPath: output)
        let sandboxCPU = processCPUSeconds() - cpuBefore
        let items = ExportChild.lineCount(output)
        if let keepOutput { rename(output, keepOutput) } else { unlink(output) }
        let requests = server.requests()
        return ExportMeasurement(
            run: run, items: items, requests: requests.count, recorded: keepRequests ? requests : [],
            config: config, sandboxCPU: sandboxCPU)
    }

    /// `scripts/baseline-curl-jq.sh URL PAGE_SIZE` under bash, measured the same way.
    func baseline(url: String, pageSize: Int, server: SandboxServer) async throws -> ExportMeasurement {
        guard let script else {
            throw ExportBenchError("scripts/baseline-curl-jq.sh not found: run from the repository root")
        }
        _ = try which("curl")
        _ = try which("jq")
        server.resetRecord()
        let output = path("baseline.ndjson")
        let run = try await ExportChild.run(
            try which("bash"), [script, url, String(pageSize)], environment: environment, stdoutPath: output)
        let items = ExportChild.lineCount(output)
        unlink(output)
        return ExportMeasurement(run: run, items: items, requests: server.requests().count)
    }

    func removeAll() {
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
