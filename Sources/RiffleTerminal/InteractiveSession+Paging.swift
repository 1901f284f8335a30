/// Page turns: moving the model, asking the pump for what the next pages need, and timing each turn.
extension InteractiveSession {
    /// Carries out a page key pressed at `pressed`.
    func turn(_ command: ReaderCommand, pressed: ContinuousClock.Instant) {
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

    func beginTurn(isFirst: Bool = false, pressed: ContinuousClock.Instant? = nil) {
        if pendingTurn == nil { pendingTurn = (pressed ?? clock.now, isFirst) }
        sendDemand()
        if model.isPageReady { completeTurn() } else { redrawPrompt() }
    }

    func completeTurn() {
        guard let turn = pendingTurn else { return }
        pendingTurn = nil
        drawPage()
        let waited = clock.now - turn.started
        if turn.isFirst { outcome.firstPageWait = waited } else { outcome.pageTurnWaits.append(waited) }
        sendDemand()
        runQueued()
    }

    func drawPage() {
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

    func sendDemand() {
        let demand = model.demand(prefetchPages: context.settings.prefetchPages)
        if demand > lastDemand {
            lastDemand = demand
            context.pump.yield(.demand(demand))
        }
    }

    func applySize() {
        size = context.io.currentSize()
        model.pageSize = context.settings.lines ?? max(1, size.rows - 1)
    }
}
