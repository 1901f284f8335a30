import ArgumentParser
import RiffleCore
import RiffleExport
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// `riffle export`: the merged feed as JSON (contract sections 1 and 3).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the merged feed as JSON.",
        discussion: """
            Examples:
              riffle export --format ndjson --since 7d > week.ndjson
              riffle export --limit 100 --output first.json
              riffle export --limit 100 --after "$(jq -r '.[-1].cursor' first.json)"
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Option(help: "The output format.")
    var format: ExportFormat = .json

    @Option(help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @OptionGroup var items: LimitOption

    /// Parsed unconditionally, so that `--since -3d` reaches the check that explains it instead of being
    /// read as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Only items newer than this: RFC 3339, a date (YYYY-MM-DD), or a duration back from now: 90s, 30m, "
                + "12h, 7d, 2w, 1y, or combinations such as 1h30m.",
            valueName: "time"))
    var since: TimeArgument?

    @Option(
        help: ArgumentHelp(
            "Continue after the item whose cursor is this token (an item's \"cursor\" from riffle export).",
            valueName: "token"),
        transform: AfterToken.parse)
    var after: MergePosition?

    @Flag(help: "Only items not yet marked read in the store.")
    var unread = false

    @Flag(help: "Mark every written item read, once the output is complete.")
    var markRead = false

    func validate() throws {
        if let since, let problem = since.problem { throw ValidationError("--since \(since.text): \(problem)") }
        // The read marks live in the store: without one, these would be options that do nothing.
        if global.noStore, unread {
            throw ValidationError("--unread reads the store; it cannot be used with --no-store")
        }
        if global.noStore, markRead {
            throw ValidationError("--mark-read writes the store; it cannot be used with --no-store")
        }
    }

    /// Says on stderr which source the export waits for and for how long (`ExportWaitNotice`), checking
    /// each second until cancelled. On a terminal the progress line is cleared first.
    static func sayWaits(of feed: MergedFeed, names: [String], terminal: Bool) async {
        let clock = ContinuousClock()
        let start = clock.now
        var notice = ExportWaitNotice()
        while (try? await Task.sleep(for: .seconds(1))) != nil {
            let now = clock.now
            let waited = feed.waitingOn.map { index in
                let progress = feed.loadProgress(source: index)
                return ExportWaitNotice.Waited(
                    name: UntrustedText.sanitize(names[index]), waited: progress.began.map { now - $0 } ?? .zero,
                    attempt: progress.attempt, attempts: progress.attempts)
            }
            guard let line = notice.line(waitingFor: waited, now: now - start) else { continue }
            if terminal { Console.write(2, "\r\u{1B}[K") }
            Console.writeError("riffle: \(line)")
        }
    }

    func run() async throws {
        let sinceTime = since?.resolved(now: Timestamp.now())
        let need: StoreNeed = unread ? .required(by: "--unread") : markRead ? .required(by: "--mark-read") : .optional
        let session = try await Session.load(global, storeNeed: need, storeAlongside: after == nil)
        let sources = try session.mergeSources(since: sinceTime, resuming: after != nil, limit: items.limit)
        let output = self.output
        let showProgress = Descriptor.isTerminal(2)
        var include: (@Sendable (MergedItem) -> Bool)?
        // Exactly once, also for runs that overlap (two cron jobs): from reading the read marks to marking
        // what was written, one such run at a time holds the store.
        var runLock: FileLock?
        if unread, markRead, let store = session.store { runLock = try await Self.lockForMarking(store) }
        defer { withExtendedLifetime(runLock) {} }
        if unread, let store = session.store {
            let marks: ReadMarkSet
            do {
                marks = try await store.readMarks(of: session.sources.map(\.name))
            } catch {
                throw CLIFailure.other("\(UntrustedText.sanitize(error.description)) (--unread needs the store)")
            }
            include = { !marks.isRead(source: $0.sourceName, id: $0.item.id, time: $0.item.time) }
        }
        let exporter = Exporter(
            format: format, limit: items.limit, progress: showProgress ? Self.showProgress : nil, include: include,
            recordsWritten: markRead)
        let feed = MergedFeed(sources: sources, options: MergeOptions(since: sinceTime), resumingAt: after)
        let summary: ExportSummary
        do {
            summary = try await Interruption.run {
                // The exporter aborts the sink (removing a temporary file) on any failure or cancellation.
                let sink: any ExportSink = try output.map { try outputSink(path: $0) } ?? StandardOutputSink()
                guard showProgress || global.verbose else { return try await exporter.run(feed, into: sink) }
                let names = sources.map(\.name)
                return try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await Self.sayWaits(of: feed, names: names, terminal: showProgress) }
                    defer { group.cancelAll() }
                    return try await exporter.run(feed, into: sink)
                }
            }
        } catch is Interruption.Interrupted {
            throw CLIFailure(lines: ["interrupted; no output file was written"], exitCode: 130)
        } catch let error as ExportSinkError where error.isBrokenPipe {
            await session.finishStoreWrites()
            return
        } catch {
            throw CLIFailure.other("\(error)")
        }
        if showProgress { Console.write(2, "\r\u{1B}[K") }
        await session.finishStoreWrites()
        if markRead, let store = session.store {
            try await Self.mark(summary.written, in: store)
        }
        for line in SourceWarnings.lines(summary.statuses) { Console.writeError("riffle: \(line)") }
        let failed = summary.failed
        let report = ExportReport(
            items: summary.items, sources: summary.statuses.count, failed: failed.count,
            elapsed: showProgress ? summary.elapsed : nil)
        if !failed.isEmpty {
            throw CLIFailure.sourcesFailed(
                failed.map { ($0.name, $0.lastError?.message ?? "unknown error") }, after: [report.line],
                offline: session.offline)
        }
        if showProgress { Console.writeError("riffle: \(report.line)") }
    }
}

extension ExportCommand {
    /// Marks the written items read, after the output was committed (contract section 6). A failure here
    /// is exit 1: the output exists but its items will come again with `--unread`.
    static func mark(_ written: [ItemVersion], in store: any Store) async throws {
        do {
            try await store.markRead(inChunks: written)
        } catch {
            throw CLIFailure.other(
                "\(UntrustedText.sanitize(error.description)); the output was written but its items were not "
                    + "marked read")
        }
    }

    /// How long an `--unread --mark-read` run waits for another one to finish with the store.
    static let markingPatience = Duration.seconds(300)

    /// The lock beside `store`'s file that `--unread --mark-read` runs take in turn (`STORE.lock`); exit 1
    /// naming the holder when another run keeps it past `markingPatience`.
    static func lockForMarking(_ store: any Store) async throws -> FileLock {
        let path = store.path + ".lock"
        do {
            return try await FileLock.acquire(path, patience: markingPatience)
        } catch .held(let holder) {
            let who = holder.map { " (process \($0))" } ?? ""
            throw CLIFailure.other(
                "another riffle export --unread --mark-read\(who) has held the store \(UntrustedText.sanitize(store.path)) "
                    + "for \(Int(markingPatience.components.seconds)) s; run again once it has ended")
        } catch .system(let error) {
            throw CLIFailure.other(
                "cannot lock \(UntrustedText.sanitize(path)) for --mark-read: \(UntrustedText.sanitize(error.description))"
            )
        }
    }

    /// Progress on a terminal's stderr: one line, rewritten in place.
    @Sendable static func showProgress(_ progress: ExportProgress) {
        let line: String = UntrustedText.sanitize(progress.line)
        Console.write(2, "\r\u{1B}[K" + line)
    }
}
