package import RiffleCore

/// What the store holds for one source, for `riffle sources`.
package struct SourceSummary: Sendable, Hashable {
    package var name: String
    /// The adapter type last written for it (empty when only read marks were ever written).
    package var type: String
    package var itemCount: Int
    package var unreadCount: Int
    /// When the last refresh ended, and how; `nil` when never refreshed.
    package var lastRefresh: Timestamp?
    package var lastOutcome: RefreshOutcome?
    package var position: SourcePosition?

    package init(
        name: String, type: String, itemCount: Int, unreadCount: Int, lastRefresh: Timestamp?,
        lastOutcome: RefreshOutcome?, position: SourcePosition?
    ) {
        self.name = name
        self.type = type
        self.itemCount = itemCount
        self.unreadCount = unreadCount
        self.lastRefresh = lastRefresh
        self.lastOutcome = lastOutcome
        self.position = position
    }
}
