/// The bounds every store keeps to, whatever its backend: a call past one throws `invalidArgument`.
package enum StoreLimits {
    /// Items accepted in one committed page.
    package static let maxItemsPerPage = 10_000
    /// Items one page of stored items (`Store.items`) holds at most.
    package static let maxReadPageSize = 1_000
    /// Keys accepted by one `markRead` or `readStates` call.
    package static let maxKeysPerCall = 1_000_000
    /// Entry ids accepted by one `firstSeen` call, and heads by one `feedValidators` call.
    package static let maxEntriesPerCall = 10_000
    /// Read marks kept per source by default.
    package static let defaultMarksPerSource = 200_000
    /// How long after it was read from the network a stored page may stand in for it in a resumed export
    /// (`--after`): a resume soon after the run it continues gets the pages that run read as they were.
    package static let pageFreshness: Duration = .seconds(600)
}
