import ArgumentParser
import RiffleCore
import RiffleExport
internal import RiffleSystem
import RiffleTerminal

/// `riffle export`: the merged feed as JSON (contract sections 1 and 3).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the merged feed as JSON.")

    @OptionGroup var global: GlobalOptions

    @Option(help: "json, ndjson or jsonfeed.")
    var format: String = "json"

    @Option(help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Stop after this many items.")
    var limit: Int?

    @Option(help: "Only items newer than this: RFC 3339, or a duration such as 7d, 12h, 30m.")
    var since: String?

    @Option(help: "Continue after the item whose cursor is this token.")
    var after: String?

    func run() async throws {
        guard let format = ExportFormat(rawValue: format) else {
            throw CLIFailure.usage("--format \(UntrustedText.sanitize(format)): expected json, ndjson or jsonfeed")
        }
        if let limit, limit < 0 { throw CLIFailure.usage("--limit \(limit): expected 0 or more") }
        let sinceTime = try since.map { text -> Timestamp in
            guard let time = TimeArgument.parse(text, now: Timestamp(microseconds: SystemClock.wallMicroseconds()))
            else {
                throw CLIFailure.usage(
                    "--since \(UntrustedText.sanitize(text)): expected RFC 3339 (2026-01-31T12:00:00Z) or a duration (7d, 12h, 30m)"
                )
            }
            return time
        }
        let position = try after.map { token -> MergePosition in
            guard let position = MergePosition(token: token) else {
                throw CLIFailure.usage("--after: not a cursor from riffle export (copy an item's \"cursor\" field)")
            }
            return position
        }
        let session = try await Session.load(global)
        let sources = try session.mergeSources(since: sinceTime)
        let output = self.output
        let showProgress = Descriptor.isTerminal(2)
        let exporter = Exporter(format: format, limit: limit, progress: showProgress ? Self.showProgress : nil)
        let feed = MergedFeed(sources: sources, options: MergeOptions(since: sinceTime), resumingAt: position)
        let summary: ExportSummary
        do {
            summary = try await Interruption.run {
                // The exporter aborts the sink (removing a temporary file) on any failure or cancellation.
                let sink: any ExportSink = try output.map { try outputSink(path: $0) } ?? StandardOutputSink()
                return try await exporter.run(feed, into: sink)
            }
        } catch is Interruption.Interrupted {
            throw CLIFailure(lines: ["interrupted; no output file was written"], exitCode: 130)
        } catch let error as ExportSinkError where error.isBrokenPipe {
            return
        } catch {
            throw CLIFailure.other("\(error)")
        }
        if showProgress { Console.write(2, "\r\u{1B}[K") }
        let failed = summary.failed
        if !failed.isEmpty {
            throw CLIFailure.sourcesFailed(
                failed.map { ($0.name, $0.lastError?.message ?? "unknown error") },
                after: ["wrote \(summary.items) items from the other sources"])
        }
    }
}

extension ExportCommand {
    /// Progress on a terminal's stderr: one line, rewritten in place.
    @Sendable static func showProgress(_ progress: ExportProgress) {
        let line: String = UntrustedText.sanitize(progress.line)
        Console.write(2, "\r\u{1B}[K" + line)
    }
}

/// `--since` values: an RFC 3339 time, or a duration back from now (`7d`, `12h`, `1h30m`, `2w`).
enum TimeArgument {
    static func parse(_ text: String, now: Timestamp) -> Timestamp? {
        if let time = Timestamp(rfc3339: text) { return time }
        var total: Int64 = 0
        var number: Int64?
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (value, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                number = value + Int64(digit)
                continue
            }
            guard let count = number else { return nil }
            let unit: Int64
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            case "w": unit = 604_800
            default: return nil
            }
            total += count * unit
            number = nil
            guard total < 100 * 365 * 86_400 else { return nil }
        }
        guard number == nil, total > 0 else { return nil }
        return Timestamp(microseconds: now.microseconds - total * 1_000_000)
    }
}
