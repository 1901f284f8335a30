import RiffleCore

/// The sources view (`l`) and what acts on one source: opening its items, marking it read (`m N`),
/// retrying or refreshing it (`r N`); and the unread-only view (`u`).
extension InteractiveSession {
    /// `l`: every source with its counts, numbered; the numbers typed next name sources.
    func listSources() async {
        let stored = await context.facts?.storedFacts()
        await countUnread()
        let statuses = currentStatuses
        let waits = retryWaits
        let slow = slowWaits
        let rows = statuses.enumerated().map { index, status in
            SourceListScreen.Row(
                status: status,
                type: context.settings.sourceTypes.indices.contains(index) ? context.settings.sourceTypes[index] : "",
                unread: unreadCounts[status.name] ?? 0, stored: stored?[status.name], retryIn: waits[index],
                wait: slow[index], refreshError: refreshErrors[status.name])
        }
        sourcesShown = true
        writeBlock(
            SourceListScreen.lines(
                rows: rows, storeInUse: context.facts != nil, now: context.settings.now(), width: width))
    }

    /// A command while the sources view is on screen: a number opens that source, `m N` and `r N` act
    /// on one and keep the view, `l` draws it again, Enter or `q` go back to the list. Returns whether
    /// the view took the command; any other closes the view and runs as usual.
    func sourcesViewTakes(_ command: ReaderCommand, pressed: ContinuousClock.Instant) async -> Bool {
        guard sourcesShown else { return false }
        switch command {
        case .number(let number):
            guard let index = sourceIndex(number) else { return true }
            sourcesShown = false
            model.setSourceFilter([index])
            await beginTurn(pressed: pressed)
        case .markSourceRead(let number):
            await markSourceRead(number)
        case .refreshSource(let number):
            refreshSource(number)
        case .refresh:
            refresh()
        case .listSources:
            await listSources()
        case .nextPage, .quit:
            sourcesShown = false
            await backToTheList()
        default:
            sourcesShown = false
            return false
        }
        return true
    }

    /// The source numbered `number` in the sources view (configuration order), or a hint and nil.
    func sourceIndex(_ number: Int) -> Int? {
        guard sourceNames.indices.contains(number - 1) else {
            say("no source \(number): sources are 1–\(sourceNames.count) (l lists them)")
            return nil
        }
        return number - 1
    }

    /// `m N`: every item of source N read, stored or not yet fetched, as `A` does for all.
    func markSourceRead(_ number: Int) async {
        guard let index = sourceIndex(number) else { return }
        let name = sourceNames[index]
        await context.marks.markAllRead(in: [name])
        model.setAllRead(source: index)
        await countUnread()
        var line = StyledLine()
        line.appendSafe("marked ")
        line.append(UntrustedText(name))
        line.appendSafe(" read")
        message = line
        if sourcesShown { await listSources() } else { redrawPrompt() }
    }

    /// `r N`: source N retried now when it failed, else what is new at its top fetched, waiting for `g`.
    func refreshSource(_ number: Int) {
        guard let index = sourceIndex(number) else { return }
        let statuses = currentStatuses
        var line = StyledLine()
        if statuses[index].lastError != nil {
            retrySchedule.retriedNow([index])
            retry([index], statuses: statuses)
            line.appendSafe("retrying ")
        } else if refreshing {
            say("already refreshing")
            return
        } else {
            fetchTops(newest: model.newestBySource.filter { $0.key == index })
            line.appendSafe("refreshing ")
        }
        line.append(UntrustedText(sourceNames[index]))
        line.appendSafe("…")
        message = line
        redrawPrompt()
    }

    /// `u`: the view of unread items only, on or off, from the first page.
    func toggleUnreadOnly(pressed: ContinuousClock.Instant) async {
        model.setUnreadOnly(!model.unreadOnly)
        await beginTurn(pressed: pressed)
    }
}
