import RiffleCore

/// The reader's own lines besides items: the prompt, the status screen (`s`) and help (`?`). Pure
/// functions of what they show, so tests check them without a terminal.
enum ReaderScreens {
    /// The prompt: a message if any, the position (`41–60`), the filter, every source's state, the keys.
    /// While a page is awaited it names the sources still loading instead of the position. A failed
    /// source with an automatic retry pending says when (`failed, retrying in 8s`): `retryWaits` by source.
    static func prompt(
        model: ReaderModel, statuses: [SourceStatus], message: StyledLine?, waiting: Bool, width: Int,
        retryWaits: [Int: Duration] = [:]
    ) -> StyledLine {
        var line = StyledLine()
        if let message {
            for segment in message.segments { line.appendSafe(segment.text, style: segment.style) }
            line.appendSafe("  ")
        }
        if waiting {
            let loading = statuses.filter { $0.state == .fetching || $0.state == .waiting }.map(\.name)
            line.appendSafe("fetching", style: .reverse)
            if !loading.isEmpty {
                line.appendSafe(" from ")
                for (index, name) in loading.enumerated() {
                    if index > 0 { line.appendSafe(", ") }
                    line.append(UntrustedText(name), style: Palette.color(forSource: name))
                }
            }
            line.appendSafe("…")
        } else if let range = model.pageRange {
            line.appendSafe("\(range.lowerBound)–\(range.upperBound)", style: .reverse)
            if model.feedFinished && range.upperBound == model.viewCount { line.appendSafe(" (end)") }
        } else {
            line.appendSafe(model.filter == nil ? "no items" : "no matches", style: .reverse)
        }
        if let filter = model.filter {
            line.appendSafe(" /")
            line.append(UntrustedText(filter))
            if model.filterSearchPaused { line.appendSafe(" (searched \(model.pulled); Enter searches on)") }
        }
        line.appendSafe("  ")
        for (index, status) in statuses.enumerated() {
            if index > 0 { line.appendSafe(" · ") }
            line.append(UntrustedText(status.name), style: Palette.color(forSource: status.name))
            line.appendSafe(" " + stateWord(status))
            if status.lastError != nil, let wait = retryWaits[index] {
                line.appendSafe(", retrying in \(waitWord(wait))")
            }
        }
        line.appendSafe("  Enter b g / o N r s ? q", style: .dim)
        return line.fitted(to: width)
    }

    /// One word for a source's state: `fetching` (nothing from it yet), `42` (items pulled so far),
    /// `42 done`, `failed`. Loads running ahead in the background are not called out: the status
    /// snapshot only moves when the merge is pulled, and the waiting prompt names the loading sources.
    static func stateWord(_ status: SourceStatus) -> String {
        switch status.state {
        case .fetching, .waiting: return status.itemsEmitted == 0 ? "fetching" : "\(status.itemsEmitted)"
        case .ready: return "\(status.itemsEmitted)"
        case .done: return "\(status.itemsEmitted) done"
        case .failed: return "failed"
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
            let state: String
            switch status.state {
            case .waiting: state = "waiting"
            case .fetching: state = "fetching"
            case .ready: state = "ready"
            case .done: state = "done"
            case .failed: state = "failed"
            }
            line.appendSafe(
                ": \(state) · \(status.itemsEmitted) items · \(status.pagesLoaded) pages · \(status.lateItems) late"
                    + " · \(status.skippedItems) skipped · \(status.duplicates) duplicates")
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
        return lines
    }

    static let helpText = [
        "Enter, Space  next page            b  previous page      g  first page",
        "/text         show only items containing text (case-insensitive); / alone shows all",
        "o N           open item N's URL in $BROWSER or xdg-open (http and https only)",
        "r             fetch what is new at the top of every source, and retry failed ones",
        "s             each source's status and last error",
        "?             this help            q  quit",
    ]

    static func help(width: Int) -> [StyledLine] {
        helpText.map { text in
            var line = StyledLine()
            line.appendSafe(text)
            return line.fitted(to: width)
        }
    }
}
