import RiffleCore
internal import RiffleSystem

/// The interactive reader: one loop over one event stream (keys or lines, feed progress, signals, side
/// tasks), drawing pages and the prompt. It lives in a single task and touches no shared state besides
/// `FeedPipe` and the status snapshot of `MergedFeed`.
///
/// Screen protocol (line mode, like `more`): a page is its item lines, each ending in a newline, then
/// the prompt without one. Any redraw of the prompt goes back with `\r`, blanks the line and writes it
/// again, so nothing but carriage returns and spaces move the cursor.
final class InteractiveSession {
    struct Context: Sendable {
        var io: TerminalIO
        var settings: ReaderSettings
        var sources: [MergeSource]
        var feed: MergedFeed
        var pump: AsyncStream<FeedPump.Command>.Continuation
        var pipe: FeedPipe
        var events: AsyncStream<ReaderEvent>.Continuation
        /// Input arrives as single keys (raw mode is on).
        var singleKeys: Bool
    }

    private let context: Context
    private var model: ReaderModel
    private var decoder = KeyDecoder()
    private var lineBuffer: [UInt8] = []
    private var size: (columns: Int, rows: Int) = (80, 24)
    private var message: StyledLine?
    private var pendingTurn: (started: ContinuousClock.Instant, isFirst: Bool)?
    /// Page keys pressed while a page was still on its way, with when: carried out in order after it.
    private var queued: [(command: ReaderCommand, pressed: ContinuousClock.Instant)] = []
    /// Work for child tasks of the loop's task group (open, refresh), started after each event.
    private var sideJobs: [@Sendable () async -> Void] = []
    private var quitRequested = false
    private var refreshing = false
    private var refreshErrors: [String: String] = [:]
    private var outcome = ReaderOutcome()
    private var promptShown = false
    private var lastDemand = 0
    private let clock = ContinuousClock()
    private let sourceWidth: Int

    /// The terminal echoes typed lines itself (stdin a terminal that refused single-key mode).
    private var terminalEchoes: Bool { context.io.inputIsTerminal && !context.singleKeys }
    /// Columns a line may take: one short of the width, so a terminal that wraps eagerly at the last
    /// column, or counts one character wider than we do, still keeps each item on one line.
    private var width: Int { max(10, size.columns - 1) }
    private var color: Bool { context.settings.color.isEnabled }

    init(context: Context) {
        self.context = context
        self.model = ReaderModel(pageSize: context.settings.lines ?? 20)
        self.sourceWidth = ItemLineLayout.sourceWidth(for: context.sources.map(\.name))
    }

    /// Runs until `q`, Ctrl-C, or the end of input.
    func run(events: AsyncStream<ReaderEvent>) async -> ReaderOutcome {
        applySize()
        beginTurn(isFirst: true)
        await withDiscardingTaskGroup { side in
            for await event in events {
                handle(event)
                for job in sideJobs { side.addTask(operation: job) }
                sideJobs = []
                if quitRequested {
                    side.cancelAll()
                    break
                }
            }
        }
        write(clearedPrompt())
        outcome.itemsRead = model.pulled
        return outcome
    }

    // MARK: Events

    /// Handles one event; true to quit.
    private func handle(_ event: ReaderEvent) {
        switch event {
        case .input(let bytes):
            handleInput(bytes)
        case .inputEnded:
            if !context.singleKeys, !lineBuffer.isEmpty {
                let line = String(decoding: lineBuffer, as: UTF8.self)
                lineBuffer = []
                perform(ReaderCommand.parse(line: line))
            }
            perform(.quit)
        case .feedChanged:
            let (items, finished) = context.pipe.drain()
            model.receive(items)
            model.setFeedFinished(finished)
            sendDemand()
            if pendingTurn != nil {
                if model.isPageReady { completeTurn() } else { redrawPrompt() }
            } else {
                redrawPromptIfIdle()
            }
        case .resized:
            applySize()
            redrawPromptIfIdle()
        case .continued:
            redrawPromptIfIdle()
        case .interrupted:
            outcome.interrupted = true
            quitRequested = true
        case .refreshed(let report):
            refreshed(report)
        case .opened(let number, let url, let failure):
            var line = StyledLine()
            if let failure {
                line.appendSafe("could not open \(number): ", style: .bold)
                line.append(UntrustedText(failure))
            } else {
                line.appendSafe("opened \(number): ")
                line.append(UntrustedText(url))
            }
            message = line
            redrawPromptIfIdle()
        }
    }

    private func handleInput(_ bytes: [UInt8]) {
        if context.singleKeys {
            for event in decoder.feed(bytes) {
                switch event {
                case .command(let command):
                    perform(command)
                case .editing(let line):
                    write(clearedPrompt() + UntrustedText(line).terminalText)
                    promptShown = true
                case .editCancelled:
                    redrawPrompt()
                }
            }
            return
        }
        lineBuffer += bytes
        while let end = lineBuffer.firstIndex(of: 0x0A) {
            let line = String(decoding: lineBuffer[..<end], as: UTF8.self)
            lineBuffer.removeSubrange(...end)
            if terminalEchoes { promptShown = false }  // the user's Enter moved to a fresh line
            perform(ReaderCommand.parse(line: line))
        }
    }

    /// Takes one command. While a page is on its way, typed lines (a script, usually) wait for it and run
    /// in order; single keys do too for page keys (typed ahead, as in `more`), while others — `q` above
    /// all — act at once.
    private func perform(_ command: ReaderCommand) {
        guard !quitRequested else { return }
        let isTurn: Bool
        switch command {
        case .nextPage, .previousPage, .firstPage, .filter: isTurn = true
        default: isTurn = false
        }
        if pendingTurn != nil && (!context.singleKeys || isTurn) {
            if queued.count < 1000 { queued.append((command, clock.now)) }
            return
        }
        execute(command, pressed: clock.now)
    }

    /// Runs queued commands once no page is awaited.
    private func runQueued() {
        while pendingTurn == nil, !quitRequested, !queued.isEmpty {
            let (command, pressed) = queued.removeFirst()
            execute(command, pressed: pressed)
        }
    }

    private func execute(_ command: ReaderCommand, pressed: ContinuousClock.Instant) {
        message = nil
        switch command {
        case .nextPage, .previousPage, .firstPage:
            turn(command, pressed: pressed)
        case .filter(let text):
            model.setFilter(text)
            beginTurn(pressed: pressed)
        case .open(let number):
            open(number)
        case .refresh:
            refresh()
        case .status:
            let lines = ReaderScreens.status(currentStatuses, refreshErrors: refreshErrors, width: width)
            writeBlock(lines)
        case .help:
            writeBlock(ReaderScreens.help(width: width))
        case .quit:
            quitRequested = true
        case .unknown(let text):
            var line = StyledLine()
            line.appendSafe("unknown command ")
            line.append(UntrustedText(String(text.prefix(40))))
            line.appendSafe("; ? for help")
            message = line
            redrawPrompt()
        }
    }

    // MARK: Commands

    private func open(_ number: Int) {
        guard let merged = model.item(number: number) else {
            say("no item \(number)")
            return
        }
        guard let url = merged.item.url, !url.isEmpty else {
            say("item \(number) has no URL")
            return
        }
        guard URLOpener.isOpenable(url) else {
            var line = StyledLine()
            line.appendSafe("not opening \(number) (only http and https): ")
            line.append(UntrustedText(String(url.prefix(80))))
            message = line
            redrawPrompt()
            return
        }
        var line = StyledLine()
        line.appendSafe("opening \(number): ")
        line.append(UntrustedText(url))
        message = line
        redrawPrompt()
        let opener = context.settings.opener
        let events = context.events
        sideJobs.append {
            let failure = await opener.open(url)
            events.yield(.opened(number: number, url: url, failure: failure))
        }
    }

    private func refresh() {
        guard !refreshing else {
            say("already refreshing")
            return
        }
        refreshing = true
        let statuses = currentStatuses
        let failed = statuses.indices.filter { statuses[$0].lastError != nil }
        for index in failed {
            outcome.retried[statuses[index].name] = (
                statuses[index].lastError?.message ?? "", statuses[index].pagesLoaded
            )
        }
        if !failed.isEmpty { context.pump.yield(.retry(failed)) }
        say(failed.isEmpty ? "refreshing…" : "refreshing, retrying \(failed.count) failed…")
        let sources = context.sources
        let newest = model.newestBySource
        let limit = context.settings.refreshPageLimit
        let events = context.events
        sideJobs.append {
            events.yield(.refreshed(await RefreshReport.fetch(sources: sources, newest: newest, pageLimit: limit)))
        }
    }

    private func refreshed(_ report: RefreshReport) {
        refreshing = false
        refreshErrors = [:]
        for failure in report.failures { refreshErrors[failure.source] = failure.message }
        let (new, updated) = model.insertAtTop(report.items)
        var line = StyledLine()
        line.appendSafe(
            new == 0 && updated == 0 ? "nothing new" : "\(new) new" + (updated > 0 ? ", \(updated) updated" : ""))
        for failure in report.failures {
            line.appendSafe("; ")
            line.append(UntrustedText(failure.source))
            line.appendSafe(" failed: ")
            line.append(UntrustedText(String(failure.message.prefix(60))))
        }
        if new + updated > 0 {
            beginTurn()
            message = line
            redrawPromptIfIdle()
        } else {
            message = line
            redrawPromptIfIdle()
        }
    }

    // MARK: Pages

    /// Carries out a page key pressed at `pressed`.
    private func turn(_ command: ReaderCommand, pressed: ContinuousClock.Instant) {
        switch command {
        case .nextPage:
            if model.nextPage() == .atEnd { say("end of the feed") } else { beginTurn(pressed: pressed) }
        case .previousPage:
            if model.previousPage() == .atStart {
                say("already at the first page")
            } else {
                beginTurn(pressed: pressed)
            }
        case .firstPage:
            model.firstPage()
            beginTurn(pressed: pressed)
        default:
            break
        }
    }

    private func beginTurn(isFirst: Bool = false, pressed: ContinuousClock.Instant? = nil) {
        if pendingTurn == nil { pendingTurn = (pressed ?? clock.now, isFirst) }
        sendDemand()
        if model.isPageReady { completeTurn() } else { redrawPrompt() }
    }

    private func completeTurn() {
        guard let turn = pendingTurn else { return }
        pendingTurn = nil
        drawPage()
        let waited = clock.now - turn.started
        if turn.isFirst { outcome.firstPageWait = waited } else { outcome.pageTurnWaits.append(waited) }
        sendDemand()
        runQueued()
    }

    private func drawPage() {
        var output = clearedPrompt()
        let page = model.page
        if page.isEmpty {
            output += (model.filter == nil ? "(no items)" : "(no items match)") + "\n"
        }
        let numberWidth = String(page.map(\.number).max() ?? 1).count
        let layout = ItemLineLayout(
            width: width, numberWidth: numberWidth, sourceWidth: sourceWidth, now: context.settings.now())
        for (number, item) in page {
            output += layout.line(number: number, item: item).rendered(color: color) + "\n"
        }
        output += promptText()
        write(output)
        promptShown = true
    }

    private func sendDemand() {
        let demand = model.demand(prefetchPages: context.settings.prefetchPages)
        if demand > lastDemand {
            lastDemand = demand
            context.pump.yield(.demand(demand))
        }
    }

    private func applySize() {
        size = context.io.currentSize()
        model.pageSize = context.settings.lines ?? max(1, size.rows - 1)
    }

    // MARK: Output

    /// Every source's status: the pump's snapshot while it is idle, else the merge's latest.
    private var currentStatuses: [SourceStatus] { context.pipe.idleStatuses ?? context.feed.statuses }

    private func say(_ text: String) {
        var line = StyledLine()
        line.appendSafe(text)
        message = line
        redrawPrompt()
    }

    private func promptText() -> String {
        ReaderScreens.prompt(
            model: model, statuses: currentStatuses, message: message, waiting: pendingTurn != nil, width: width
        ).rendered(color: color)
    }

    /// What returns the cursor to the start of an empty prompt line.
    private func clearedPrompt() -> String {
        guard promptShown else { return "" }
        promptShown = false
        return "\r" + String(repeating: " ", count: width) + "\r"
    }

    private func redrawPrompt() {
        write(clearedPrompt() + promptText())
        promptShown = true
    }

    /// Redraws the prompt unless the user is typing on it.
    private func redrawPromptIfIdle() {
        if decoder.isEditing || (terminalEchoes && promptShown) { return }
        if terminalEchoes {
            write(promptText())
            promptShown = true
            return
        }
        redrawPrompt()
    }

    private func writeBlock(_ lines: [StyledLine]) {
        var output = clearedPrompt()
        for line in lines { output += line.rendered(color: color) + "\n" }
        output += promptText()
        write(output)
        promptShown = true
    }

    private func write(_ text: String) {
        guard !text.isEmpty else { return }
        try? Descriptor.writeAll(context.io.outputFD, Array(text.utf8))
    }
}
