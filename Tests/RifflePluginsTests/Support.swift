import Foundation
import Glibc
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSandbox
import RiffleSources
import RiffleTestSupport

@testable import RifflePlugins

/// The repository root (for the shipped `plugins/`).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
let shippedPlugins = repositoryRoot + "/plugins"

/// A fresh temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "riffle-plugins-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Writes an executable script (see `ExecutableFile`: no write descriptor of it reaches another process).
@discardableResult
func writeScript(_ directory: String, _ name: String, _ text: String) async throws -> String {
    let path = directory + "/" + name
    try await ExecutableFile.write(text, to: path)
    return path
}

func writeFile(_ directory: String, _ name: String, _ text: String) throws -> String {
    let path = directory + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Whether a process is gone (a zombie left to an init that does not reap counts as gone).
func isGone(_ pid: Int32) -> Bool {
    if kill(pid, 0) == -1 && errno == ESRCH { return true }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
}

/// The bytes written to process `pid`'s stdout (a pipe) that its reader has not read yet, or `nil` when
/// that cannot be seen. Opens the pipe through `/proc` for reading, close-on-exec, and never reads it.
func unreadOutput(ofProcess pid: Int32) -> Int? {
    let descriptor = open("/proc/\(pid)/fd/1", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var count: Int32 = 0
    guard ioctl(descriptor, UInt(FIONREAD), &count) == 0 else { return nil }
    return Int(count)
}

/// Every page of a source, to the end.
func pageToEnd(_ source: any Pageable, pageSize: Int, limit: Int = 100) async throws -> (items: [Item], pages: Int) {
    var items: [Item] = []
    var cursor: String?
    for page in 1...limit {
        let loaded = try await source.loadPage(after: cursor, pageSize: pageSize)
        items += loaded.items
        guard loaded.hasMore, let next = loaded.nextCursor else { return (items, page) }
        cursor = next
    }
    return (items, limit)
}

/// A running sandbox and an HTTP client.
struct Sandbox {
    let server: SandboxServer
    let port: UInt16
    let client: HTTPClient

    static func start(itemsPerSource: Int = 60) async throws -> Sandbox {
        let server = SandboxServer(options: SandboxOptions(itemsPerSource: itemsPerSource))
        let port = try await server.start()
        var configuration = HTTPClient.Configuration()
        configuration.backoffBase = .milliseconds(10)
        return Sandbox(server: server, port: port, client: try HTTPClient(configuration: configuration))
    }

    /// Starts a sandbox, runs `body` with it, and stops it, awaited, whether `body` threw or not.
    static func with<R>(itemsPerSource: Int = 60, _ body: (Sandbox) async throws -> R) async throws -> R {
        try await withResource(try await start(itemsPerSource: itemsPerSource), stop: { await $0.stop() }, body)
    }

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() async {
        await client.shutdown()
        await server.stop()
    }
}

/// How long a test lets an executable plugin's `--describe` take: a hang guard, far above what python3
/// takes to start on a loaded machine (the program's own default is 5 s).
let describeTimeout = Duration.seconds(60)

/// The shipped plugins' catalogue (no standard directories).
func shippedCatalog() async -> (PluginCatalog, [PluginProblem]) {
    await PluginCatalog.discover(
        directories: [shippedPlugins], environment: ProcessInfo.processInfo.environment, includeStandard: false,
        describeTimeout: describeTimeout)
}

/// The sources of a configuration text, checked against `catalog`.
func sources(_ text: String, _ catalog: PluginCatalog) throws -> [SourceSettings] {
    try Configuration.parse(
        text: text, environment: catalog.environment, adapters: BuiltInAdapters.all, plugins: catalog.types
    ).sources
}

enum HTTPClientFactory {
    static func make() throws -> HTTPClient { try HTTPClient(configuration: HTTPClient.Configuration()) }
}
