import Foundation
import Glibc
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSandbox
import RiffleSources

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

/// Writes an executable script.
@discardableResult
func writeScript(_ directory: String, _ name: String, _ text: String) throws -> String {
    let path = directory + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
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

    var base: String { "http://127.0.0.1:\(port)" }

    func stop() async {
        client.shutdown()
        await server.stop()
    }
}

/// The shipped plugins' catalogue (no standard directories).
func shippedCatalog() async -> (PluginCatalog, [PluginProblem]) {
    await PluginCatalog.discover(
        directories: [shippedPlugins], environment: ProcessInfo.processInfo.environment, includeStandard: false)
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
