public import RiffleCore

/// What the store holds for one source, for `riffle sources`.
public struct SourceSummary: Sendable, Hashable {
    public var name: String
    /// The adapter type last written for it (empty when only read marks were ever written).
    package var type: String
    public var itemCount: Int
    public var unreadCount: Int
    /// When the last refresh ended, and how; `nil` when never refreshed.
    public var lastRefresh: Timestamp?
    public var lastOutcome: RefreshOutcome?
    package var position: SourcePosition?

    init(
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
