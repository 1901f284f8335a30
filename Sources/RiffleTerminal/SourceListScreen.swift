import RiffleCore

/// The sources view (`l`): one line per source, numbered in configuration order, fitted to the width as
/// the item list is — name, type, unread and stored counts, what it is doing, its last refresh, when it
/// is tried next, and its last error. Numbers typed on it act on a source: `3` opens its items, `m 3`
/// marks it read, `r 3` retries it (or fetches what is new at its top). A pure function of what it shows.
///
///      1 rocket    gitlab  *12 unread   221 stored  idle     refreshed 5m ago  next on r
///      2 news      feed      0 unread    20 stored  failed   refreshed 1h ago  retry in 8s  error: …
enum SourceListScreen {
    /// What one line shows.
    struct Row: Sendable {
        var status: SourceStatus
        var type: String
        var unread: Int
        /// What the store knows; nil without a store, or when it holds nothing of the source.
        var stored: StoredSourceFact?
        /// When its automatic retry comes (failed sources only).
        var retryIn: Duration?
        /// How long a source set aside has been waited for.
        var wait: ReaderScreens.Wait?
        /// What `r` last met for it, when that failed.
        var refreshError: String?

        init(
            status: SourceStatus, type: String, unread: Int, stored: StoredSourceFact? = nil, retryIn: Duration? = nil,
            wait: ReaderScreens.Wait? = nil, refreshError: String? = nil
        ) {
            self.status = status
            self.type = type
            self.unread = unread
            self.stored = stored
            self.retryIn = retryIn
            self.wait = wait
            self.refreshError = refreshError
        }
    }

    /// The view's lines: a heading with the keys, then a line per source. `storeInUse` says whether
    /// stored counts exist at all (`not stored` otherwise).
    static func lines(rows: [Row], storeInUse: Bool, now: Timestamp, width: Int) -> [StyledLine] {
        var heading = StyledLine()
        heading.appendSafe("sources", style: .reverse)
        heading.appendSafe("  N open its items · m N mark it read · r N retry or refresh it · q back", style: .dim)
        var lines = [heading.fitted(to: width)]
        let numberWidth = String(rows.count).count
        let names = rows.map { UntrustedText($0.status.name).terminalText }
        let nameWidth = min(20, names.map(DisplayWidth.of).max() ?? 1)
        let typeWidth = min(16, rows.map { DisplayWidth.of(UntrustedText($0.type).terminalText) }.max() ?? 1)
        let unreadWidth = String(rows.map(\.unread).max() ?? 0).count
        let storedWidth = String(rows.map { $0.stored?.stored ?? 0 }.max() ?? 0).count
        for (index, row) in rows.enumerated() {
            var line = StyledLine()
            line.appendSafe(pad(String(index + 1), numberWidth, left: true) + " ", style: .dim)
            let name = row.status.name
            line.append(UntrustedText(fit(names[index], nameWidth)), style: Palette.color(forSource: name))
            line.appendSafe(" " + pad("", nameWidth - DisplayWidth.of(fit(names[index], nameWidth))))
            let type = fit(UntrustedText(row.type).terminalText, typeWidth)
            line.appendSafe(type + pad("", typeWidth - DisplayWidth.of(type)) + "  ", style: .dim)
            let count = (row.unread > 0 ? "*" : "") + String(row.unread)
            line.appendSafe(
                pad(count, unreadWidth + 1, left: true) + " unread", style: row.unread > 0 ? .bold : .plain)
            if storeInUse {
                line.appendSafe("  " + pad(String(row.stored?.stored ?? 0), storedWidth, left: true) + " stored")
            } else {
                line.appendSafe("  not stored")
            }
            let doing =
                row.status.isSetAside ? ReaderScreens.waitingWords(row.wait) : ReaderScreens.activityWord(row.status)
            line.appendSafe("  " + pad(doing, 8), style: row.status.lastError != nil ? .bold : .plain)
            if storeInUse {
                line.appendSafe(
                    "  "
                        + (row.stored?.lastRefresh.map { "refreshed " + RelativeTime.ago($0, now: now) }
                            ?? "never refreshed"))
            }
            if row.status.lastError != nil, let wait = row.retryIn {
                line.appendSafe("  retry in " + ReaderScreens.waitWord(wait))
            } else {
                line.appendSafe("  next on r", style: .dim)
            }
            if let error = row.status.lastError?.message ?? row.refreshError ?? row.stored?.lastFailure {
                line.appendSafe("  error: ", style: .dim)
                line.append(UntrustedText(String(error.prefix(200))))
            }
            lines.append(line.fitted(to: width))
        }
        return lines
    }

    /// The prompt while the view is on screen: `sources 1–6  N open · m N read · r N retry · q back`.
    static func prompt(count: Int, message: StyledLine?, width: Int) -> StyledLine {
        var head = StyledLine()
        if let message {
            head.append(message)
            head.appendSafe("  ")
        }
        head.appendSafe(count == 0 ? "no sources" : "sources 1–\(count)", style: .reverse)
        for legend in ["N open · m N read · r N retry · q back", "N · m N · r N · q"]
        where head.width + 2 + legend.count <= width {
            head.appendSafe("  ")
            head.appendSafe(legend, style: .dim)
            return head
        }
        return head.fitted(to: width)
    }

    static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let room = max(0, width - DisplayWidth.of(text))
        let spaces = String(repeating: " ", count: room)
        return left ? spaces + text : text + spaces
    }

    /// `text` cut to `width` columns with `…`.
    static func fit(_ text: String, _ width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var line = StyledLine()
        line.appendSafe(text)
        return line.fitted(to: width).plainText
    }
}
