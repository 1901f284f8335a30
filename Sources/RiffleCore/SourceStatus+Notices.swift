extension SourceStatus {
    /// What the user should know about a source that did not stop it, one phrase each, worded once for
    /// every place that reports it (export's `riffle: warning:` lines, `riffle sources`, the reader's
    /// `s`): skipped items with the first reason, items out of order with the first one, and an early
    /// stop with its reason. Empty when there is nothing to say. Untrusted text: sanitize before showing.
    package var notices: [String] {
        var notices: [String] = []
        if skippedItems > 0 {
            notices.append(
                "\(Counted(skippedItems, "item")) skipped" + (firstSkipReason.map { " (first: \($0))" } ?? ""))
        }
        if lateItems > 0 {
            notices.append(
                "\(Counted(lateItems, "item")) out of order" + (firstLateItem.map { " (first: \($0))" } ?? ""))
        }
        if let stoppedEarly { notices.append("stopped early: \(stoppedEarly)") }
        if let restarted { notices.append(restarted) }
        notices += unmatchedPaths
        return notices
    }
}
