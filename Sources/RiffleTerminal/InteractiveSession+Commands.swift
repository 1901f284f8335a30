import RiffleCore

/// The commands that start side work: opening an item's URL, refreshing the feed.
extension InteractiveSession {
    func open(_ number: Int) {
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

    func refresh() {
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

    func refreshed(_ report: RefreshReport) {
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
}
