import RiffleCore

/// Page turns: moving the model, asking the pump for what the next pages need, drawing a page (and
/// marking it read), and timing each turn.
extension InteractiveSession {
    /// Carries out a page key pressed at `pressed`.
    func turn(_ command: ReaderCommand, pressed: ContinuousClock.Instant) async {
        switch command {
        case .nextPage:
            if model.nextPage() == .atEnd {
                let end = ReaderScreens.endWords(currentStatuses)
                say(end == "(end)" ? "end of the feed" : "end of what could be read " + end)
            } else {
                await beginTurn(pressed: pressed)
            }
        case .previousPage:
            if model.previousPage() == .atStart {
                say("already at the first page")
            } else {
                await beginTurn(pressed: pressed)
            }
        case .firstPage:
            await showFirstPage()
            await beginTurn(pressed: pressed)
        case .nextUnread:
            switch model.nextUnreadPage() {
            case .found:
                await beginTurn(pressed: pressed)
            case .searching:
                unreadSearchStart = model.pulled
                await beginTurn(pressed: pressed)
            case .noneLeft:
                say("no unread items after this page")
            }
        default:
            break
        }
    }

    func beginTurn(isFirst: Bool = false, pressed: ContinuousClock.Instant? = nil) async {
        if pendingTurn == nil { pendingTurn = (pressed ?? clock.now, isFirst, loadWaitsSeen) }
        sendDemand()
        if model.isPageReady { await completeTurn() } else { redrawPrompt() }
    }

    func completeTurn() async {
        guard let turn = pendingTurn else { return }
        guard continueUnreadSearch() else { return }
        pendingTurn = nil
        await drawPage()
        let waited = clock.now - turn.started
        if turn.isFirst {
            outcome.firstPageWait = waited
        } else {
            outcome.pageTurnWaits.append(waited)
            // The merge waited for a page while the turn's items came: it waited for a request, however long.
            if loadWaitsSeen > turn.loadWaits { outcome.turnsWaitingForPages.append(outcome.pageTurnWaits.count) }
        }
        sendDemand()
        await runQueued()
    }

    /// While `n` searches past what was held: a ready page without unread items moves the search on, up
    /// to `filterScanLimit` items. Returns whether the page on hand is to be drawn now (false: the
    /// search waits for the next one).
    func continueUnreadSearch() -> Bool {
        guard let start = unreadSearchStart else { return true }
        while !model.pageHasUnread {
            if model.pulled - start >= model.filterScanLimit {
                message = styled("no unread items in the next \(model.pulled - start); n searches on")
                break
            }
            switch model.nextUnreadPage() {
            case .found:
                unreadSearchStart = nil
                sendDemand()
                if model.isPageReady { return true }
                redrawPrompt()
                return false
            case .searching:
                sendDemand()
                if !model.isPageReady {
                    redrawPrompt()
                    return false
                }
            case .noneLeft:
                message = styled("no unread items after this page")
                unreadSearchStart = nil
                return true
            }
        }
        unreadSearchStart = nil
        return true
    }

    /// Draws the page on screen and its prompt. Its unread items are drawn with their marker, then are
    /// read: they are marked before the prompt is drawn, so its counts include them.
    func drawPage() async {
        viewer = nil
        model.pageDrawn()
        let page = model.page
        let unread = page.filter { model.isUnread($0.item) }
        await markRead(unread.map(\.item))
        let unreadNumbers = Set(unread.map(\.number))
        var output = clearedPrompt()
        if page.isEmpty {
            output += (model.isFiltered ? "(no items match)" : "(no items)") + "\n"
        }
        let numberWidth = String(page.map(\.number).max() ?? 1).count
        let layout = ItemLineLayout(
            width: width, numberWidth: numberWidth, sourceWidth: sourceWidth, now: context.settings.now())
        for (number, item) in page {
            output +=
                layout.line(number: number, item: item, unread: unreadNumbers.contains(number))
                .rendered(color: color, links: links) + "\n"
        }
        output += promptText()
        write(output)
        promptShown = true
    }

    /// Asks the pump for the page on screen and the read-ahead beyond it, counted in items.
    func sendDemand() {
        let ahead = ReadAhead(prefetchPages: context.settings.prefetchPages).items(screenLines: model.pageSize)
        let demand = model.demand(aheadItems: ahead)
        if demand > lastDemand {
            lastDemand = demand
            context.pump.yield(.demand(demand))
        }
    }

    func applySize() {
        size = context.io.currentSize()
        model.pageSize = context.settings.screenLines(rows: size.rows)
    }
}
