import ArgumentParser
import RiffleBytes
import RiffleConfig
import RiffleCore
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// `riffle sources`: one line per source with the status of probing its first page.
struct SourcesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources", abstract: "List the sources and probe each one's first page.",
        discussion: """
            Examples:
              riffle sources
              riffle sources --json | jq '.[] | select(.status != "ok")'
              riffle sources --opml > feeds.opml
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Flag(help: "Machine-readable output.")
    var json = false

    @Flag(help: "Write the feed sources as OPML 2.0 instead, probing nothing.")
    var opml = false

    func run() async throws {
        let session = try await Session.load(global)
        if opml {
            Console.writeOut(SourcesOPML.document(session.sources).opml())
            return
        }
        let sources = try session.mergeSources()
        // What the store held before this probe: the last refresh shown is the one before this command.
        let stored = await storeSummaries(session)
        // `--offline` goes nowhere near the network: each source is said to be not probed, never `ok`.
        let probes: [SourceStatus?] =
            session.offline
            ? Array(repeating: nil, count: sources.count)
            : try await Interruption.run {
                await withTaskGroup(of: (Int, SourceStatus).self) { group in
                    for (index, source) in sources.enumerated() {
                        group.addTask { (index, await MergedFeed.probe(source, pageSize: min(source.pageSize, 10))) }
                    }
                    var probes: [SourceStatus?] = Array(repeating: nil, count: sources.count)
                    for await (index, status) in group { probes[index] = status }
                    return probes
                }
            }
        let settings = session.sources
        await session.finishStoreWrites()
        if json {
            let list = JSONValue.array(
                zip(settings, probes).map {
                    Self.jsonObject($0, $1, stored: stored?[$0.name], storeInUse: stored != nil)
                })
            Console.writeOut(list.jsonText + "\n")
        } else {
            let nameWidth = settings.map { UntrustedText.sanitize($0.name).count }.max() ?? 4
            let typeWidth = settings.map(\.type.count).max() ?? 4
            let hostWidth = settings.map { UntrustedText.sanitize($0.host).count }.max() ?? 4
            let now = Timestamp.now()
            for (source, probe) in zip(settings, probes) {
                Console.writeOut(
                    [
                        pad(UntrustedText.sanitize(source.name), nameWidth), pad(source.type, typeWidth),
                        pad(UntrustedText.sanitize(source.host), hostWidth),
                        UntrustedText.sanitize(Self.statusText(probe)),
                    ].joined(separator: "  ")
                        + (stored.map {
                            "  "
                                + UntrustedText.sanitize(
                                    Self.storeText($0[source.name], now: now, probed: probe?.lastError?.message))
                        } ?? "") + "\n")
            }
        }
        if probes.contains(where: { $0?.lastError != nil }) {
            throw CLIFailure(lines: [], exitCode: 2)
        }
    }

    /// What the store holds per source, by name; `nil` without a store (or when it cannot be read: warned).
    func storeSummaries(_ session: Session) async -> [String: SourceSummary]? {
        guard let store = session.store else { return nil }
        do {
            return Dictionary(try await store.summaries().map { ($0.name, $0) }) { first, _ in first }
        } catch {
            session.storeTrouble.report(error)
            return nil
        }
    }

    /// `stored 120, 7 unread, refreshed 5m ago: ok` (or `: failed: …`, or `never refreshed`). A failure
    /// whose reason is the one this probe just met says so instead of repeating it on the same line.
    static func storeText(_ summary: SourceSummary?, now: Timestamp, probed error: String? = nil) -> String {
        guard let summary else { return "stored 0, never refreshed" }
        var text = "stored \(summary.itemCount), \(summary.unreadCount) unread, "
        if let refreshed = summary.lastRefresh {
            text += "refreshed " + RelativeTime.ago(refreshed, now: now)
            switch summary.lastOutcome {
            case .failed(let reason) where reason == error: text += ": failed with the same error"
            case .failed(let reason): text += ": failed: " + reason
            default: text += ": ok"
            }
        } else {
            text += "never refreshed"
        }
        return text
    }

    /// `ok`, `ok; warning: 3 items skipped (first: …)`, `error: …`, or `not probed (offline)`.
    static func statusText(_ probe: SourceStatus?) -> String {
        guard let probe else { return "not probed (offline)" }
        if let error = probe.lastError { return "error: \(error.message)" }
        let notices = probe.notices
        return notices.isEmpty ? "ok" : "ok; warning: " + notices.joined(separator: "; ")
    }

    /// One source for `--json`: `name`, `type`, `host`, `status` (`ok`, `error`, or `not probed` with
    /// `--offline`), `error`, and the counts of the probed page — `items`, `skipped`, `late` — with
    /// `skip_reason`, `late_item`, `stopped_early` and `warnings` (the server's) when there are some.
    /// With a store: `stored`, `unread`, `last_refresh` (RFC 3339) and `last_refresh_status` (`ok` or
    /// `failed`) with `last_refresh_error`.
    static func jsonObject(
        _ source: SourceSettings, _ probe: SourceStatus?, stored: SourceSummary? = nil, storeInUse: Bool = false
    ) -> JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(source.name), "type": .string(source.type), "host": .string(source.host),
            "status": .string("not probed"),
        ]
        if let probe {
            object["status"] = .string(probe.lastError == nil ? "ok" : "error")
            object["items"] = .int(Int64(probe.itemsEmitted))
            object["skipped"] = .int(Int64(probe.skippedItems))
            object["late"] = .int(Int64(probe.lateItems))
            if let error = probe.lastError { object["error"] = .string(error.message) }
            if let reason = probe.firstSkipReason { object["skip_reason"] = .string(reason) }
            if let late = probe.firstLateItem { object["late_item"] = .string(late) }
            if let stopped = probe.stoppedEarly { object["stopped_early"] = .string(stopped) }
            if !probe.warnings.isEmpty { object["warnings"] = .array(probe.warnings.map(JSONValue.string)) }
        }
        if storeInUse {
            object["stored"] = .int(Int64(stored?.itemCount ?? 0))
            object["unread"] = .int(Int64(stored?.unreadCount ?? 0))
            if let stored, let refreshed = stored.lastRefresh {
                object["last_refresh"] = .string(refreshed.rfc3339)
                switch stored.lastOutcome {
                case .failed(let reason):
                    object["last_refresh_status"] = .string("failed")
                    object["last_refresh_error"] = .string(reason)
                default: object["last_refresh_status"] = .string("ok")
                }
            }
        }
        return .object(object)
    }

    func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
