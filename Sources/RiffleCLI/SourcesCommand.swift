import ArgumentParser
import RiffleConfig
import RiffleCore
import RiffleTerminal

/// `riffle sources`: one line per source with the status of probing its first page.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List the sources and probe each one's first page.",
        discussion: """
            Examples:
              riffle sources
              riffle sources --json | jq '.[] | select(.status != "ok")'
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Flag(help: "Machine-readable output.")
    var json = false

    struct Probe: Sendable {
        var settings: SourceSettings
        var items: Int?
        var error: String?
    }

    func run() async throws {
        let session = try await Session.load(global)
        let sources = try session.mergeSources()
        let probes = try await Interruption.run {
            await withTaskGroup(of: (Int, Probe).self) { group in
                for (index, source) in sources.enumerated() {
                    let settings = session.sources[index]
                    group.addTask {
                        do {
                            let page = try await source.pageable.loadPage(
                                after: nil, pageSize: min(source.pageSize, 10))
                            return (index, Probe(settings: settings, items: page.items.count))
                        } catch {
                            return (index, Probe(settings: settings, error: "\(error)"))
                        }
                    }
                }
                var probes: [Probe?] = Array(repeating: nil, count: sources.count)
                for await (index, probe) in group { probes[index] = probe }
                return probes.compactMap { $0 }
            }
        }
        if json {
            let list = JSONValue.array(
                probes.map { probe in
                    var object: [String: JSONValue] = [
                        "name": .string(probe.settings.name), "type": .string(probe.settings.type),
                        "host": .string(probe.settings.host), "status": .string(probe.error == nil ? "ok" : "error"),
                    ]
                    if let error = probe.error { object["error"] = .string(error) }
                    if let items = probe.items { object["items"] = .int(Int64(items)) }
                    return .object(object)
                })
            Console.writeOut(list.jsonText + "\n")
        } else {
            let nameWidth = probes.map { UntrustedText.sanitize($0.settings.name).count }.max() ?? 4
            let typeWidth = probes.map(\.settings.type.count).max() ?? 4
            let hostWidth = probes.map { UntrustedText.sanitize($0.settings.host).count }.max() ?? 4
            for probe in probes {
                let status = probe.error.map { "error: " + UntrustedText.sanitize($0) } ?? "ok"
                Console.writeOut(
                    [
                        pad(UntrustedText.sanitize(probe.settings.name), nameWidth),
                        pad(probe.settings.type, typeWidth),
                        pad(UntrustedText.sanitize(probe.settings.host), hostWidth), status,
                    ].joined(separator: "  ") + "\n")
            }
        }
        if probes.contains(where: { $0.error != nil }) {
            throw CLIFailure(lines: [], exitCode: 2)
        }
    }

    func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
