package import RiffleCore
internal import RiffleSystem

/// `riffle` with no command: the merged feed in the terminal, a page at a time (line mode, like `more`).
///
///     let outcome = try await FeedReaderUI(sources: sources, options: options, settings: settings).run()
///     exit(outcome.interrupted ? 130 : outcome.anySourceFailed ? 2 : 0)
///
/// When stdout is not a terminal it prints the feed as plain lines (no prompt, no colour unless
/// `settings.color` forces it — `CLICOLOR_FORCE` — `limit` honoured) and returns. Otherwise it pages: stdin a terminal → single keys in raw mode; else whole
/// typed lines.
///
/// Concurrency (structured only): one task group with two children — the pump, which owns the merge's
/// `Reader`, pulls the read-ahead (`ReadAhead`: `prefetchPages` pages, counted in items) beyond the
/// screen and folds in each page as it lands, and the interactive loop, which owns all screen state — and a third when there is a
/// `backgroundRefresh`. Input is read by a dedicated POSIX thread (`InputThread`), signals arrive through
/// Dispatch sources; both only post events. When the loop ends, the pump is cancelled and awaited.
///
/// The terminal mode is restored on every path: normal return and thrown errors (`defer`), Ctrl-C and
/// SIGTERM (their handlers restore first), Ctrl-Z (restored while stopped), and `exit()` (`atexit`).
package struct FeedReaderUI: Sendable {
    enum Failure: Error, Sendable, Hashable {
        /// No thread could be started to read the input.
        case inputUnavailable
    }

    var sources: [MergeSource]
    var options: MergeOptions
    var settings: ReaderOptions
    var io: TerminalIO
    /// Which items are read: the store's marks, or `SessionReadMarks` (this session only).
    var readMarks: any ReadMarks
    /// A refresh that runs beside the reader (the store's), delivering what it finds to the inbox; it
    /// runs as a child task from the start and is cancelled when the reader ends.
    var backgroundRefresh: (@Sendable (RefreshInbox) async -> Void)?
    /// What the store knows of each source, for the sources view (`l`); nil without a store.
    var sourceFacts: (any SourceFacts)?

    package init(
        sources: [MergeSource], options: MergeOptions, settings: ReaderOptions, io: TerminalIO = .standard,
        readMarks: any ReadMarks = SessionReadMarks(), sourceFacts: (any SourceFacts)? = nil,
        backgroundRefresh: (@Sendable (RefreshInbox) async -> Void)? = nil
    ) {
        self.sourceFacts = sourceFacts
        self.sources = sources
        self.options = options
        self.settings = settings
        self.io = io
        self.readMarks = readMarks
        self.backgroundRefresh = backgroundRefresh
    }

    /// Runs the reader until `q`, Ctrl-C or the end of input (interactive), or the end of the feed.
    package func run() async throws -> ReaderOutcome {
        guard io.isInteractive else { return try await runPlain() }
        let (events, sink) = AsyncStream<ReaderEvent>.makeStream()
        let singleKeys = io.inputIsTerminal && TerminalModeGuard.enterSingleKeyMode(fd: io.inputFD)
        let signals = io.handlesSignals ? SignalWatcher() : nil
        signals?.start(events: sink, outputFD: io.outputFD)
        let input = InputThread.start(fd: io.inputFD, events: sink)
        defer {
            input?.stop()
            signals?.stop()
            if singleKeys { TerminalModeGuard.restore() }
            sink.finish()
        }
        guard input != nil else { throw Failure.inputUnavailable }

        let (commands, pump) = AsyncStream<FeedPump.Command>.makeStream()
        // Each source keeps the read-ahead's items of its own ahead too: any one source may hold all the
        // items the next turns need, and its pages come one round trip apart.
        var options = options
        options.sourceReadAhead = ReadAhead(prefetchPages: settings.prefetchPages).items(
            screenLines: settings.screenLines(rows: io.currentSize().rows))
        let feed = MergedFeed(sources: sources, options: options, onArrival: { pump.yield(.arrived) })
        let context = InteractiveSession.Context(
            io: io, settings: settings, sources: sources, feed: feed, pump: pump, pipe: FeedPipe(events: sink),
            events: sink, singleKeys: singleKeys, marks: readMarks, facts: sourceFacts)
        let limit = settings.limit
        var outcome = try await withThrowingTaskGroup(of: ReaderOutcome?.self) { group in
            group.addTask {
                try await feed.run { reader in
                    try await FeedPump.run(
                        reader: reader, commands: commands, wake: pump, pipe: context.pipe, limit: limit)
                }
                return nil
            }
            group.addTask { await InteractiveSession(context: context).run(events: events) }
            if let backgroundRefresh {
                let inbox = RefreshInbox(events: sink)
                group.addTask {
                    await backgroundRefresh(inbox)
                    return nil
                }
            }
            var result = ReaderOutcome()
            while let finished = try await group.next() {
                guard let finished else { continue }
                result = finished
                pump.finish()
                group.cancelAll()
                break
            }
            return result
        }
        outcome.failedSources = outcome.failures(finalStatuses: feed.statuses)
        return outcome
    }

    /// Not a terminal: every item as one plain line, until the feed (or `limit`) ends or the output
    /// closes (`| head`).
    func runPlain() async throws -> ReaderOutcome {
        let feed = MergedFeed(sources: sources, options: options)
        let layout = ItemLineLayout(
            width: .max, numberWidth: 0, sourceWidth: ItemLineLayout.sourceWidth(for: sources.map(\.name)),
            now: settings.now())
        let limit = settings.limit ?? .max
        let outputFD = io.outputFD
        let color = settings.color.isEnabled
        let count = try await feed.run { reader in
            var count = 0
            while count < limit, let merged = try await reader.next() {
                count += 1
                guard
                    (try? Descriptor.writeAll(
                        outputFD, Array((layout.plainLine(item: merged, color: color) + "\n").utf8))) != nil
                else {
                    break
                }
            }
            return count
        }
        return ReaderOutcome(failedSources: ReaderOutcome().failures(finalStatuses: feed.statuses), itemsRead: count)
    }
}
