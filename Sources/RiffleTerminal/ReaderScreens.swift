import RiffleCore

/// The reader's own lines besides items: the prompt, the status screen (`s`) and help (`?`). Pure
/// functions of what they show, so tests check them without a terminal.
enum ReaderScreens {
    /// How long a source set aside (`SourceStatus.isSetAside`) has been waited for, and its HTTP attempt
    /// (0 before the first is sent) of how many: `news waiting 12s (attempt 2 of 4)`.
    struct Wait: Sendable, Hashable {
        var waited: Duration
        var attempt = 0
        var attempts = 0
    }

    /// The prompt: a message if any, the position (`41–60`), what a refresh found (`7 new — g`), the
    /// filters in force, every source's unread count and state, then the keys. While a page is awaited
    /// it names the sources still loading instead of the position. A failed source with an automatic
    /// retry pending says when (`failed, retrying in 8s`): `retryWaits` by source; `unread` by name.
    ///
    /// It always fits `width`, and keeps the keys a person needs to move on (`essentialKeys`): the sources'
    /// part is shortened until they fit (`done` dropped, then sources with nothing unread and nothing to
    /// report, then a total), the rarer keys take what room is left, and only then is the front cut, with
    /// `…`. On a line under 42 columns the essential keys go too, `?` last.
    static func prompt(
        model: ReaderModel, statuses: [SourceStatus], message: StyledLine?, waiting: Bool, width: Int,
        retryWaits: [Int: Duration] = [:], unread: [String: Int] = [:], slowWaits: [Int: Wait] = [:]
    ) -> StyledLine {
        var head = StyledLine()
        if let message {
            head.append(message)
            head.appendSafe("  ")
        }
        if waiting {
            let loading = statuses.filter { $0.state == .fetching || $0.state == .waiting }.map(\.name)
            head.appendSafe("fetching", style: .reverse)
            if !loading.isEmpty {
                head.appendSafe(" from ")
                for (index, name) in loading.enumerated() {
                    if index > 0 { head.appendSafe(", ") }
                    head.append(UntrustedText(name), style: Palette.color(forSource: name))
                }
            }
            head.appendSafe("…")
        } else if let range = model.pageRange {
            head.appendSafe("\(range.lowerBound)–\(range.upperBound)", style: .reverse)
            if model.feedFinished && range.upperBound == model.viewCount { head.appendSafe(" " + endWords(statuses)) }
        } else {
            let onlyUnread = model.unreadOnly && model.filter == nil && model.sourceFilter == nil
            head.appendSafe(
                onlyUnread ? "no unread items" : model.isFiltered ? "no matches" : "no items", style: .reverse)
        }
        if model.freshCount > 0 { head.appendSafe("  \(model.freshCount) new — g", style: .bold) }
        if let filter = model.filter {
            head.appendSafe(" /")
            head.append(UntrustedText(filter))
        }
        if let shown = model.sourceFilter {
            head.appendSafe(" f ")
            let names = statuses.indices.filter { shown.contains($0) }.map { statuses[$0].name }
            for (index, name) in names.enumerated() {
                if index > 0 { head.appendSafe(",") }
                head.append(UntrustedText(name), style: Palette.color(forSource: name))
            }
        }
        if model.unreadOnly { head.appendSafe(" unread only", style: .bold) }
        if model.filterSearchPaused { head.appendSafe(" (searched \(model.pulled); Enter searches on)") }

        var body = head
        for detail in SourceDetail.allCases {
            body = head
            body.appendSafe("  ")
            body.append(
                sourcesPart(statuses, unread: unread, retryWaits: retryWaits, slowWaits: slowWaits, detail: detail))
            let room = width - body.width - 2
            if room >= essentialKeysWidth {
                body.appendSafe("  ")
                body.append(legend(fitting: room))
                return body
            }
        }
        let smallest = legend(fitting: min(essentialKeysWidth, width / 2))
        var line = body.fitted(to: max(1, width - smallest.width - 2))
        line.appendSafe("  ")
        line.append(smallest)
        return line.fitted(to: width)
    }

    /// How much the prompt says about each source, from most to least.
    enum SourceDetail: CaseIterable {
        /// `rocket *12 · launches done · broken failed, retrying in 8s`
        case full
        /// Without `done`.
        case withoutDone
        /// Only the sources with unread items or a state to report; `all read` when none.
        case notable
        /// The same, apart by spaces only.
        case compact
        /// The unread total (`*41`) and the failed sources.
        case total
    }

    /// The end of the list: `(end)` once every source has ended, else what could not be read and that `r`
    /// retries it (`(news could not be read; r retries)`).
    static func endWords(_ statuses: [SourceStatus]) -> String {
        let failed = statuses.filter { $0.lastError != nil }.map { UntrustedText($0.name).terminalText }
        guard !failed.isEmpty else { return "(end)" }
        return "(" + failed.prefix(3).joined(separator: ", ")
            + (failed.count > 3 ? " and \(failed.count - 3) more" : "")
            + " could not be read; r retries)"
    }

    /// What a source set aside says: `waiting 12s (attempt 2 of 4)`.
    static func waitingWords(_ wait: Wait?) -> String {
        guard let wait else { return "waiting" }
        var words = "waiting \(waitWord(wait.waited))"
        if wait.attempt > 0 { words += " (attempt \(wait.attempt) of \(max(wait.attempt, wait.attempts)))" }
        return words
    }

    static func sourcesPart(
        _ statuses: [SourceStatus], unread: [String: Int], retryWaits: [Int: Duration], slowWaits: [Int: Wait] = [:],
        detail: SourceDetail
    ) -> StyledLine {
        var line = StyledLine()
        func separate() { if !line.segments.isEmpty { line.appendSafe(detail == .compact ? " " : " · ") } }
        if detail == .total {
            let total = statuses.reduce(0) { $0 + (unread[$1.name] ?? 0) }
            line.appendSafe(total > 0 ? "*\(total)" : "all read")
            for (index, status) in statuses.enumerated() where status.lastError != nil || status.isSetAside {
                separate()
                line.append(UntrustedText(status.name), style: Palette.color(forSource: status.name))
                line.appendSafe(status.isSetAside ? " " + waitingWords(slowWaits[index]) : " failed")
            }
            return line
        }
        for (index, status) in statuses.enumerated() {
            let count = unread[status.name] ?? 0
            var word = status.isSetAside ? waitingWords(slowWaits[index]) : stateWord(status)
            if word == "done" && detail != .full { word = "" }
            if (detail == .notable || detail == .compact) && count == 0 && word.isEmpty { continue }
            separate()
            line.append(UntrustedText(status.name), style: Palette.color(forSource: status.name))
            if count > 0 { line.appendSafe(" *\(count)", style: .bold) }
            if !word.isEmpty { line.appendSafe(" " + word) }
            if status.lastError != nil, let wait = retryWaits[index] {
                line.appendSafe(", retrying in \(waitWord(wait))")
            }
        }
        if line.segments.isEmpty { line.appendSafe("all read") }
        return line
    }

    /// The keys, in the order shown, and which stay first when the prompt is short of room.
    static let legendKeys = ["Enter", "b", "g", "n", "u", "/", "f", "l", "v N", "o N", "r", "A", "s", "?", "q"]
    static let legendPriority = ["?", "q", "Enter", "b", "v N", "o N", "r", "g", "n", "u", "l", "/", "f", "A", "s"]
    /// The keys that always show from 42 columns on: moving on, reading, opening, refreshing, help, quit.
    static let essentialKeys = ["?", "q", "Enter", "b", "v N", "o N", "r"]
    /// Columns the essential keys take, apart by spaces.
    static let essentialKeysWidth = essentialKeys.reduce(-1) { $0 + 1 + $1.count }

    /// As many whole keys as fit in `columns`, taken in order of use (`?` first, at least that one),
    /// shown in their usual order.
    static func legend(fitting columns: Int) -> StyledLine {
        var kept: Set<String> = []
        var used = -1
        for key in legendPriority {
            guard used + 1 + key.count <= columns || kept.isEmpty else { break }
            kept.insert(key)
            used += 1 + key.count
        }
        var line = StyledLine()
        line.appendSafe(legendKeys.filter(kept.contains).joined(separator: " "), style: .dim)
        return line
    }

    /// A word for a source's state when it says something the unread count does not: `fetching`
    /// (nothing from it yet), `done` (it has no more), `failed`; empty while it is ready or loading
    /// more. Loads running ahead in the background are not called out: the waiting prompt names the
    /// sources a page waits for.
    static func stateWord(_ status: SourceStatus) -> String {
        switch status.state {
        case .fetching, .waiting: return status.itemsEmitted == 0 ? "fetching" : ""
        case .ready: return ""
        case .done: return "done"
        case .failed: return "failed"
        }
    }

    /// What a source is doing, for `s`: `fetching` while a load is in flight (a source set aside
    /// included), `done` once paging has stopped (its last items may still be on their way to the
    /// screen), `failed`, else `idle` — pages held or none asked for yet, no load running.
    static func activityWord(_ status: SourceStatus) -> String {
        if status.isSetAside { return "fetching" }
        switch status.state {
        case .fetching: return "fetching"
        case .failed: return "failed"
        case .done: return "done"
        case .waiting, .ready: return status.stopReason == nil ? "idle" : "done"
        }
    }

    /// A wait in whole seconds rounded up (`8s`), or minutes and seconds from a minute on (`2m05s`).
    static func waitWord(_ wait: Duration) -> String {
        let seconds = max(0, Int(wait.seconds.rounded(.up)))
        guard seconds >= 60 else { return "\(seconds)s" }
        let rest = seconds % 60
        return "\(seconds / 60)m" + (rest == 0 ? "" : (rest < 10 ? "0" : "") + "\(rest)s")
    }

    /// `s`: a line per source with its counts, then indented: its warnings (skipped items with the first
    /// reason, items out of order, an early stop: `SourceStatus.notices`), what the server said with
    /// usable data, and errors.
    static func status(_ statuses: [SourceStatus], refreshErrors: [String: String], width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for status in statuses {
            var line = StyledLine()
            line.append(UntrustedText(status.name), style: Palette.color(forSource: status.name))
            line.appendSafe(
                ": \(activityWord(status)) · \(Counted(status.itemsEmitted, "item")) · \(Counted(status.pagesLoaded, "page"))"
                    + " · \(status.lateItems) late · \(status.skippedItems) skipped"
                    + " · \(Counted(status.duplicates, "duplicate"))")
            if let reason = status.stopReason { line.appendSafe(" · stopped: \(reason)") }
            lines.append(line.fitted(to: width))
            var details: [(String, String)] = []
            // The same words as export's `riffle: warning:` lines and `riffle sources`.
            for notice in status.notices { details.append(("warning", notice)) }
            for warning in status.warnings { details.append(("server said", warning)) }
            if let error = status.lastError { details.append(("last error", error.message)) }
            if let error = refreshErrors[status.name] { details.append(("refresh error", error)) }
            for (label, text) in details {
                var detail = StyledLine()
                detail.appendSafe("    \(label): ", style: .dim)
                detail.append(UntrustedText(text))
                lines.append(detail.fitted(to: width))
            }
        }
        if statuses.contains(where: { $0.lateItems > 0 }) {
            var note = StyledLine()
            note.appendSafe(lateExplanation, style: .dim)
            lines += note.wrapped(to: width)
        }
        return lines
    }

    static let lateExplanation =
        "late: items a source listed after newer ones (it is not sorted newest first); each stands where it"
        + " came, marked ~ and its title not bold"

    /// Every key, the markers and the prompt; each line fits 80 columns.
    static let helpText = [
        "Enter, Space  next page        b  previous page        g  first page, new items",
        "n             the next page with an unread item",
        "u             only unread items, or every item again (reader.unread_only: true)",
        "/text         only items with text in title, author, tags, source; / alone: all",
        "f NAME…       only these sources (names apart by spaces); f alone: every source",
        "l             the sources: unread and stored counts, state, refreshes, errors;",
        "              there N opens source N's items, m N marks it read, r N retries it",
        "v N           item N in full: time, URL, tags, extras, enclosures, its article",
        "              or summary; links as text[3], listed at its end (Enter pages on)",
        "o N           open item N's URL in $BROWSER or xdg-open (http and https only)",
        "o N.M         link M of item N's article     e N, e N.M  its first (M-th) file",
        "r             fetch what is new at the top of every source, retry failed ones;",
        "              what it finds waits above the list (\"7 new — g\"); g shows it",
        "A             mark everything read   m N  mark source N read (numbered as in l)",
        "s             each source's status (idle, fetching, done, failed), last error",
        "?             this help              q  quit",
        "",
        "*  an unread item; an item shown on a screen becomes read",
        "~  a late item: its source listed it after newer ones (it is not sorted newest",
        "   first), so it stands where it came; its title is not bold",
        "The prompt: the items shown, then each source with its unread count (*12) and",
        "fetching, done or failed; then the keys (fewer when the line is short).",
    ]

    static func help(width: Int) -> [StyledLine] {
        helpText.map { text in
            var line = StyledLine()
            line.appendSafe(text)
            return line.fitted(to: width)
        }
    }
}
