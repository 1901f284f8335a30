/// Events in: input as keys or lines, feed progress, signals, side-task results; and the commands they
/// carry, run at once or queued behind a page on its way.
extension InteractiveSession {
    /// Handles one event; true to quit.
    func handle(_ event: ReaderEvent) {
        switch event {
        case .input(let bytes):
            handleInput(bytes)
        case .inputEnded:
            if !context.singleKeys, let line = lineInput.finish() {
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
        case .retryDue:
            retryTimer = nil
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

    func handleInput(_ bytes: [UInt8]) {
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
        for event in lineInput.feed(bytes) {
            switch event {
            case .line(let line):
                if terminalEchoes { promptShown = false }  // the user's Enter moved to a fresh line
                perform(ReaderCommand.parse(line: line))
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
    func perform(_ command: ReaderCommand) {
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
    func runQueued() {
        while pendingTurn == nil, !quitRequested, !queued.isEmpty {
            let (command, pressed) = queued.removeFirst()
            execute(command, pressed: pressed)
        }
    }

    func execute(_ command: ReaderCommand, pressed: ContinuousClock.Instant) {
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
}
