/// Events in: input as keys or lines, feed progress, signals, side-task results; and the commands they
/// carry, run at once or queued behind a page on its way.
extension InteractiveSession {
    /// Handles one event.
    func handle(_ event: ReaderEvent) async {
        switch event {
        case .input(let bytes):
            await handleInput(bytes)
        case .inputEnded:
            if !context.singleKeys, let line = lineInput.finish() {
                await perform(ReaderCommand.parse(line: line))
            }
            await perform(.quit)
        case .feedChanged:
            let (items, finished, loadWaits) = context.pipe.drain()
            loadWaitsSeen = loadWaits
            await receive(items)
            model.setFeedFinished(finished)
            tellRestarts()
            sendDemand()
            if pendingTurn != nil {
                if model.isPageReady { await completeTurn() } else { redrawPrompt() }
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
        case .refreshed(let report, let requested):
            receiveFresh(report, requested: requested)
        case .retryDue:
            retryTimer = nil
        case .tick:
            tickPending = false
            redrawPromptIfIdle()
        case .opened(let label, let url, let failure):
            var line = StyledLine()
            if let failure {
                // No opener worked: print the URL whole, on a line of its own, to copy or click.
                line.appendSafe("could not open \(label): ", style: .bold)
                line.append(UntrustedText(failure))
                var target = StyledLine()
                target.append(UntrustedText(url), link: HyperlinkTarget(url))
                guard !(decoder.isEditing || (terminalEchoes && promptShown)) else {
                    message = line
                    return
                }
                message = nil
                writeBlock([line.fitted(to: width), target])
                return
            }
            line.appendSafe("opened \(label): ")
            line.append(UntrustedText(url))
            message = line
            redrawPromptIfIdle()
        }
    }

    func handleInput(_ bytes: [UInt8]) async {
        if context.singleKeys {
            for event in decoder.feed(bytes) {
                switch event {
                case .command(let command):
                    await perform(command)
                case .editing(let line):
                    write(clearedPrompt() + UntrustedText(line).terminalText)
                    promptShown = true
                case .editCancelled:
                    redrawPrompt()
                }
            }
            return
        }
        for event in lineInput.feed(bytes) {
            switch event {
            case .line(let line):
                if terminalEchoes { promptShown = false }  // the user's Enter moved to a fresh line
                await perform(ReaderCommand.parse(line: line))
            case .discarded(let bytes):
                if terminalEchoes { promptShown = false }
                var hint = StyledLine()
                hint.appendSafe(
                    "a command line over \(LineInput.maxLineBytes) bytes was ignored (\(bytes) bytes); ? for help")
                message = hint
                redrawPrompt()
            }
        }
    }

    /// Takes one command. While a page is on its way, typed lines (a script, usually) wait for it and run
    /// in order; single keys do too for page keys (typed ahead, as in `more`), while others — `q` above
    /// all — act at once.
    func perform(_ command: ReaderCommand) async {
        guard !quitRequested else { return }
        let isTurn: Bool
        switch command {
        case .nextPage, .previousPage, .firstPage, .filter, .sources, .nextUnread, .toggleUnreadOnly: isTurn = true
        default: isTurn = false
        }
        if pendingTurn != nil && (!context.singleKeys || isTurn) {
            if queued.count < 1000 { queued.append((command, clock.now)) }
            return
        }
        await execute(command, pressed: clock.now)
    }

    /// Puts on the prompt, once a source, why its paging started over from its head (`name: the source
    /// changed, reading from its newest page`).
    func tellRestarts() {
        for status in currentStatuses where status.restarted != nil && !restartsTold.contains(status.name) {
            restartsTold.insert(status.name)
            var line = StyledLine()
            line.append(UntrustedText(status.name))
            line.appendSafe(": ")
            line.append(UntrustedText(status.restarted ?? ""))
            message = line
        }
    }

    /// Runs queued commands once no page is awaited.
    func runQueued() async {
        while pendingTurn == nil, !quitRequested, !queued.isEmpty {
            let (command, pressed) = queued.removeFirst()
            await execute(command, pressed: pressed)
        }
    }

    func execute(_ command: ReaderCommand, pressed: ContinuousClock.Instant) async {
        message = nil
        if viewer != nil, await viewerTakes(command) { return }
        if sourcesShown, await sourcesViewTakes(command, pressed: pressed) { return }
        switch command {
        case .nextPage, .previousPage, .firstPage, .nextUnread:
            await turn(command, pressed: pressed)
        case .filter(let text):
            model.setFilter(text)
            await beginTurn(pressed: pressed)
        case .sources(let names):
            await showSources(names, pressed: pressed)
        case .open(let number):
            open(number)
        case .openLink(let number, let link):
            openLink(number, link: link)
        case .openEnclosure(let number, let enclosure):
            openEnclosure(number, enclosure: enclosure)
        case .view(let number):
            await view(number)
        case .markAllRead:
            await markAllRead()
        case .toggleUnreadOnly:
            await toggleUnreadOnly(pressed: pressed)
        case .listSources:
            await listSources()
        case .markSourceRead(let number):
            await markSourceRead(number)
        case .refreshSource(let number):
            refreshSource(number)
        case .number(let number):
            say("v \(number) shows item \(number), o \(number) opens its URL; ? for every key")
        case .missingNumber(let letter):
            switch letter {
            case "o": say("o N opens item N's URL: o, a space, the number left of the item (o 3); o 3.2 its link 2")
            case "e": say("e N opens item N's first enclosure (e 3); e 3.2 its second")
            case "v": say("v N shows item N in full: v, a space, the number left of the item (v 3)")
            case "m": say("m N marks source N read: m, a space, its number in the sources view (l)")
            default: say("r N retries source N: r, a space, its number in the sources view (l)")
            }
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
            line.appendSafe(context.singleKeys && text.count == 1 ? "unknown key " : "unknown command ")
            line.append(UntrustedText(String(text.prefix(40))))
            line.appendSafe("; ? for help")
            message = line
            redrawPrompt()
        }
    }
}
