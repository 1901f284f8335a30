import RiffleCore

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
                if handle(event, side: &side) {
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
    private func handle(_ event: ReaderEvent, side: inout DiscardingTaskGroup) -> Bool {
        switch event {
        case .input(let bytes):
            return handleInput(bytes, side: &side)
        case .inputEnded:
            if !context.singleKeys, !lineBuffer.isEmpty {
                let line = String(decoding: lineBuffer, as: UTF8.self)
                lineBuffer = []
                if perform(ReaderCommand.parse(line: line), side: &side) { return true }
            }
            return true
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
            return true
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
        return false
    }

    private func handleInput(_ bytes: [UInt8], side: inout DiscardingTaskGroup) -> Bool {
        if context.singleKeys {
            for event in decoder.feed(bytes) {
                switch event {
                case .command(let command):
                    if perform(command, side: &side) { return true }
                case .editing(let line):
                    write(clearedPrompt() + UntrustedText(line).terminalText)
                    promptShown = true
                case .editCancelled:
                    redrawPrompt()
                }
            }
            return false
        }
        lineBuffer += bytes
        while let end = lineBuffer.firstIndex(of: 0x0A) {
            let line = String(decoding: lineBuffer[..<end], as: UTF8.self)
            lineBuffer.removeSubrange(...end)
            if terminalEchoes { promptShown = false }  // the user's Enter moved to a fresh line
            if perform(ReaderCommand.parse(line: line), side: &side) { return true }
        }
        return false
    }

    /// Carries out one command; true to quit.
    private func perform(_ command: ReaderCommand, side: inout DiscardingTaskGroup) -> Bool {
        message = nil
        let isNavigation: Bool
        switch command {
        case .nextPage, .previousPage, .firstPage: isNavigation = true
        default: isNavigation = false
        }
        if isNavigation && pendingTurn != nil { return false }  // a page is on its way
        switch command {
        case .nextPage:
            if model.nextPage() == .atEnd {
                say("end of the feed")
            } else {
                beginTurn()
            }
        case .previousPage:
            if model.previousPage() == .atStart {
                say("already at the first page")
            } else {
                beginTurn()
            }
        case .firstPage:
            model.firstPage()
            beginTurn()
        case .filter(let text):
            model.setFilter(text)
            beginTurn()
        case .open(let number):
            open(number, side: &side)
        case .refresh:
            refresh(side: &side)
        case .status:
            let lines = ReaderScreens.status(context.feed.statuses, refreshErrors: refreshErrors, width: width)
            writeBlock(lines)
        case .help:
            writeBlock(ReaderScreens.help(width: width))
        case .quit:
            return true
        case .unknown(let text):
            var line = StyledLine()
            line.appendSafe("unknown command ")
            line.append(UntrustedText(String(text.prefix(40))))
            line.appendSafe("; ? for help")
            message = line
            redrawPrompt()
        }
        return false
    }

    // MARK: Commands

    private func open(_ number: Int, side: inout DiscardingTaskGroup) {
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
        side.addTask {
            let failure = await opener.open(url)
            events.yield(.opened(number: number, url: url, failure: failure))
        }
    }

    private func refresh(side: inout DiscardingTaskGroup) {
        guard !refreshing else {
            say("already refreshing")
            return
        }
        refreshing = true
        let statuses = context.feed.statuses
        let failed = statuses.indices.filter { statuses[$0].lastError != nil }
        for index in failed {
            outcome.retried[statuses[index].name] = (statuses[index].lastError?.message ?? "", statuses[index].pagesLoaded)
        }
        if !failed.isEmpty { context.pump.yield(.retry(failed)) }
        say(failed.isEmpty ? "refreshing…" : "refreshing, retrying \(failed.count) failed…")
        let sources = context.sources
        let newest = model.newestBySource
        let limit = context.settings.refreshPageLimit
        let events = context.events
        side.addTask {
            events.yield(.refreshed(await RefreshReport.fetch(sources: sources, newest: newest, pageLimit: limit)))
        }
    }

    private func refreshed(_ report: RefreshReport) {
        refreshing = false
        refreshErrors = [:]
        for failure in report.failures { refreshErrors[failure.source] = failure.message }
        let (new, updated) = model.insertAtTop(report.items)
        var line = StyledLine()
        line.appendSafe(new == 0 && updated == 0 ? "nothing new" : "\(new) new" + (updated > 0 ? ", \(updated) updated" : ""))
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

    private func beginTurn(isFirst: Bool = false) {
        if pendingTurn == nil { pendingTurn = (clock.now, isFirst) }
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

    private func say(_ text: String) {
        var line = StyledLine()
        line.appendSafe(text)
        message = line
        redrawPrompt()
    }

    private func promptText() -> String {
        ReaderScreens.prompt(
            model: model, statuses: context.feed.statuses, message: message, waiting: pendingTurn != nil, width: width
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
        Platform.writeAll(context.io.outputFD, Array(text.utf8))
    }
}
