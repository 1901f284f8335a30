import RiffleCore
import RiffleFeed

/// The commands that start side work: opening an item's URL, a link of its article or an enclosure,
/// refreshing the feed.
extension InteractiveSession {
    /// `o N`: opens item N's URL.
    func open(_ number: Int) {
        guard let merged = item(number) else { return }
        guard let url = merged.item.url, !url.isEmpty else {
            say("item \(number) has no URL")
            return
        }
        openURL(url, label: "\(number)")
    }

    /// `o N.M`: opens link M of item N's article (numbered as `v N` shows them).
    func openLink(_ number: Int, link: Int) {
        guard let merged = item(number) else { return }
        let links = ArticleView.article(of: merged.item)?.links ?? []
        guard links.indices.contains(link - 1) else {
            say(
                links.isEmpty
                    ? "item \(number) has no links (v \(number) shows it)"
                    : "item \(number) has links 1–\(links.count) (v \(number) lists them)")
            return
        }
        openURL(links[link - 1], label: "\(number).\(link)")
    }

    /// `e N.M`: opens enclosure M of item N (`e N`: the first).
    func openEnclosure(_ number: Int, enclosure: Int) {
        guard let merged = item(number) else { return }
        let enclosures = FeedEnclosure.stored(in: merged.item)
        guard enclosures.indices.contains(enclosure - 1) else {
            say(
                enclosures.isEmpty
                    ? "item \(number) has no enclosures"
                    : "item \(number) has enclosures 1–\(enclosures.count) (v \(number) lists them)")
            return
        }
        openURL(enclosures[enclosure - 1].url, label: "enclosure \(number).\(enclosure)")
    }

    /// Hands `url` to the opener when it is http or https (`label` names it in what the prompt says:
    /// `opening 3.2: …`), else says it is not opened.
    func openURL(_ url: String, label: String) {
        guard URLOpener.isOpenable(url) else {
            var line = StyledLine()
            line.appendSafe("not opening \(label) (only http and https): ")
            line.append(UntrustedText(String(url.prefix(80))))
            message = line
            redrawPrompt()
            return
        }
        var line = StyledLine()
        line.appendSafe("opening \(label): ")
        line.append(UntrustedText(url))
        message = line
        redrawPrompt()
        let opener = context.settings.opener
        let events = context.events
        sideJobs.append {
            let failure = await opener.open(url)
            events.yield(.opened(label: label, url: url, failure: failure))
        }
    }

    /// `r`: retries every failed source — every time, even while an earlier refresh is still loading —
    /// and fetches what is new at the top of the others.
    func refresh() {
        let statuses = currentStatuses
        let failed = statuses.indices.filter { statuses[$0].lastError != nil }
        retrySchedule.retriedNow(failed)
        retry(failed, statuses: statuses)
        guard !refreshing else {
            say(failed.isEmpty ? "already refreshing" : "already refreshing; retrying \(failed.count) failed…")
            return
        }
        say(failed.isEmpty ? "refreshing…" : "refreshing, retrying \(failed.count) failed…")
        fetchTops(newest: model.newestBySource)
    }

    /// Fetches what is new at the top of the sources in `newest` (each down to the newest time it has
    /// shown) in a side task; what it finds comes back as a requested refresh, which ends `refreshing`.
    func fetchTops(newest: [Int: Timestamp]) {
        refreshing = true
        let sources = context.sources
        let limit = context.settings.refreshPageLimit
        let events = context.events
        sideJobs.append {
            let report = await RefreshReport.fetch(sources: sources, newest: newest, pageLimit: limit)
            events.yield(.refreshed(report, requested: true))
        }
    }

    /// Makes failed sources load again from where they failed (`r`, or their automatic retry).
    func retry(_ failed: [Int], statuses: [SourceStatus]) {
        guard !failed.isEmpty else { return }
        for index in failed where statuses.indices.contains(index) {
            outcome.retried[statuses[index].name] = (
                statuses[index].lastError?.message ?? "", statuses[index].pagesLoaded
            )
        }
        context.pump.yield(.retry(failed))
    }

    /// Brings the automatic retries up to date after an event: schedules new failures, retries the
    /// sources whose time has come, and asks for a wake-up at the next retry. Returns whether the
    /// prompt should change.
    func scheduleRetries() -> Bool {
        let now = clock.now
        let statuses = currentStatuses
        var changed = retrySchedule.observe(statuses, now: now, random: Double.random(in: 0..<1))
        let due = retrySchedule.takeDue(now: now)
        if !due.isEmpty {
            retry(due, statuses: statuses)
            changed = true
        }
        if let next = retrySchedule.nextDue, retryTimer.map({ next < $0 }) ?? true {
            retryTimer = next
            let events = context.events
            sideJobs.append {
                try? await Task.sleep(until: next, clock: .continuous)
                events.yield(.retryDue)
            }
        }
        return changed
    }

    /// Asks for a `.tick` in a second while a source set aside is waited for, so that the prompt's
    /// `news waiting 12s` counts up.
    func scheduleTick() {
        guard !tickPending, currentStatuses.contains(where: \.isSetAside) else { return }
        tickPending = true
        let events = context.events
        sideJobs.append {
            try? await Task.sleep(for: .seconds(1))
            events.yield(.tick)
        }
    }

    /// What a refresh found, from `r` (`requested`) or from a refresh outside the reader (`RefreshInbox`):
    /// the new items wait above the list, announced in the prompt (`7 new — g`), never pushed into the
    /// page being read. `r` also says what it found; failures go to `s` either way.
    func receiveFresh(_ report: RefreshReport, requested: Bool) {
        if requested { refreshing = false }
        for failure in report.failures { refreshErrors[failure.source] = failure.message }
        let before = model.freshCount
        let waiting = model.holdFresh(report.items)
        guard requested else {
            if waiting != before { redrawPromptIfIdle() }
            return
        }
        refreshErrors = refreshErrors.filter { name, _ in report.failures.contains { $0.source == name } }
        var line = StyledLine()
        line.appendSafe(waiting == before ? "nothing new" : "found \(waiting - before) new")
        for failure in report.failures {
            line.appendSafe("; ")
            line.append(UntrustedText(failure.source))
            line.appendSafe(" failed: ")
            line.append(UntrustedText(String(failure.message.prefix(60))))
        }
        message = line
        redrawPromptIfIdle()
    }

    /// Item `number` as numbered on screen; when there is none, says so (and which numbers there are).
    func item(_ number: Int) -> MergedItem? {
        guard let merged = model.item(number: number) else {
            sayNoItem(number)
            return nil
        }
        return merged
    }

    /// Says there is no item `number`, and which numbers there are.
    func sayNoItem(_ number: Int) {
        let count = model.items.count
        say(count == 0 ? "no item \(number): no items yet" : "no item \(number): items are 1–\(count)")
    }
}
